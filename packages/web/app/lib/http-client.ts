import { errorFromResponse } from './http/http-error';
import { resolveUrl } from './http/url';

// Server-side loaders (i18n.server.ts) import these from here; the browser client with
// tokens, CSRF and access keys is `./http/http-client.ts`. Both throw the same error class.
export { HttpRequestError } from './http/http-error';
export { resolveUrl } from './http/url';

/**
 * Reads JSON from `base` + `path` without any session: for loaders that fetch public data
 * over loopback while rendering. Relative API paths get the API base; asset paths (starting
 * with `/assets/`) are resolved against the base's origin only (SPEC §7).
 */
export async function getJson<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const url = resolveUrl(base, path);
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}
