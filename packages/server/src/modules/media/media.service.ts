import type { MediaSource, MediaThumb, SubtitleTrack } from '@geoportal/contract/files';
import sharp from 'sharp';
import type { FileRow } from '../../db/schema.js';
import {
  type FilesContext,
  listVisibleFiles,
  loadReadableFile,
  type ReadableFile,
} from '../files/file.service.js';
import { encodeFilePath } from '../files/file-path.js';
import { renderKind, renditionBox } from '../preview/preview-type.js';
import { previewPath } from '../preview/thumbnail.js';
import { MediaSourceNotFoundError } from './media.errors.js';

/**
 * A bundle whose images are an object's media stills (`/media/thumbs`). The obvious name,
 * `preview`, cannot be a bundle: it is a word of the `/object/preview/…` routes.
 */
const THUMBS_BUNDLE = 'thumbs';
/** Which rendition a media still is served as: big enough for a player's poster. */
const THUMB_RENDITION = 'small' as const;
/** A WebVTT file starts with this (after an optional BOM), else it is no WebVTT file. */
const WEBVTT_SIGNATURE = 'WEBVTT';

const isMedia = (file: FileRow) => /^(video|audio)\//.test(file.media_type);
const fileName = (file: FileRow) => file.path.slice(file.path.lastIndexOf('/') + 1);

/** `/object/{id}/{bundle}/{path}` relative to the API base (SPEC §7), segments encoded. */
function downloadPath(file: FileRow): string {
  return `/object/${encodeURIComponent(file.object_id)}/${encodeURIComponent(file.bundle)}/${encodeFilePath(file.path)}`;
}

/** `GET /media/sources/{id}`: the video and audio files, index files first. */
export async function listSources(ctx: FilesContext, objectId: string): Promise<MediaSource[]> {
  return (await listVisibleFiles(ctx, objectId)).filter(isMedia).map((file) => ({
    url: downloadPath(file),
    type: file.media_type,
    label: fileName(file),
    size: file.size,
  }));
}

/**
 * `GET /media/source/{id}/{type}`: the first source (in the order of `listSources`) of the
 * media type, checked again exactly as its download is; 404 `file.not_found` when there is
 * none.
 */
export async function findSource(
  ctx: FilesContext,
  objectId: string,
  mediaType: string,
): Promise<ReadableFile> {
  const wanted = mediaType.trim().toLowerCase();
  const file = (await listVisibleFiles(ctx, objectId)).find(
    (f) => isMedia(f) && f.media_type === wanted,
  );
  if (!file) throw new MediaSourceNotFoundError(wanted);
  return loadReadableFile(ctx, objectId, file.bundle, file.path);
}

/**
 * `GET /media/thumbs/{id}`: the images of a visible `thumbs` bundle, else the record's index
 * image (the first index file that is an image), as preview URLs with the size the
 * rendition will have (from the image header; left out when the header cannot be read).
 */
export async function listThumbs(ctx: FilesContext, objectId: string): Promise<MediaThumb[]> {
  const files = await listVisibleFiles(ctx, objectId);
  const images = files.filter((f) => renderKind(f.media_type) === 'image');
  const stills = images.filter((f) => f.bundle === THUMBS_BUNDLE);
  const chosen = stills.length > 0 ? stills : images.filter((f) => f.is_index).slice(0, 1);
  return Promise.all(
    chosen.map(async (file) => ({
      url: previewPath(THUMB_RENDITION, file),
      ...(await renditionSize(ctx, file)),
    })),
  );
}

/** The size an image's rendition will have: its upright size, fitted and never enlarged. */
async function renditionSize(
  ctx: FilesContext,
  file: FileRow,
): Promise<{ width: number; height: number } | Record<string, never>> {
  try {
    const meta = await sharp(ctx.store.blobPath(file.sha256)).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) return {};
    const scale = Math.min(1, renditionBox[THUMB_RENDITION] / Math.max(width, height));
    return {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    };
  } catch {
    return {};
  }
}

/**
 * `GET /media/subtitles/{id}`: the WebVTT files (`*.vtt`) that really start with `WEBVTT`.
 * `name.<lang>.vtt` gives the language (BCP 47, e.g. `de`, `en-GB`), labelled in the
 * caller's language (de or en); without one the language is `und` and the label the file
 * name.
 */
export async function listSubtitles(
  ctx: FilesContext,
  objectId: string,
  uiLanguage: 'de' | 'en',
): Promise<SubtitleTrack[]> {
  const candidates = (await listVisibleFiles(ctx, objectId)).filter((f) => /\.vtt$/i.test(f.path));
  const names = new Intl.DisplayNames([uiLanguage], {
    type: 'language',
    fallback: 'none',
    // "English (United Kingdom)", not "British English": the same pattern for every tag.
    languageDisplay: 'standard',
  });
  const tracks: SubtitleTrack[] = [];
  for (const file of candidates) {
    if (!(await startsWithWebVtt(ctx, file))) continue;
    const base = fileName(file).replace(/\.vtt$/i, '');
    const lang = languageOf(base);
    let label: string | undefined;
    try {
      label = lang ? names.of(lang) : undefined;
    } catch {
      label = undefined;
    }
    tracks.push({ url: downloadPath(file), lang: lang ?? 'und', label: label ?? base });
  }
  return tracks;
}

/** `intro.de` → `de`, `talk.en-GB` → `en-GB`; a name without such a suffix has none. */
function languageOf(base: string): string | undefined {
  const tag = /\.([a-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Z]{2}|\d{3}))?)$/i.exec(base)?.[1];
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** Reads the first bytes: a WebVTT file starts with `WEBVTT` followed by a space, tab or end of line. */
async function startsWithWebVtt(ctx: FilesContext, file: FileRow): Promise<boolean> {
  const handle = await ctx.store.openBlob(file.sha256);
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return new RegExp(`^${WEBVTT_SIGNATURE}([ \\t\\r\\n]|$)`).test(head);
  } finally {
    await handle.close();
  }
}
