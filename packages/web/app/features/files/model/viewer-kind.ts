import type { PreviewType } from '@geoportal/contract/files';

/** Which viewer shows a file; `none` offers only the download; `table` reads CSV/TSV. */
export type ViewerKind = PreviewType | 'table';

/** Delimited text: shown as a table (a file named `.csv` or `.tsv` sniffed as plain text too). */
const tableTypes = new Set([
  'text/csv',
  'application/csv',
  'text/tab-separated-values',
  'text/x-csv',
]);

/** The media type without parameters, lower-case (`Text/Plain; charset=utf-8` → `text/plain`). */
export function baseMediaType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

const extension = (path: string) => /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';

/** Images every current browser draws in an `<img>`. */
const browserImages = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** Text formats that are not `text/*` but read well as text. */
const textTypes = new Set([
  'application/json',
  'application/xml',
  'application/x-yaml',
  'application/yaml',
  'application/javascript',
  'application/x-sh',
  'application/sql',
  'application/gml+xml',
]);

/**
 * Whether an image needs the server's rendering (`/object/preview/large/…`) because browsers
 * cannot draw it themselves (TIFF, GeoTIFF, JPEG 2000 and the like).
 */
export function needsRendition(mediaType: string): boolean {
  const type = baseMediaType(mediaType);
  return type.startsWith('image/') && !browserImages.has(type);
}

/** What the server renders thumbnails of (`/object/preview/thumbnail/…`): raster images and PDFs. */
const thumbnailTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'application/pdf',
]);

/** Whether the file list shows a thumbnail of the file. */
export function hasThumbnail(mediaType: string): boolean {
  return thumbnailTypes.has(baseMediaType(mediaType));
}

/**
 * The viewer for a file, from its sniffed media type (and, for GeoJSON, which sniffing
 * reports as JSON or text, the `.geojson` extension). When the media type says nothing
 * viewable, the server's preview type of the index file (`GET /object/preview/{id}/type`)
 * decides, if the caller has it.
 */
export function viewerKind(
  file: { path: string; mediaType: string },
  previewType?: PreviewType,
): ViewerKind {
  const type = baseMediaType(file.mediaType);
  const ext = extension(file.path);
  if (type === 'application/geo+json' || type === 'application/vnd.geo+json') return 'geojson';
  if (ext === 'geojson' && (type === 'application/json' || type.startsWith('text/'))) {
    return 'geojson';
  }
  if (tableTypes.has(type)) return 'table';
  if ((ext === 'csv' || ext === 'tsv') && type === 'text/plain') return 'table';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (
    type.startsWith('text/') ||
    textTypes.has(type) ||
    type.endsWith('+xml') ||
    type.endsWith('+json')
  ) {
    return 'text';
  }
  return previewType ?? 'none';
}
