import { accessHeaders } from '@geoportal/contract/access-names';
import { readCookie } from './http-client';
import { errorFromResponse } from './http-error';
import { isAbsoluteUrl, isAssetPath, objectIdOf } from './url';

/**
 * Uploads and downloads with progress. `fetch` reports no upload progress, so these two go
 * through `XMLHttpRequest`; everything else stays on the one HTTP client (DESIGN §6). The
 * headers are the client's (SPEC §7): `AccessToken` to our own server, `X-XSRF-TOKEN` from
 * the cookie on non-GET requests to relative paths, `X-Access-Key` for the object in the
 * path; failed answers reject with the client's `HttpRequestError`.
 */

/** Options of one transfer. */
export interface TransferOptions {
  /**
   * Progress in whole percent (SPEC §9: "Upload progress is rounded to a whole percent"),
   * called once per change of the rounded value; never called when the size is unknown.
   */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with a `DOMException` named `AbortError`, as `fetch` does. */
  signal?: AbortSignal;
}

/** What the transfers need from the page: the same sources as the HTTP client's. */
export interface TransferSetup {
  /** The full URL of an API path: pass the client's `url`. */
  url: (path: string) => string;
  /** The current access token; null when signed out. */
  getToken: () => string | null;
  /** The access key held for an object. */
  getAccessKey?: (objectId: string) => string | undefined;
  /** The CSRF token; defaults to the `XSRF-TOKEN` cookie. */
  getXsrfToken?: () => string | undefined;
  /** Tests pass a fake; defaults to the browser's `XMLHttpRequest`. */
  createRequest?: () => XMLHttpRequest;
}

export interface Transfer {
  /** `POST`s `body` to `path`; resolves with the parsed JSON answer (undefined if none). */
  upload<T = unknown>(path: string, body: FormData, options?: TransferOptions): Promise<T>;
  /** `GET`s `path` as a Blob, e.g. a draft's file, which a plain link cannot fetch. */
  download(path: string, options?: TransferOptions): Promise<Blob>;
}

/** Whole percent of `loaded` out of `total`, 0–100. */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** The headers the HTTP client would send for this request (see the module comment). */
export function transferHeaders(
  setup: TransferSetup,
  method: 'GET' | 'POST',
  path: string,
): Record<string, string> {
  // Uploads answer JSON; a download is the file itself, whatever its type.
  const headers: Record<string, string> = { Accept: method === 'GET' ? '*/*' : 'application/json' };
  // The token goes only to our own server: relative API paths.
  const own = !isAbsoluteUrl(path);
  const token = own ? setup.getToken() : null;
  if (token) headers[accessHeaders.token] = token;
  if (method !== 'GET' && own) {
    const xsrf = (setup.getXsrfToken ?? (() => readCookie(accessHeaders.xsrfCookie)))();
    if (xsrf) headers[accessHeaders.xsrfHeader] = xsrf;
  }
  const objectId = own && !isAssetPath(path) ? objectIdOf(path) : undefined;
  const key = objectId === undefined ? undefined : setup.getAccessKey?.(objectId);
  if (key) headers[accessHeaders.accessKey] = key;
  return headers;
}

/** The answer's headers as a `Headers` object (for `errorFromResponse`). */
function responseHeaders(request: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of request
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** A network failure, shaped like `fetch`'s, so `errorText` and callers treat both alike. */
export class TransferNetworkError extends TypeError {
  constructor() {
    super('The connection to the server failed.');
    this.name = 'TransferNetworkError';
  }
}

const abortError = () => new DOMException('The transfer was aborted.', 'AbortError');

/** Whether `error` is the rejection of an aborted transfer (or an aborted fetch). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Creates the two transfers over the page's token, key and CSRF sources. */
export function createTransfer(setup: TransferSetup): Transfer {
  const newRequest = setup.createRequest ?? (() => new XMLHttpRequest());

  function send(
    method: 'GET' | 'POST',
    path: string,
    body: FormData | null,
    responseType: 'text' | 'blob',
    options: TransferOptions,
  ): Promise<XMLHttpRequest> {
    const { signal, onProgress } = options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const request = newRequest();
      let reported = -1;
      const progress = (event: ProgressEvent) => {
        if (!event.lengthComputable) return;
        const percent = percentOf(event.loaded, event.total);
        if (percent === reported) return;
        reported = percent;
        onProgress?.(percent);
      };
      const onAbort = () => request.abort();
      const finish = () => signal?.removeEventListener('abort', onAbort);

      request.open(method, setup.url(path));
      request.responseType = responseType;
      for (const [name, value] of Object.entries(transferHeaders(setup, method, path))) {
        request.setRequestHeader(name, value);
      }
      // An upload's progress is the request body's; a download's the answer's.
      if (method === 'POST') request.upload.addEventListener('progress', progress);
      else request.addEventListener('progress', progress);
      request.addEventListener('load', () => {
        finish();
        resolve(request);
      });
      request.addEventListener('error', () => {
        finish();
        reject(new TransferNetworkError());
      });
      request.addEventListener('timeout', () => {
        finish();
        reject(new TransferNetworkError());
      });
      request.addEventListener('abort', () => {
        finish();
        reject(abortError());
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      request.send(body);
    });
  }

  /** The answer of a failed request as the client's `HttpRequestError`. */
  async function failure(request: XMLHttpRequest): Promise<Error> {
    const body =
      request.response instanceof Blob
        ? await request.response.text()
        : (request.response as string | null);
    // `Response` accepts statuses 200–599 only; anything else is no HTTP answer at all.
    if (request.status < 200 || request.status > 599) return new TransferNetworkError();
    return errorFromResponse(
      new Response(body || null, {
        status: request.status,
        statusText: request.statusText,
        headers: responseHeaders(request),
      }),
    );
  }

  return {
    async upload<T>(path: string, body: FormData, options: TransferOptions = {}) {
      const request = await send('POST', path, body, 'text', options);
      if (request.status < 200 || request.status >= 300) throw await failure(request);
      const text = request.responseText;
      const type = request.getResponseHeader('content-type') ?? '';
      if (!text || !/[/+]json\b/i.test(type)) return undefined as T;
      return JSON.parse(text) as T;
    },
    async download(path: string, options: TransferOptions = {}) {
      const request = await send('GET', path, null, 'blob', options);
      if (request.status < 200 || request.status >= 300) throw await failure(request);
      return request.response as Blob;
    },
  };
}
