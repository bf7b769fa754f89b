/**
 * Whether a visitor could fetch the bundle's files themselves: `plain` when a visitor may read
 * the record and the bundle is displayed, else `fetched` (a draft, a record shared by key, a
 * hidden bundle), whose files need the caller's token or key.
 */
export type SourceMode = 'plain' | 'fetched';

export function sourceMode(visitorCanRead: boolean, bundle: { display: boolean }): SourceMode {
  return visitorCanRead && bundle.display ? 'plain' : 'fetched';
}

/**
 * How a tag that cannot send headers (img, iframe, video, audio, track) reaches a file:
 * - `plain`: the file's own URL (mode `plain`);
 * - `signed`: a short-lived signed URL of the bundle (`bearerFilePath`), issued to the caller;
 *   it streams and seeks like a plain URL, which PDF viewers and players need;
 * - `fetched`: the page reads the bytes through the client and shows them from a `blob:` URL:
 *   rendered previews, which have no signed form. The page's Content-Security-Policy allows
 *   `blob:` for images only, and renditions are images.
 */
export type TagSource = 'plain' | 'signed' | 'fetched';

export function tagSource(mode: SourceMode, rendition: boolean): TagSource {
  if (mode === 'plain') return 'plain';
  return rendition ? 'fetched' : 'signed';
}
