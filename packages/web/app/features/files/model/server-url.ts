import type { HttpClient } from '../../../lib/http/http-client';
import { isAbsoluteUrl } from '../../../lib/http/url';

/**
 * The URL to put into a tag for a URL the server answered (media sources, subtitles, an
 * upload's `url`). Absolute URLs stay; a path that already starts with the API base's path
 * stays; any other path is taken as relative to the API base.
 */
export function serverUrl(client: HttpClient, url: string): string {
  if (isAbsoluteUrl(url)) return url;
  const base = client.url('/').replace(/\/$/, '');
  const basePath = isAbsoluteUrl(base) ? new URL(base).pathname.replace(/\/$/, '') : base;
  if (basePath && (url === basePath || url.startsWith(`${basePath}/`))) {
    return isAbsoluteUrl(base) ? new URL(url, base).href : url;
  }
  return client.url(url);
}
