import { geoJsonTypes, type PreviewRendition, type PreviewType } from '@geoportal/contract/files';

/**
 * Raster image types the image library (sharp) decodes, by sniffed media type. SVG is left
 * out on purpose: it is active content, and rendering it on the server would mean parsing
 * untrusted XML with references. BMP, ICO, JPEG 2000 and the like have no decoder in the
 * prebuilt sharp; they count as images for the viewer but get no rendition.
 */
const sharpImageTypes = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/tiff',
  'image/avif',
]);

/** The longest edge of each rendition, in pixels; the picture fits inside the square. */
export const renditionBox: Record<PreviewRendition, number> = {
  thumbnail: 256,
  small: 640,
  large: 1600,
};

/** What the server can render an image from: `image` (sharp), `pdf` (pdf.js), or nothing. */
export function renderKind(mediaType: string): 'image' | 'pdf' | undefined {
  if (sharpImageTypes.has(mediaType)) return 'image';
  if (mediaType === 'application/pdf') return 'pdf';
  return undefined;
}

/**
 * The preview type from the sniffed media type alone; `json` means "JSON: GeoJSON or text,
 * look at the content" (see `isGeoJson`).
 */
export function previewTypeOfMediaType(mediaType: string): PreviewType | 'json' {
  if (mediaType === 'application/geo+json' || mediaType === 'application/vnd.geo+json') {
    return 'geojson';
  }
  if (mediaType === 'application/json') return 'json';
  if (mediaType === 'application/pdf') return 'pdf';
  if (mediaType === 'image/svg+xml') return 'none';
  if (mediaType.startsWith('image/')) return 'image';
  if (mediaType.startsWith('video/')) return 'video';
  if (mediaType.startsWith('audio/')) return 'audio';
  if (
    mediaType.startsWith('text/') ||
    /^application\/([\w.-]+\+)?(json|xml)$/.test(mediaType) ||
    mediaType === 'application/yaml'
  ) {
    return 'text';
  }
  return 'none';
}

/**
 * Whether JSON text is GeoJSON: its root object's `type` is a GeoJSON type. `complete` says
 * whether `text` is the whole file; for a file only partly read, an object whose head holds a
 * `"type": "<GeoJSON type>"` member counts (not necessarily the root's: a `crs` member may
 * come first, and a wrong guess only picks the viewer).
 */
export function isGeoJson(text: string, complete: boolean): boolean {
  if (complete) {
    try {
      const root: unknown = JSON.parse(text);
      return (
        typeof root === 'object' &&
        root !== null &&
        !Array.isArray(root) &&
        geoJsonTypes.has(String((root as { type?: unknown }).type))
      );
    } catch {
      return false;
    }
  }
  if (!/^\s*\{/.test(text)) return false;
  for (const match of text.matchAll(/"type"\s*:\s*"([A-Za-z]+)"/g)) {
    if (geoJsonTypes.has(match[1] as string)) return true;
  }
  return false;
}
