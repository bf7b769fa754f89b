/** A query value; arrays repeat the parameter (`fq=a&fq=b`), null and undefined are left out. */
export type QueryValue = string | number | boolean | null | undefined;

/** Query parameters of a request. */
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

const ABSOLUTE = /^https?:\/\//i;

/** Whether `url` names its own origin (`http(s)://…`). */
export function isAbsoluteUrl(url: string): boolean {
  return ABSOLUTE.test(url);
}

/** Whether `path` is a static asset path, which never takes the API base (SPEC §7). */
export function isAssetPath(path: string): boolean {
  return path.startsWith('/assets/');
}

/**
 * The URL to request for `path`. Relative API paths get the API base; asset paths (starting
 * with `/assets/`) are resolved against the base's origin only; absolute URLs stay as they
 * are (SPEC §7).
 */
export function resolveUrl(base: string, path: string): string {
  if (isAbsoluteUrl(path)) return path;
  if (isAssetPath(path)) {
    return isAbsoluteUrl(base) ? new URL(path, base).href : path;
  }
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Appends `query` to `url`, keeping a query string the URL already has. */
export function withQuery(url: string, query: Query | undefined): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== null && item !== undefined) search.append(name, String(item));
    }
  }
  const text = search.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/**
 * The object id a relative API path addresses, for the access-key header (SPEC §7): the
 * segment after `/object/`, or the id inside `/object/preview/…`. Paths without an id
 * (`/object`, `/object/try`) and the URL forms that carry their key or token themselves
 * (`/object/accesskey-{id}/…`, `/object/bearer-{id}/…`) answer undefined.
 */
export function objectIdOf(path: string): string | undefined {
  const segments = path.split(/[?#]/, 1)[0]?.split('/').filter(Boolean) ?? [];
  if (segments[0] !== 'object') return undefined;
  let id = segments[1];
  if (id === 'preview') {
    // `/object/preview/{id}/type` vs `/object/preview/{type}/{id}/{bundle}/{path}` (SPEC §7).
    id = segments.length === 4 && segments[3] === 'type' ? segments[2] : segments[3];
  }
  if (!id || id === 'try' || /^(?:accesskey|bearer)-/.test(id)) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
