import sharp, { type Sharp } from 'sharp';

/**
 * Decompression-bomb guard: images with more pixels than this are refused from their header,
 * before any pixel is decoded (a 100000 × 100000 PNG is a few hundred bytes on disk but
 * 40 GB decoded). 100 megapixels covers every camera and most orthophoto tiles.
 */
const MAX_INPUT_PIXELS = 100_000_000;
/** libvips stops a rendering that runs longer than this (a pathological TIFF, say). */
const TIME_LIMIT_SECONDS = 20;

/** Raised for bytes the decoder refuses; the caller answers 422 and remembers the outcome. */
export class RenderFailedError extends Error {
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
    this.name = 'RenderFailedError';
  }
}

/** The encoding every rendition uses: WebP keeps transparency and is small for photos too. */
export function encodeWebp(image: Sharp): Sharp {
  return image.webp({ quality: 80, effort: 4 });
}

/**
 * Renders a raster image into a `box` × `box` square: turned upright by its EXIF
 * orientation, never enlarged, first frame or page only, metadata (EXIF with GPS positions,
 * ICC, XMP) dropped — sharp writes none unless asked. Answers the WebP bytes; any decoding
 * problem (corrupt, truncated, too many pixels, too slow) is a `RenderFailedError`.
 */
export async function renderImage(file: string, box: number): Promise<Buffer> {
  try {
    const image = sharp(file, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // Truncated or corrupt data fails instead of rendering grey stripes.
      failOn: 'error',
      autoOrient: true,
      // Sequential access keeps memory low on large images; one frame only.
      sequentialRead: true,
      animated: false,
    })
      .timeout({ seconds: TIME_LIMIT_SECONDS })
      .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true });
    return await encodeWebp(image).toBuffer();
  } catch (error) {
    throw new RenderFailedError(describeSharpError(error), { cause: error });
  }
}

/** A short, safe reason (no file paths) from a sharp/libvips error. */
function describeSharpError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return `more than ${MAX_INPUT_PIXELS / 1e6} megapixels`;
  if (/timeout/i.test(message)) return `rendering took longer than ${TIME_LIMIT_SECONDS} s`;
  if (/unsupported image format/i.test(message)) return 'unsupported image format';
  return 'the image data is damaged or cannot be decoded';
}
