import { z } from 'zod';

/**
 * Files of an object (SPEC §7 bundles, file, preview and media URLs). Files hang off an
 * object in named bundles (`data`, `documents`, `preview`, …); each file has a path inside
 * its bundle, sub-folders allowed. Bytes live in a content-addressed store (DESIGN §2); the
 * database maps object/bundle/path to a blob.
 */

export const fileLimits = {
  /** Whole path inside a bundle, in UTF-8 bytes after NFC normalisation. */
  pathBytesMax: 1024,
  /** One path segment (a folder or the file name), in UTF-8 bytes. */
  segmentBytesMax: 255,
  segmentsMax: 32,
  bundleNameMax: 64,
  descriptionMax: 4000,
  filesPerBundleMax: 10_000,
  bundlesPerObjectMax: 50,
} as const;

/** Bundle names: lower-case words, e.g. `data`, `documents`, `preview`, `media-2024`. */
export const BundleName = z
  .string()
  .regex(/^[a-z][a-z0-9_-]*$/, 'is not a bundle name (lower-case letters, digits, - and _)')
  .max(fileLimits.bundleNameMax);
export type BundleName = z.infer<typeof BundleName>;

/** Names Windows refuses for a file or folder, with or without an extension. */
const windowsReserved = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// C0 and C1 control characters, and characters Windows refuses in names.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is refused
const forbiddenCharacters = /[\u0000-\u001f\u007f-\u009f<>:"|?*\\]/;
/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Length in UTF-8 bytes (file systems limit names in bytes, not characters). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Why a file path was refused; stable codes, mapped to `files.path.<reason>` texts. */
export const pathProblems = [
  'empty',
  'absolute',
  'dotSegment',
  'emptySegment',
  'forbiddenCharacter',
  'reservedName',
  'trailingDotOrSpace',
  'tooLong',
  'segmentTooLong',
  'tooDeep',
  'malformedUnicode',
] as const;
export type PathProblem = (typeof pathProblems)[number];

export type NormalisedPath = { ok: true; path: string } | { ok: false; problem: PathProblem };

/**
 * The stored form of a file path inside a bundle, or why it is refused. Paths are Unicode
 * NFC, use `/` between segments, and are safe as file names on Linux, macOS and Windows: no
 * `..` or `.` segments, no absolute paths, no control characters or backslashes, no
 * Windows-reserved names, no segment ending in a dot or space. The server stores blobs under
 * their hash, never under this path; the rules keep downloads and ZIPs safe to unpack.
 */
export function normaliseFilePath(raw: string): NormalisedPath {
  if (loneSurrogate.test(raw)) return { ok: false, problem: 'malformedUnicode' };
  const path = raw.normalize('NFC');
  if (path.length === 0) return { ok: false, problem: 'empty' };
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return { ok: false, problem: 'absolute' };
  if (forbiddenCharacters.test(path)) return { ok: false, problem: 'forbiddenCharacter' };
  if (utf8Length(path) > fileLimits.pathBytesMax) {
    return { ok: false, problem: 'tooLong' };
  }
  const segments = path.split('/');
  if (segments.length > fileLimits.segmentsMax) return { ok: false, problem: 'tooDeep' };
  for (const segment of segments) {
    if (segment === '') return { ok: false, problem: 'emptySegment' };
    if (segment === '.' || segment === '..') return { ok: false, problem: 'dotSegment' };
    if (windowsReserved.test(segment)) return { ok: false, problem: 'reservedName' };
    if (/[. ]$/.test(segment)) return { ok: false, problem: 'trailingDotOrSpace' };
    if (utf8Length(segment) > fileLimits.segmentBytesMax) {
      return { ok: false, problem: 'segmentTooLong' };
    }
  }
  return { ok: true, path };
}

/** A stored file as the detailed object view and the bundle list show it. */
export const FileEntry = z
  .object({
    path: z.string(),
    size: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** Sniffed from the content on upload, never taken from the client. */
    mediaType: z.string(),
    /** The bundle's index file: what previews and the record's thumbnail show. */
    index: z.boolean(),
    modified: z.string(),
  })
  .meta({ id: 'FileEntry' });
export type FileEntry = z.infer<typeof FileEntry>;

export const Bundle = z
  .object({
    name: BundleName,
    /** Shown to visitors; a hidden bundle is seen only by those who may write the object. */
    display: z.boolean(),
    description: z.string(),
    order: z.number().int(),
    files: z.array(FileEntry),
  })
  .meta({ id: 'Bundle' });
export type Bundle = z.infer<typeof Bundle>;

/** `PUT /object/{id}/{bundle}/description`. */
export const BundleDescription = z.string().trim().max(fileLimits.descriptionMax);

/**
 * The answer to an upload (SPEC §3 "download result": url, type, size, filename) plus the
 * stored entry.
 */
export const UploadResult = z
  .object({
    url: z.string(),
    type: z.string(),
    size: z.number().int().min(0),
    filename: z.string(),
    file: FileEntry,
  })
  .meta({ id: 'UploadResult' });
export type UploadResult = z.infer<typeof UploadResult>;

/** What a preview of a bundle's index file can be (`GET /object/preview/{id}/type`). */
export const previewTypes = ['image', 'pdf', 'text', 'geojson', 'video', 'audio', 'none'] as const;
export const PreviewType = z.enum(previewTypes);
export type PreviewType = z.infer<typeof PreviewType>;

/** Rendered sizes of `/object/preview/{type}/{id}/{bundle}/{path}`. */
export const previewRenditions = ['thumbnail', 'small', 'large'] as const;
export const PreviewRendition = z.enum(previewRenditions);
export type PreviewRendition = z.infer<typeof PreviewRendition>;

/** `GET /media/sources/{id}`: the playable sources of an object's media. */
export const MediaSource = z
  .object({
    url: z.string(),
    type: z.string(),
    label: z.string().optional(),
    size: z.number().int().optional(),
  })
  .meta({ id: 'MediaSource' });
export type MediaSource = z.infer<typeof MediaSource>;

/** `GET /media/subtitles/{id}`: WebVTT tracks. */
export const SubtitleTrack = z
  .object({ url: z.string(), lang: z.string(), label: z.string() })
  .meta({ id: 'SubtitleTrack' });
export type SubtitleTrack = z.infer<typeof SubtitleTrack>;

/** `GET /media/thumbs/{id}`: still images of an object's media. */
export const MediaThumb = z
  .object({
    url: z.string(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
  })
  .meta({ id: 'MediaThumb' });
export type MediaThumb = z.infer<typeof MediaThumb>;

/**
 * `POST /object/{id}/{bundle}/bearer`: a short-lived signed token for the bundle's files, for
 * players and image tags that cannot send headers. `prefix` is the URL path to append an
 * encoded file path to; the prefix without its trailing `/` plus `?format=zip` is the
 * bundle's ZIP.
 */
export const BearerToken = z
  .object({
    token: z.string().describe('URL-safe base64; opaque to clients'),
    expires: z.string().describe('ISO 8601 time after which the token is refused'),
    prefix: z.string().describe('e.g. /api/v1/object/bearer-{id}/{bundle}/{token}/'),
  })
  .meta({ id: 'BearerToken' });
export type BearerToken = z.infer<typeof BearerToken>;

/** GeoJSON geometry types (RFC 7946 §1.4). */
export const geoJsonGeometryTypes: ReadonlySet<string> = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

/** `type` values a GeoJSON document may have at its root (RFC 7946 §1.4). */
export const geoJsonTypes: ReadonlySet<string> = new Set([
  'FeatureCollection',
  'Feature',
  ...geoJsonGeometryTypes,
]);
