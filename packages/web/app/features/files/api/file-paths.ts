import type { PreviewRendition } from '@geoportal/contract/files';

/**
 * Every API path of the files feature is built here (SPEC §7 bundles, file, preview and media
 * URLs), so the URL forms — plain, signed (`bearer-`) and rendered previews — change in one
 * place. Ids, bundle names and each path segment are URL-encoded; `/` stays between segments.
 */

/** A file of a bundle of an object. */
export interface FileRef {
  id: string;
  bundle: string;
  /** The stored path inside the bundle, `/` between folders. */
  path: string;
}

/** A file path with every segment encoded (`a b/ü.txt` → `a%20b/%C3%BC.txt`). */
export function encodeFilePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** `/object/{id}/{bundle}` plus further (already encoded) segments. */
export function bundlePath(id: string, bundle: string, ...rest: string[]): string {
  return ['/object', encodeURIComponent(id), encodeURIComponent(bundle), ...rest].join('/');
}

/** `POST /object/{id}/{bundle}/upload`. */
export const uploadPath = (id: string, bundle: string) => bundlePath(id, bundle, 'upload');

/** `PUT /object/{id}/{bundle}/display`. */
export const displayPath = (id: string, bundle: string) => bundlePath(id, bundle, 'display');

/** `PUT /object/{id}/{bundle}/description`. */
export const descriptionPath = (id: string, bundle: string) =>
  bundlePath(id, bundle, 'description');

/** `PUT /object/{id}/{bundle}/index/{path}`. */
export const indexPath = ({ id, bundle, path }: FileRef) =>
  bundlePath(id, bundle, 'index', encodeFilePath(path));

/** `DELETE /object/{id}/{bundle}/delete/{path}`. */
export const deletePath = ({ id, bundle, path }: FileRef) =>
  bundlePath(id, bundle, 'delete', encodeFilePath(path));

/** `GET /object/{id}/{bundle}/{path}`: the file itself (with the caller's headers). */
export const filePath = ({ id, bundle, path }: FileRef) =>
  bundlePath(id, bundle, encodeFilePath(path));

/**
 * `/object/bearer-{id}/{bundle}/{token}/{path}`: the file under a short-lived signed token,
 * for tags that cannot send headers (img, video, iframe) on records a visitor may not read.
 */
export const bearerFilePath = ({ id, bundle, path }: FileRef, token: string) =>
  [
    '/object',
    `bearer-${encodeURIComponent(id)}`,
    encodeURIComponent(bundle),
    encodeURIComponent(token),
    encodeFilePath(path),
  ].join('/');

/** `POST /object/{id}/{bundle}/bearer`: issues a signed token for the bundle's files. */
export const bearerIssuePath = (id: string, bundle: string) => bundlePath(id, bundle, 'bearer');

/** `GET /object/{id}/{bundle}?format=zip`: the whole bundle as one ZIP, streamed. */
export const bundleZipPath = (id: string, bundle: string) => `${bundlePath(id, bundle)}?format=zip`;

/** `/object/bearer-{id}/{bundle}/{token}?format=zip`: the bundle's ZIP under a signed token. */
export const bearerZipPath = (id: string, bundle: string, token: string) =>
  [
    '/object',
    `bearer-${encodeURIComponent(id)}`,
    encodeURIComponent(bundle),
    `${encodeURIComponent(token)}?format=zip`,
  ].join('/');

/**
 * The file of a download URL the server answered (`/object/{id}/{bundle}/{path}`, relative to
 * the API base, as the media endpoints list subtitles), or undefined for any other URL.
 */
export function fileRefOfPath(url: string): FileRef | undefined {
  const match = /^\/object\/([^/?#]+)\/([^/?#]+)\/([^?#]+)$/.exec(url);
  if (!match) return undefined;
  try {
    const [id, bundle, path] = match.slice(1).map(decodeURIComponent) as [string, string, string];
    // The signed and preview forms are links of their own, not files of a bundle.
    if (id.startsWith('bearer-') || id.startsWith('accesskey-') || id === 'preview') {
      return undefined;
    }
    return { id, bundle, path };
  } catch {
    // Malformed percent-encoding: not a URL this module built.
    return undefined;
  }
}

/** `/object/preview/{type}/{id}/{bundle}/{path}`: an image rendered by the server. */
export const previewImagePath = (type: PreviewRendition, { id, bundle, path }: FileRef) =>
  [
    '/object/preview',
    type,
    encodeURIComponent(id),
    encodeURIComponent(bundle),
    encodeFilePath(path),
  ].join('/');

/** `GET /object/preview/{id}/type`: the preview type of the object's index file. */
export const previewTypePath = (id: string) => `/object/preview/${encodeURIComponent(id)}/type`;

/** `GET /media/subtitles/{id}`: the WebVTT tracks of an object's media. */
export const subtitlesPath = (id: string) => `/media/subtitles/${encodeURIComponent(id)}`;
