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
