import { once } from 'node:events';
import type { ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { FileRow } from '../../db/schema.js';
import type { BlobStore } from './store.js';

/**
 * Media types whose bytes are compressed already: stored as they are, since deflating them
 * again costs CPU and gains nothing. Everything else (CSV, GeoJSON, XML, shapefiles…) is
 * deflated at the fastest level, which shrinks text a lot at close to disk speed.
 */
const COMPRESSED =
  /^(image\/(jpeg|png|gif|webp|avif|heic|heif)|video\/|audio\/|application\/(zip|gzip|x-gzip|pdf|x-7z-compressed|x-bzip2|x-xz|zstd|x-rar-compressed|vnd\.rar))/;

/**
 * A ZIP of `files` (stored paths as entry names, modification times as entry dates), built
 * while it is read: no temporary file, nothing buffered beyond the streams' high-water marks.
 * The archive is piped to the response, so a slow client slows the blob reads down
 * (backpressure). Blobs are opened one at a time, each only when its entry starts, so at
 * most one file handle is open per download.
 *
 * When the answer stops early (the client disconnects and Fastify destroys the archive, or
 * an error), the blob being read is destroyed, which closes its handle, and no further blob
 * is opened. A failure after the headers went out can only cut the response short; it is
 * logged.
 */
export function streamBundleZip(
  store: BlobStore,
  files: readonly FileRow[],
  log: { warn(object: unknown, message: string): void },
): Readable {
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const stop = new AbortController();
  let current: ReadStream | undefined;
  archive.on('close', () => {
    stop.abort();
    current?.destroy();
  });
  // A warning is a problem with one entry; for blobs from the store there should be none.
  archive.on('warning', (error) => log.warn({ err: error }, 'ZIP entry problem'));

  const produce = async () => {
    for (const file of files) {
      if (stop.signal.aborted) return;
      const handle = await store.openBlob(file.sha256);
      if (stop.signal.aborted) {
        await handle.close();
        return;
      }
      // autoClose (the default) closes the handle when the stream ends or is destroyed.
      current = handle.createReadStream();
      // The next blob is opened once this entry is written: one open handle at a time.
      const written = once(archive, 'entry', { signal: stop.signal });
      archive.append(current, {
        name: file.path,
        date: file.modified_at,
        store: COMPRESSED.test(file.media_type),
      });
      await written;
      current = undefined;
    }
    if (!stop.signal.aborted) await archive.finalize();
  };
  produce().catch((error: unknown) => {
    if (stop.signal.aborted) return; // stopped on purpose: nothing to report
    log.warn({ err: error }, 'ZIP download failed');
    archive.destroy(error as Error);
  });
  return archive;
}
