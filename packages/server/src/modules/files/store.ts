import { isUtf8 } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Stream buffers of the upload path (see `BlobStore.receive`). */
const STREAM_BUFFER_BYTES = 1 << 20;

/**
 * The blob store (DESIGN §2): bytes live once under their SHA-256 in
 * `<root>/<2 hex>/<2 hex>/<sha256>`; uploads arrive in `<root>/tmp/` first. A temporary sits
 * in the same file system as its final place, so moving it there is an atomic rename: a
 * blob path holds either nothing or the complete, fsynced bytes. The database decides which
 * blobs are in use (file.service.ts); this module only moves bytes.
 */
export class BlobStore {
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  /** Creates the folders; call once at start-up. */
  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
  }

  /** Where the bytes of a blob live. `sha256` must be 64 lower-case hex digits. */
  blobPath(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /**
   * Streams `source` into a new temporary while hashing and counting it; `fsync`s before it
   * answers. Memory use does not depend on the size: `pipeline` applies backpressure. On any
   * failure (the source errors or is destroyed, the disk is full, `limit` is passed) the
   * temporary is removed and the error is rethrown.
   */
  async receive(
    source: NodeJS.ReadableStream,
    options: { limit?: number } = {},
  ): Promise<Received> {
    const tmpPath = path.join(this.tmpDir, `${Date.now()}-${randomBytes(12).toString('hex')}.part`);
    const probe = new HashingProbe(options.limit);
    // `flush` fsyncs before the stream closes, so the bytes are on disk before the rename.
    // Room for 1 MiB of queued writes: parsing and hashing go on while the disk writes,
    // instead of taking turns with every 64 KiB chunk.
    const sink = createWriteStream(tmpPath, {
      flags: 'wx',
      mode: 0o600,
      flush: true,
      highWaterMark: STREAM_BUFFER_BYTES,
    });
    try {
      await pipeline(source, probe, sink);
      return { tmpPath, sha256: probe.digest(), size: probe.size, utf8Text: probe.isText() };
    } catch (error) {
      // A body that fails at once can end the pipeline while the file is still being opened;
      // the open then creates it after any removal. Remove it once the stream has closed.
      if (!sink.closed) await once(sink, 'close').catch(() => undefined);
      await rm(tmpPath, { force: true });
      throw error;
    }
  }

  /**
   * Moves a received temporary to its content address. When the blob is already there (same
   * hash, same size) the temporary is dropped instead: deduplication. The caller holds the
   * database lock of the blob row (file.service.ts), so no garbage collection runs in between.
   */
  async place(received: Received): Promise<void> {
    const target = this.blobPath(received.sha256);
    const existing = await stat(target).catch(() => undefined);
    if (existing?.isFile() && existing.size === received.size) {
      await rm(received.tmpPath, { force: true });
      return;
    }
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true });
    await rename(received.tmpPath, target);
    await fsyncDirectory(dir);
  }

  /** Removes a temporary that was not placed (a failed or refused upload). */
  async discard(received: Received): Promise<void> {
    await rm(received.tmpPath, { force: true });
  }

  /** Removes a blob's bytes; a blob already gone is fine. */
  async remove(sha256: string): Promise<void> {
    try {
      await unlink(this.blobPath(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /** Opens a blob for reading; the caller streams from the handle and closes it. */
  async openBlob(sha256: string): Promise<FileHandle> {
    return open(this.blobPath(sha256), 'r');
  }

  async exists(sha256: string): Promise<boolean> {
    return (await stat(this.blobPath(sha256)).catch(() => undefined))?.isFile() ?? false;
  }

  /**
   * Removes temporaries left by uploads that never finished (a crash, a kill). Only those not
   * written to for `olderThanMs`, so that a sweep in one process spares the uploads another
   * process sharing the store is receiving right now. Answers how many were removed.
   */
  async removeStaleTemporaries(now: number, olderThanMs: number): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const file = path.join(this.tmpDir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      await rm(file, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }
}

/** A fully received upload in the temporary folder. */
export interface Received {
  tmpPath: string;
  sha256: string;
  size: number;
  /** Whether every byte forms valid UTF-8 without NUL: the condition for a text media type. */
  utf8Text: boolean;
}

/** Thrown through the pipeline when an upload passes its limit. */
export class LimitExceededError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
    this.name = 'LimitExceededError';
  }
}

/**
 * Passes bytes through unchanged while feeding the SHA-256, counting them, and checking
 * whether they are UTF-8 text. The UTF-8 check runs on each chunk with a carry of at most
 * three bytes for a character split between chunks, and stops at the first failure.
 */
class HashingProbe extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private text = true;
  private carry: Buffer = Buffer.alloc(0);

  constructor(private readonly limit: number | undefined) {
    super({ highWaterMark: STREAM_BUFFER_BYTES });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.limit !== undefined && this.size > this.limit) {
      callback(new LimitExceededError(this.limit));
      return;
    }
    this.hash.update(chunk);
    if (this.text) this.checkText(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  isText(): boolean {
    return this.text && this.carry.length === 0;
  }

  private checkText(chunk: Buffer) {
    if (chunk.includes(0)) {
      this.text = false;
      return;
    }
    let rest = chunk;
    if (this.carry.length > 0) {
      const need = sequenceLength(this.carry[0] as number) - this.carry.length;
      const head = Buffer.concat([this.carry, chunk.subarray(0, need)]);
      if (head.length < sequenceLength(head[0] as number)) {
        this.carry = head;
        return;
      }
      if (!isUtf8(head)) {
        this.text = false;
        return;
      }
      rest = chunk.subarray(need);
    }
    const open = incompleteTail(rest);
    if (!isUtf8(rest.subarray(0, rest.length - open))) {
      this.text = false;
      return;
    }
    this.carry = Buffer.from(rest.subarray(rest.length - open));
  }
}

/** Bytes of the UTF-8 sequence a lead byte starts (1 for anything that is no lead byte). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

/** How many bytes at the end of `buf` start a UTF-8 sequence that the buffer does not finish. */
function incompleteTail(buf: Buffer): number {
  for (let i = 1; i <= Math.min(3, buf.length); i++) {
    const byte = buf[buf.length - i] as number;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    return byte >= 0xc0 && sequenceLength(byte) > i ? i : 0;
  }
  return 0;
}

/** Makes a rename durable: the directory entry itself must reach the disk. */
async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems (and platforms) refuse fsync on directories; the rename stands.
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL') throw error;
  } finally {
    await handle.close();
  }
}
