/**
 * Content types the proxy passes on: what capabilities, legends, feature info and tiles of
 * OGC services come as. Anything that a browser could run as a page (HTML, XHTML, SVG) is
 * refused, except HTML feature-info answers, which go out sandboxed.
 */

const exactTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/xml',
  'text/xml',
  'application/json',
  'application/geo+json',
  'text/plain',
]);

/** Structured XML types (`application/vnd.ogc.wms_xml`, `…+xml`) that are not page formats. */
const xmlType = /^application\/[a-z0-9.!#$&^_-]+\+xml$/;
const ogcType = /^application\/vnd\.ogc\.[a-z0-9._-]*(xml|gml)(\/[0-9.]+)?$/;
const pageTypes = new Set(['application/xhtml+xml', 'image/svg+xml']);

/**
 * How an answer of this type goes out: `plain` as it is, `sandboxed` (HTML feature info)
 * with a CSP sandbox, or null: refused.
 */
export function classifyContentType(
  mediaType: string,
  isFeatureInfo: boolean,
): 'plain' | 'sandboxed' | null {
  if (pageTypes.has(mediaType)) return null;
  if (exactTypes.has(mediaType) || xmlType.test(mediaType) || ogcType.test(mediaType)) {
    return 'plain';
  }
  if (mediaType === 'text/html' && isFeatureInfo) return 'sandboxed';
  return null;
}

/** Whether a URL asks a WMS/WMTS for feature info (REQUEST=GetFeatureInfo, any case). */
export function isFeatureInfoRequest(url: URL): boolean {
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === 'request' && value.toLowerCase() === 'getfeatureinfo') return true;
  }
  return false;
}
