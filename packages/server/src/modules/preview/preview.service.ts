import type { PreviewRendition, PreviewType } from '@geoportal/contract/files';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import type { FileRow } from '../../db/schema.js';
import { type FilesContext, loadReadableFile } from '../files/file.service.js';
import type { BlobStore } from '../files/store.js';
import { loadReadable } from '../objects/object-kernel.js';
import { PreviewUnavailableError } from './preview.errors.js';
import {
  countObjectsWithIndex,
  findIndexFiles,
  listIndexFilesAfter,
} from './preview.repository.js';
import { PreviewCache } from './preview-cache.js';
import { isGeoJson, previewTypeOfMediaType, renderKind, renditionBox } from './preview-type.js';
import { encodeWebp, RenderFailedError, renderImage } from './render-image.js';
import { renderPdfFirstPage } from './render-pdf.js';

/** JSON files up to this size are parsed whole to tell GeoJSON; larger ones by their head. */
const JSON_PARSE_MAX_BYTES = 1024 * 1024;
/** How much of a large JSON file is read to find its root `type`. */
const JSON_HEAD_BYTES = 64 * 1024;

/**
 * `GET /object/preview/{id}/type`: the preview type of the record's index file (that of the
 * first displayed bundle having one), or `none`. The caller must be able to read the record
 * (else the same 404 as `GET /object/{id}`); the index file of a displayed bundle is then
 * readable too.
 */
export async function getPreviewType(ctx: FilesContext, objectId: string): Promise<PreviewType> {
  await loadReadable(ctx, objectId);
  const [file] = await findIndexFiles(ctx.db, [objectId]);
  if (!file) return 'none';
  return previewTypeOfFile(ctx.store, file);
}

/** The preview type of a stored file; JSON is looked into to tell GeoJSON from other JSON. */
async function previewTypeOfFile(store: BlobStore, file: FileRow): Promise<PreviewType> {
  const byType = previewTypeOfMediaType(file.media_type);
  if (byType !== 'json') return byType;
  if (/\.geojson$/i.test(file.path)) return 'geojson';
  const complete = file.size <= JSON_PARSE_MAX_BYTES;
  const length = complete ? file.size : JSON_HEAD_BYTES;
  const handle = await store.openBlob(file.sha256);
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return isGeoJson(buffer.subarray(0, bytesRead).toString('utf8'), complete) ? 'geojson' : 'text';
  } finally {
    await handle.close();
  }
}

/** A rendition ready to send. */
export interface Rendition {
  /** The rendered WebP on disk. */
  file: string;
  size: number;
  /** Strong entity tag: source hash, rendition and renderer version. */
  etag: string;
  /** Whether anyone could read the source file (then caches may share the rendition). */
  publicAccess: boolean;
  source: FileRow;
}

/**
 * Checks that the caller may read the file (exactly as for its download: object, hidden
 * bundle, file), then answers the entity tag and, unless `ifNoneMatch` already names it, the
 * rendered rendition (cached). Types without an image rendition are 415, files that cannot
 * be rendered 422, both `preview.unavailable`.
 */
export async function getRendition(
  ctx: FilesContext,
  cache: PreviewCache,
  input: { rendition: PreviewRendition; objectId: string; bundle: string; path: string },
  notModified: (etag: string) => boolean,
): Promise<{ notModified: true; etag: string; publicAccess: boolean } | Rendition> {
  const readable = await loadReadableFile(ctx, input.objectId, input.bundle, input.path);
  const { file, publicAccess } = readable;
  const kind = renderKind(file.media_type);
  if (!kind) throw new PreviewUnavailableError(415, 'no image rendition for this type');
  const key = PreviewCache.key(file.sha256, input.rendition);
  const etag = `"${key}"`;
  // The tag names the exact bytes a rendering would give: no need to render to answer 304.
  if (notModified(etag)) return { notModified: true, etag, publicAccess };
  const entry = await renderCached(ctx.store, cache, file.sha256, kind, input.rendition);
  if ('unavailable' in entry) throw new PreviewUnavailableError(422, entry.unavailable);
  return { ...entry, etag, publicAccess, source: file };
}

/** The cached rendition of a blob, rendered first when the cache has none. */
function renderCached(
  store: BlobStore,
  cache: PreviewCache,
  sha256: string,
  kind: 'image' | 'pdf',
  rendition: PreviewRendition,
) {
  const box = renditionBox[rendition];
  const source = store.blobPath(sha256);
  return cache.get(
    PreviewCache.key(sha256, rendition),
    async () =>
      kind === 'image'
        ? renderImage(source, box)
        : // pdf.js already drew the page at its final size; only the encoding is left.
          encodeWebp(sharp(await renderPdfFirstPage(source, box))).toBuffer(),
    (error) => (error instanceof RenderFailedError ? error.reason : undefined),
  );
}

/**
 * The preview rebuild (issue 20): renders every rendition of every record's index file into
 * the cache, so first views are fast; with `force` it drops what the cache holds first (after
 * a renderer fix, also the remembered failures). Reads the files, writes only the cache.
 */
export async function rebuildPreviews(
  db: Db,
  store: BlobStore,
  cache: PreviewCache,
  options: {
    force: boolean;
    onFile(progress: { done: number; total: number }): void;
    onUnavailable(objectId: string, path: string, reason: string): void;
  },
): Promise<{ files: number; rendered: number; unavailable: number }> {
  await cache.init();
  const total = await countObjectsWithIndex(db);
  const renditions = Object.keys(renditionBox) as PreviewRendition[];
  let done = 0;
  let rendered = 0;
  let unavailable = 0;
  let after = '';
  for (;;) {
    const files = await listIndexFilesAfter(db, after, 100);
    if (files.length === 0) break;
    for (const file of files) {
      const kind = renderKind(file.media_type);
      for (const rendition of kind ? renditions : []) {
        if (options.force) await cache.drop(PreviewCache.key(file.sha256, rendition));
        const entry = await renderCached(
          store,
          cache,
          file.sha256,
          kind as 'image' | 'pdf',
          rendition,
        );
        if ('unavailable' in entry) {
          unavailable += 1;
          options.onUnavailable(file.object_id, file.path, entry.unavailable);
          break;
        }
        rendered += 1;
      }
      done += 1;
      options.onFile({ done, total: Math.max(done, total) });
    }
    after = files[files.length - 1]?.object_id ?? after;
  }
  return { files: done, rendered, unavailable };
}
