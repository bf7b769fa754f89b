import { isAbsoluteUrl, type Query, withQuery } from './url';

/** The geo service's base path (SPEC §7): beside the API, not under `/api/v1`. */
export const geoBase = '/geoth';

/**
 * The absolute URL of a geo service path (`/basemap`, `/proxy`, …) for the HTTP client. The
 * client prefixes relative paths with the API base, so geo paths go in absolute: on the API
 * base's origin when that is absolute, else on the page's own origin. Absolute URLs carry no
 * session token, which the public geo service does not need.
 */
export function geoUrl(apiBase: string, path: string, query?: Query): string {
  const origin = isAbsoluteUrl(apiBase)
    ? new URL(apiBase).origin
    : typeof window === 'undefined'
      ? 'http://localhost'
      : window.location.origin;
  return withQuery(`${origin}${geoBase}${path.startsWith('/') ? '' : '/'}${path}`, query);
}

/**
 * The URL of an external map service resource fetched through the geo service's proxy
 * (capabilities, tiles, legends, feature info): the browser never talks to foreign hosts.
 */
export function proxiedUrl(apiBase: string, url: string): string {
  return geoUrl(apiBase, '/proxy', { url });
}
