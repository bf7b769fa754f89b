import type { ViewerKind } from './viewer-kind';

/**
 * How tags that cannot send headers (img, iframe, video, audio, track, links) reach a file:
 * - `plain`: the file's own URL; only when a visitor may read the record and the bundle is
 *   displayed, because a tag carries neither the AccessToken header nor an access key;
 * - `fetched`: the page reads the bytes through the client (token and key travel along) and
 *   shows them from a `blob:` URL or as text, or saves them as a download.
 *
 * A third way, a signed URL (`bearerFilePath` in api/file-paths.ts), fits drafts best: it
 * streams like a plain URL. It is wired here once the server issues tokens to the page.
 */
export type SourceMode = 'plain' | 'fetched';

export function sourceMode(visitorCanRead: boolean, bundle: { display: boolean }): SourceMode {
  return visitorCanRead && bundle.display ? 'plain' : 'fetched';
}

/**
 * Whether a viewer can show a fetched file. The page's Content-Security-Policy allows `blob:`
 * for images only (frames and media fall back to `'self'`), and text and GeoJSON are read
 * as text; PDF, video and audio of a record visitors may not read need a signed URL.
 */
export function showsFetched(kind: ViewerKind): boolean {
  return kind === 'image' || kind === 'text' || kind === 'geojson';
}
