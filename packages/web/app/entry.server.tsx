import { PassThrough } from 'node:stream';
import type { WebConfig } from '@geoportal/contract/web-config';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { RouterContextProvider, ServerRouter } from 'react-router';
import { holdScriptsUntilPaint } from './lib/scripts-after-paint.server';
import { type RequestInfo, requestInfoContext, webConfigContext } from './lib/web-config-context';

/** How long streamed parts of a page may take before they are cut off. */
export const streamTimeout = 5_000;

/**
 * Called by the Geoportal server for every rendered request: hands its configuration and
 * the request's CSP nonce to the loaders through the router context.
 */
export function createLoadContext(config: WebConfig, request: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(webConfigContext, config);
  context.set(requestInfoContext, request);
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the complete page at once; people get the shell as early as possible.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // No script is fetched before the page is painted (lib/scripts-after-paint.ts).
          const held = holdScriptsUntilPaint();
          held.pipe(body);
          pipe(held);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

// The server creates its request handler with this module's copy of React Router, so the
// context it passes is an instance of the same `RouterContextProvider` class.
export { createRequestHandler } from 'react-router';
