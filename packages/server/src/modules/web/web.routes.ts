import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { WebConfig } from '@geoportal/contract/web-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRouteNotFound } from '../../http/error-handler.js';

/** Where `react-router build` put the web application. */
export interface WebBuildLocation {
  /** Folder with `client/` (static files) and `server/index.js` (the renderer). */
  dir: string;
}

/** The server build of the web app, as far as this module uses it. */
interface ServerBuild {
  entry: { module: WebEntryModule };
}

type RequestHandler = (request: Request, loadContext: unknown) => Promise<Response>;

/** What the web build's server entry exports besides the renderer (see entry.server.tsx). */
interface WebEntryModule {
  createLoadContext(config: WebConfig, request: { nonce: string }): unknown;
  createRequestHandler(build: ServerBuild, mode: string): RequestHandler;
}

const oneYear = 365 * 24 * 3600;

/**
 * Serves the built web application: fingerprinted files from `client/` with long caching,
 * and every other GET/HEAD outside the API rendered on the server by React Router.
 */
export async function registerWebApp(
  app: FastifyInstance,
  location: WebBuildLocation,
  webConfig: WebConfig,
) {
  const serverFile = path.join(location.dir, 'server', 'index.js');
  const clientDir = path.join(location.dir, 'client');
  if (!existsSync(serverFile) || !existsSync(clientDir)) {
    throw new Error(
      `The web application is not built (missing ${serverFile}). Run "npm run build".`,
    );
  }
  const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
  const entry = build.entry.module;
  const handleRequest = entry.createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build's brotli and gzip copies (packages/web/scripts/precompress.mjs) go out as they
    // are: smaller than compressing per request, and no compression work for the server.
    preCompressed: true,
    setHeaders(res, filePath) {
      const fingerprinted = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      res.header(
        'cache-control',
        fingerprinted ? `public, max-age=${oneYear}, immutable` : 'public, max-age=3600',
      );
    },
  });

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await handleRequest(
      toWebRequest(request, reply),
      entry.createLoadContext(webConfig, { nonce: reply.scriptNonce }),
    );
    return sendWebResponse(reply, response);
  };
  app.get('/*', render);
  await app.register(pageFormPosts);
}

/** Form encodings a browser sends a plain `<form method="post">` in. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * A page's form sent by the browser itself, before the page's scripts started (they send
 * forms as API calls; the login and password forms post, so that a password never goes into
 * an address): answered with the page again, a 303 to its own address, where the person tries
 * again once the page has come to life. The form's content is never read. Any other POST
 * outside the services is a JSON 404, as before.
 */
async function pageFormPosts(pages: FastifyInstance) {
  // Every body is left unread here (a form's, and whatever else comes to an unknown address).
  pages.removeAllContentTypeParsers();
  pages.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  pages.post('/*', async (request, reply) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (!type || !FORM_TYPES.includes(type)) return sendRouteNotFound(request, reply);
    const url = new URL(request.url, 'http://page');
    // The page's own path: never `//host`, which a browser would read as another site.
    const location = `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
    return reply.redirect(location, 303);
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  const raw = request.raw.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2)
    headers.append(raw[i] as string, raw[i + 1] as string);
  // Stop rendering when the visitor goes away.
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
