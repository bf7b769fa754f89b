import { accessHeaders } from '@geoportal/contract/access-names';
import { type AnswerCheck, type AnswerSchema, checkAnswer } from './answer-schema';
import { errorFromResponse, type HttpRequestError, isJsonResponse } from './http-error';
import { isAbsoluteUrl, isAssetPath, objectIdOf, type Query, resolveUrl, withQuery } from './url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Detail levels of reads (SPEC §3), sent as `Accept: application/json; detail=…`. */
export type DetailLevel = 'summary' | 'normal' | 'detailed';

/** The request a rejection belongs to, handed to `onUnauthorized`. */
export interface HttpRequestInfo {
  method: HttpMethod;
  /** The path as the caller gave it, e.g. `/object/42`. */
  path: string;
  /** The URL actually requested. */
  url: string;
}

export interface HttpClientOptions {
  /** API base of this side: `/api/v1` in the browser, an absolute URL while rendering. */
  apiBase: string;
  /** The current access token, sent as the `AccessToken` header; null when signed out. */
  getToken: () => string | null;
  /** The access key held for an object, sent as `X-Access-Key` on its requests. */
  getAccessKey?: (objectId: string) => string | undefined;
  /** The CSRF token; defaults to the `XSRF-TOKEN` cookie (none on the server). */
  getXsrfToken?: () => string | undefined;
  /** `fetch` to use; defaults to the global one, looked up on each call. */
  fetch?: typeof fetch;
  /**
   * Called on a 401 (unless the request sets `handlesAuth`) and on a 403 when the request
   * sets `redirectOn403` (SPEC §4), before the error is thrown. It is awaited, so it can log
   * out first; whatever it throws (e.g. a router redirect) replaces the error.
   */
  onUnauthorized?: (error: HttpRequestError, request: HttpRequestInfo) => void | Promise<void>;
  /**
   * Called when a request starts; the function it answers is called once when the request
   * ends: answered, failed, rejected or aborted (SPEC §2: a loading bar shows during
   * requests). Pass `pageActivity.start` from `lib/progress/activity.ts`.
   */
  onActivity?: () => () => void;
  /**
   * Like `onActivity`, but only for requests sent with `blocking: true`. Pass
   * `blockingActivity.start`, which drives the full-screen spinner.
   */
  onBlockingActivity?: () => () => void;
}

export interface RequestOptions {
  /** Sent as JSON (also `false` and strings); FormData, Blob, URLSearchParams go as they are. */
  body?: unknown;
  /** Query parameters; arrays repeat the parameter (`fq`, `sort`). */
  query?: Query;
  /** Detail level of the answer (DESIGN §4: the server's default is normal). */
  detail?: DetailLevel;
  /** Bypass caches: `Cache-Control: no-cache` and an `Expires` in the past (SPEC §7). */
  noCache?: boolean;
  /**
   * The caller deals with 401 and 403 itself: no logout and login redirect. Used by the
   * access calls, probes and routes that handle authentication themselves (SPEC §4).
   */
  handlesAuth?: boolean;
  /** Treat a 403 like a 401 (logout and login redirect); off by default (SPEC §4). */
  redirectOn403?: boolean;
  /** `json` (default): parsed JSON, undefined for empty or non-JSON answers. `text`: the text. */
  responseType?: 'json' | 'text';
  /**
   * The user waits for this answer (a save, a sign-in): it also counts for
   * `onBlockingActivity`, i.e. the full-screen spinner. Off by default, so that background
   * reads (role checks, look-ups, polling) show only the loading bar.
   */
  blocking?: boolean;
  /** Extra headers; they win over the computed ones. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The contract schema of the answer (see `AnswerCheck`): the data is parsed with it and a
   * mismatch rejects with an `HttpRequestError` of the answer's status. Not checked: 204/205.
   */
  schema?: AnswerSchema<unknown>;
  /** With `schema`: how a mismatch is named, e.g. `an invalid record`. */
  invalid?: string;
}

/** Request options with a schema: the answer is the schema's parsed value. */
export type CheckedRequestOptions<T> = RequestOptions & AnswerCheck<T>;

/** A successful answer with its status, for callers that need more than the body. */
export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** The one HTTP client of DESIGN §6. Failed answers reject with `HttpRequestError`. */
export interface HttpClient {
  send<T>(
    method: HttpMethod,
    path: string,
    options: CheckedRequestOptions<T>,
  ): Promise<HttpResponse<T>>;
  send<T = unknown>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions,
  ): Promise<HttpResponse<T>>;
  get: DataMethod;
  post: DataMethod;
  put: DataMethod;
  delete: DataMethod;
  /** The full URL of a path, e.g. for links and image sources (no headers travel there). */
  url(path: string, query?: Query): string;
}

