import type { PreviewRendition } from '@geoportal/contract/files';
import type { Db } from '../../db/database.js';
import { findIndexFiles } from './preview.repository.js';
import { renderKind } from './preview-type.js';

/**
 * `/object/preview/{type}/{id}/{bundle}/{path}`, relative to the API base like every path of
 * SPEC §7 (the web client resolves it against its base), each segment URL-encoded.
 */
export function previewPath(
  rendition: PreviewRendition,
  file: { object_id: string; bundle: string; path: string },
): string {
  const path = file.path.split('/').map(encodeURIComponent).join('/');
  return `/object/preview/${rendition}/${encodeURIComponent(file.object_id)}/${encodeURIComponent(file.bundle)}/${path}`;
}

/**
 * The record thumbnails of objects the caller may read: the thumbnail rendition of the index
 * file of the first displayed bundle, when that file is an image or a PDF the server can
 * render. Objects without one are missing from the map. One query for all objects.
 */
export async function indexThumbnails(
  db: Db,
  objectIds: readonly string[],
): Promise<Map<string, string>> {
  const thumbnails = new Map<string, string>();
  for (const file of await findIndexFiles(db, objectIds)) {
    if (renderKind(file.media_type)) thumbnails.set(file.object_id, previewPath('thumbnail', file));
  }
  return thumbnails;
}
