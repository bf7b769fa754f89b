import { type AnswerCheck, checkAnswer } from './http/answer-schema';
import { errorFromResponse, isHttpRequestError } from './http/http-error';
import { resolveUrl } from './http/url';

// Server-side loaders (i18n.server.ts) import these from here; the browser client with
// tokens, CSRF and access keys is `./http/http-client.ts`. Both throw the same error class.
export { HttpRequestError } from './http/http-error';
export { resolveUrl } from './http/url';

/** `fetch` options of `getJson`, optionally with the answer's schema (see `AnswerCheck`). */
export type GetJsonInit<T> = RequestInit & Partial<AnswerCheck<T>>;

/**
 * Reads JSON from `base` + `path` without any session: for loaders that fetch public data
 * over loopback while rendering. Relative API paths get the API base; asset paths (starting
 * with `/assets/`) are resolved against the base's origin only (SPEC §7). With a `schema`
 * the answer is parsed with it, and a mismatch rejects like a failed answer.
 */
export async function getJson<T>(
  base: string,
  path: string,
  { schema, invalid, ...init }: GetJsonInit<T> = {},
): Promise<T> {
  const url = resolveUrl(base, path);
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  if (!response.ok) throw await errorFromResponse(response);
  const data: unknown = await response.json();
  if (!schema) return data as T;
  return checkAnswer(data, { schema, invalid }, response.status, response.statusText);
}

/**
 * `getJson` for a page that shows "not found" itself: answers null where the API answers
 * 404 or 400, since for a visitor a name the API refuses is as missing as an unknown one and
 * the API's error must not reach the page. Other failures reject for the route's error page.
 */
export async function getJsonOrNull<T>(
  base: string,
  path: string,
  init: GetJsonInit<T> = {},
): Promise<T | null> {
  try {
    return await getJson(base, path, init);
  } catch (error) {
    if (isHttpRequestError(error, 404, 400)) return null;
    throw error;
  }
}
