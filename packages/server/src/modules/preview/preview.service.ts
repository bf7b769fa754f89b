import type { PreviewRendition, PreviewType } from '@geoportal/contract/files';
import sharp from 'sharp';
import type { FileRow } from '../../db/schema.js';
import { type FilesContext, loadReadableFile } from '../files/file.service.js';
import type { BlobStore } from '../files/store.js';
import { loadReadable } from '../objects/object-kernel.js';
import { PreviewUnavailableError } from './preview.errors.js';
import { findIndexFiles } from './preview.repository.js';
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
  const box = renditionBox[input.rendition];
  const source = ctx.store.blobPath(file.sha256);
  const entry = await cache.get(
    key,
    async () =>
      kind === 'image'
        ? renderImage(source, box)
        : // pdf.js already drew the page at its final size; only the encoding is left.
          encodeWebp(sharp(await renderPdfFirstPage(source, box))).toBuffer(),
    (error) => (error instanceof RenderFailedError ? error.reason : undefined),
  );
  if ('unavailable' in entry) throw new PreviewUnavailableError(422, entry.unavailable);
  return { ...entry, etag, publicAccess, source: file };
}
