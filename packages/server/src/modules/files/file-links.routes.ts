import { ErrorBody } from '@geoportal/contract/errors';
import { BearerToken } from '@geoportal/contract/files';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileRow } from '../../db/schema.js';
import { bundleParams } from './bundle-params.js';
import { streamBundleZip } from './bundle-zip.js';
import { loadVisibleBundle } from './file.service.js';
import { sendFile } from './file-download.js';
import {
  bundleFiles,
  issueBearerToken,
  type Link,
  openLinkedBundle,
  openLinkedFile,
} from './file-links.service.js';
import { contentDisposition } from './media-type.js';
import type { BlobStore } from './store.js';

const tags = ['files'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

// Any string: a malformed token is the same 403 as a wrong one, not a 400 telling them apart.
const linkParams = bundleParams.extend({
  token: z.string().describe('The bearer token, or the access key secret `<id>.<secret>`'),
});
const linkFileParams = linkParams.extend({
  '*': z.string().describe('The file path inside the bundle, URL-encoded; may contain /'),
});
type BundleParams = { id: string; bundle: string };
type LinkParams = BundleParams & { token: string };
type LinkFileParams = LinkParams & { '*': string };

/** The ZIP is the bundle's own URL with `?format=zip`; the query leaves room for others. */
const zipQuery = z.object({
  format: z.literal('zip').describe('`zip`: the whole bundle as one ZIP, streamed'),
});

const fileResponses = {
  200: z.any().describe('The file’s bytes'),
  206: z.any().describe('One range of the file'),
  304: z.undefined(),
  ...errors,
  416: ErrorBody,
};
const zipResponses = {
  200: z.any().describe('application/zip, streamed (no Content-Length)'),
  ...errors,
};

/** The two link kinds and how their URLs start. */
const linkKinds = [
  {
    kind: 'bearer',
    summary: 'signed bearer URL',
    description:
      'The token comes from `POST /object/{id}/{bundle}/bearer` and is valid for 10 minutes, ' +
      'while its issuer may still read the bundle. Headers of the request (AccessToken, ' +
      'X-Access-Key) are ignored. A wrong, expired, tampered or foreign token is 403 ' +
      '`file.token_invalid`. `Cache-Control: private, max-age` never outlives the token.',
  },
  {
    kind: 'accesskey',
    summary: 'access-key URL',
    description:
      'The token is an access key secret (`<id>.<secret>`) of this record: the checks of ' +
      '`X-Access-Key` (read or write key, active, not expired; a hidden bundle only with a ' +
      'write key). A wrong key is 403 `file.token_invalid`. Headers of the request are ignored.',
  },
] as const;

function toLink(kind: 'bearer' | 'accesskey', token: string): Link {
  return kind === 'bearer' ? { kind, token } : { kind, secret: token };
}

/** What is left of a bearer token's life, in ms, for the request that presented it. */
const tokenLife = new WeakMap<FastifyRequest, number>();

/**
 * Link URLs carry a credential: never pass them on as a referrer (a page that embeds an
 * image, or an HTML attachment, must not leak the URL onwards). A file answered through a
 * bearer token may be reused by the browser without asking again (`private, max-age`), but
 * never past the token's expiry. Runs before the headers go out, also for streamed bodies.
 */
const linkHeaders: onSendHookHandler = async (request, reply, payload) => {
  reply.header('referrer-policy', 'no-referrer');
  const life = tokenLife.get(request);
  if (life !== undefined && reply.statusCode < 400) {
    reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor(life / 1000))}`);
  }
  return payload;
};

/**
 * Starts a bundle's ZIP: `Content-Disposition: attachment; filename="<bundle>.zip"`; HEAD
 * answers the headers only. Not cached: a ZIP has no validator of its own.
 */
function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  store: BlobStore,
  bundle: string,
  files: FileRow[],
) {
  reply
    .type('application/zip')
    .header('content-disposition', contentDisposition('attachment', `${bundle}.zip`))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'");
  if (request.method === 'HEAD') return reply.send();
  return reply.send(streamBundleZip(store, files, request.log));
}

/**
 * Links to files that carry their own credential, and bundle ZIPs (Files issue points 3, 4):
 * `POST /object/{id}/{bundle}/bearer`, `/object/bearer-{id}/{bundle}/{token}/{path}`,
 * `/object/accesskey-{id}/{bundle}/{token}/{path}`, and each bundle URL without a path plus
 * `?format=zip`. A child of the files routes. The `bearer-` and `accesskey-` prefixes are
 * static text in the router, so they win over `/object/{id}/…`; object ids are random
 * base64url (22 characters) and never start with them.
 */
export const fileLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/object/:id/:bundle/bearer',
    {
      schema: {
        tags,
        security,
        summary: 'Issue a short-lived signed URL prefix for the bundle’s files',
        description:
          'For players and image tags that cannot send headers. Needs read access to the bundle ' +
          '(a hidden bundle: write access), by sign-in, `X-Access-Key` or because the record is ' +
          'public. Append an encoded file path to `prefix`; the prefix without its trailing / ' +
          'plus `?format=zip` is the ZIP. Valid for 10 minutes and only while the issuer may ' +
          'still read the bundle.',
        params: bundleParams,
        response: { 200: BearerToken, ...errors },
      },
    },
    async (request) => {
      const { id, bundle } = request.params;
      const issued = await issueBearerToken(request.ctx, id, bundle);
      return {
        token: issued.token,
        expires: issued.expires.toISOString(),
        prefix: `${request.ctx.config.apiBase}/object/bearer-${id}/${bundle}/${issued.token}/`,
      };
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/object/:id/:bundle',
    schema: {
      tags,
      security,
      summary: 'Download the whole bundle as one ZIP (`?format=zip`)',
      description:
        'Streamed while it is built; entry names are the stored paths. The same checks as a ' +
        'file download (a hidden bundle only for those who may write the record). A ZIP has ' +
        'its own URL form rather than `…/{bundle}/zip`, which is the download URL of a file ' +
        'named `zip`.',
      params: bundleParams,
      querystring: zipQuery,
      response: zipResponses,
    },
    handler: async (request, reply) => {
      const { id, bundle } = request.params as BundleParams;
      await loadVisibleBundle(request.ctx, id, bundle);
      const files = await bundleFiles(request.ctx.db, id, bundle);
      return sendZip(request, reply, request.ctx.store, bundle, files);
    },
  });

  for (const link of linkKinds) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/object/${link.kind}-:id/:bundle/:token/*`,
      // The stored bytes as they are: length, ranges and the ETag are the file's.
      compress: false,
      onSend: linkHeaders,
      schema: {
        tags,
        summary: `Download a file through a ${link.summary}`,
        description: `${link.description} Otherwise the same answer as a plain download.`,
        params: linkFileParams,
        response: fileResponses,
      },
      handler: async (request, reply) => {
        const params = request.params as LinkFileParams;
        const { now } = request.ctx;
        const { file, expires } = await openLinkedFile(
          request.ctx,
          params.id,
          params.bundle,
          params['*'],
          toLink(link.kind, params.token),
        );
        if (expires !== undefined) tokenLife.set(request, expires * 1000 - now.getTime());
        // Link URLs are never public: the URL itself is a credential.
        return sendFile(request, reply, request.ctx.store, file, { publicAccess: false });
      },
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: `/object/${link.kind}-:id/:bundle/:token`,
      onSend: linkHeaders,
      schema: {
        tags,
        summary: `Download the whole bundle as one ZIP through a ${link.summary} (\`?format=zip\`)`,
        description: link.description,
        params: linkParams,
        querystring: zipQuery,
        response: zipResponses,
      },
      handler: async (request, reply) => {
        const params = request.params as LinkParams;
        await openLinkedBundle(
          request.ctx,
          params.id,
          params.bundle,
          toLink(link.kind, params.token),
        );
        const files = await bundleFiles(request.ctx.db, params.id, params.bundle);
        return sendZip(request, reply, request.ctx.store, params.bundle, files);
      },
    });
  }
};
