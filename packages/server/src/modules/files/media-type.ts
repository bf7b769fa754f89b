import { fileTypeFromFile } from 'file-type';

/**
 * The media type of an upload, decided from its bytes (never from the client's
 * Content-Type or the multipart part's type):
 *
 * 1. A binary signature `file-type` recognises wins (PNG, PDF, ZIP, GeoTIFF, MP4, …).
 * 2. Otherwise, if every byte is valid UTF-8 without NUL, the file is text and its extension
 *    picks the text type (`.json` → application/json, `.geojson` → application/geo+json,
 *    `.csv` → text/csv, `.svg` → image/svg+xml, `.html` → text/html, …); an unknown extension
 *    is text/plain.
 * 3. Anything else is application/octet-stream.
 *
 * An XML signature (`<?xml`) found in step 1 is refined by the extension to the XML type it
 * names (`.svg`, `.gml`, `.kml`, …). Extensions only ever choose between text types, so a
 * name cannot turn binary bytes into something a browser would render.
 */
export async function sniffMediaType(
  file: string,
  fileName: string,
  utf8Text: boolean,
): Promise<string> {
  const extension = /\.([^./]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const byExtension = textTypes[extension];
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  if (detected) {
    if (detected.mime === 'application/xml' && byExtension?.endsWith('xml')) return byExtension;
    return detected.mime;
  }
  if (utf8Text) return byExtension ?? 'text/plain';
  return 'application/octet-stream';
}

/** Text formats by extension; only used for bytes that are valid UTF-8. */
const textTypes: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  geojson: 'application/geo+json',
  xml: 'application/xml',
  xsd: 'application/xml',
  gml: 'application/gml+xml',
  kml: 'application/vnd.google-earth.kml+xml',
  sld: 'application/xml',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  vtt: 'text/vtt',
  srt: 'text/plain',
  prj: 'text/plain',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

/**
 * Types a browser shows inline without running anything of the file: raster images, audio,
 * video, plain text, CSV, JSON and PDF. Everything else (HTML, SVG, XML, JavaScript, CSS,
 * unknown types) is active or unknown content and is always sent as an attachment under a
 * sandboxing Content-Security-Policy.
 */
export function isInlineSafe(mediaType: string): boolean {
  return (
    /^image\/(png|jpeg|gif|webp|avif|bmp|apng|x-icon)$/.test(mediaType) ||
    /^(audio|video)\//.test(mediaType) ||
    [
      'text/plain',
      'text/csv',
      'text/markdown',
      'text/tab-separated-values',
      'text/vtt',
      'application/json',
      'application/geo+json',
      'application/pdf',
    ].includes(mediaType)
  );
}

/** The Content-Type header: text the server knows to be UTF-8 says so. */
export function contentType(mediaType: string): string {
  return /^text\/|^application\/(geo\+)?json$/.test(mediaType)
    ? `${mediaType}; charset=utf-8`
    : mediaType;
}

/**
 * A Content-Disposition header per RFC 6266: an ASCII fallback `filename` (accents dropped,
 * anything else unsafe replaced by `_`) and the exact name as `filename*=UTF-8''…`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is replaced
      .replace(/[^\x20-\x7e]|["\\%;\x00-\x1f]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${(c.codePointAt(0) as number).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