/** `get`, `post`, `put` and `delete`: the answer's data, parsed when a schema is given. */
export interface DataMethod {
  <T>(path: string, options: CheckedRequestOptions<T>): Promise<T>;
  <T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}

/** Headers of a no-cache read (SPEC §7). */
export const noCacheHeaders = {
  'Cache-Control': 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
} as const;

/** A cookie's value from `document.cookie`; undefined on the server or when absent. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const value = rest.join('=');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Creates the client. One per side: the browser's uses the stored token. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { apiBase } = options;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const xsrfToken = options.getXsrfToken ?? (() => readCookie(accessHeaders.xsrfCookie));

  /** Reports the request to the activity callbacks; answers the one function that ends it. */
  function startActivity(request: RequestOptions): () => void {
    const endPage = options.onActivity?.();
    const endBlocking = request.blocking ? options.onBlockingActivity?.() : undefined;
    return () => {
      endPage?.();
      endBlocking?.();
    };
  }

  // The token goes only to our own server, never to a foreign absolute URL.
  const isOwn = (path: string) =>
    !isAbsoluteUrl(path) || (isAbsoluteUrl(apiBase) && path.startsWith(apiBase));

  function headersFor(method: HttpMethod, path: string, request: RequestOptions) {
    const headers: Record<string, string> = {
      Accept: request.detail ? `application/json; detail=${request.detail}` : 'application/json',
    };
    if (request.responseType === 'text') headers.Accept = 'text/plain, application/json';
    if (request.noCache) Object.assign(headers, noCacheHeaders);
    if (request.body !== undefined && !isRawBody(request.body)) {
      headers['Content-Type'] = 'application/json';
    }
    const token = isOwn(path) ? options.getToken() : null;
    if (token) headers[accessHeaders.token] = token;
    if (method !== 'GET' && !isAbsoluteUrl(path)) {
      const xsrf = xsrfToken();
      if (xsrf) headers[accessHeaders.xsrfHeader] = xsrf;
    }
    const objectId = isAbsoluteUrl(path) || isAssetPath(path) ? undefined : objectIdOf(path);
    const accessKey = objectId === undefined ? undefined : options.getAccessKey?.(objectId);
    if (accessKey) headers[accessHeaders.accessKey] = accessKey;
    return { ...headers, ...request.headers };
  }

  async function readData(response: Response, request: RequestOptions): Promise<unknown> {
    if (response.status === 204 || response.status === 205) return undefined;
    const text = await response.text();
    if (request.responseType === 'text') return text;
    // A probe's 202 or another answer without JSON has no data worth returning.
    if (!text || !isJsonResponse(response)) return undefined;
    return JSON.parse(text) as unknown;
  }

  /** The answer's data, checked against the request's schema when it has one. */
  async function dataOf(response: Response, request: RequestOptions): Promise<unknown> {
    const data = await readData(response, request);
    const { schema, invalid } = request;
    if (!schema || response.status === 204 || response.status === 205) return data;
    return checkAnswer(data, { schema, invalid }, response.status, response.statusText);
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const url = withQuery(resolveUrl(apiBase, path), request.query);
    const { body } = request;
    const done = startActivity(request);
    let response: Response;
    let outcome: { error: HttpRequestError } | { data: T };
    try {
      response = await doFetch(url, {
        method,
        headers: headersFor(method, path, request),
        body: body === undefined ? undefined : isRawBody(body) ? body : JSON.stringify(body),
        signal: request.signal,
      });
      outcome = response.ok
        ? { data: (await dataOf(response, request)) as T }
        : { error: await errorFromResponse(response) };
    } finally {
      // The request is over once its answer is read; a 401's logout and login redirect are
      // the next steps of the page, not part of this request.
      done();
    }
    if ('error' in outcome) {
      const { error } = outcome;
      const notify =
        !request.handlesAuth &&
        (error.status === 401 || (error.status === 403 && request.redirectOn403 === true));
      if (notify) await options.onUnauthorized?.(error, { method, path, url });
      throw error;
    }
    return { status: response.status, headers: response.headers, data: outcome.data };
  }

  const dataMethod =
    (method: HttpMethod): DataMethod =>
    async <T>(path: string, request?: RequestOptions): Promise<T> =>
      (await send<T>(method, path, request)).data;

  return {
    send,
    get: dataMethod('GET'),
    post: dataMethod('POST'),
    put: dataMethod('PUT'),
    delete: dataMethod('DELETE'),
    url: (path, query) => withQuery(resolveUrl(apiBase, path), query),
  };
}
