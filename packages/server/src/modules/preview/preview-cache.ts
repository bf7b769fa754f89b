import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { PreviewRendition } from '@geoportal/contract/files';

/**
 * Bumped whenever the rendering changes (sizes, encoder settings): it is part of every cache
 * name and entity tag, so old renditions are simply never asked for again (and swept).
 */
const RENDER_VERSION = 'r1';

/** What a lookup or rendering found: the rendition's file, or why there is none. */
export type CacheEntry = { file: string; size: number } | { unavailable: string };

/**
 * Rendered previews on disk, content-addressed: `<dir>/<sha256>-<rendition>-r1.webp`, where
 * the hash is the source blob's. A blob never changes, so an entry never goes stale and needs
 * no invalidation; a replaced file has a new hash. A rendering that failed leaves
 * `…-r1.unavailable` holding the reason, so a broken or hostile file is not rendered again on
 * every request (a PDF that times out would otherwise cost its time limit each time).
 *
 * Entries are written to a temporary and renamed into place, so readers see whole files only
 * and several processes sharing `DATA_DIR` may race harmlessly (the last rename wins with the
 * same bytes). Within a process, concurrent requests for one entry share one rendering, and
 * at most `slots` renderings run at once; the rest wait their turn.
 */
export class PreviewCache {
  private readonly inFlight = new Map<string, Promise<CacheEntry>>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  /** Renderings started by this process (tests count them). */
  renders = 0;

  constructor(
    readonly dir: string,
    private readonly slots = Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2))),
  ) {}

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** The name stem of an entry; also its entity tag. */
  static key(sha256: string, rendition: PreviewRendition): string {
    return `${sha256}-${rendition}-${RENDER_VERSION}`;
  }

  /** The file of a rendered entry (whether or not it exists yet). */
  filePath(key: string): string {
    return path.join(this.dir, `${key}.webp`);
  }

  /**
   * The cached entry for `key`, rendering it with `render` first if there is none. `render`
   * answers the encoded bytes, or throws `unavailable(reason)`'s error for a file that cannot
   * be rendered (remembered); any other error (disk full, …) is passed on and not remembered.
   */
  async get(
    key: string,
    render: () => Promise<Buffer>,
    isUnavailable: (error: unknown) => string | undefined,
  ): Promise<CacheEntry> {
    const cached = await this.lookup(key);
    if (cached) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.renderOnce(key, render, isUnavailable).finally(() =>
        this.inFlight.delete(key),
      );
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async lookup(key: string): Promise<CacheEntry | undefined> {
    const file = this.filePath(key);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) return { file, size: info.size };
    const reason = await readFile(path.join(this.dir, `${key}.unavailable`), 'utf8').catch(
      () => undefined,
    );
    return reason === undefined ? undefined : { unavailable: reason };
  }

  private async renderOnce(
    key: string,
    render: () => Promise<Buffer>,
    isUnavailable: (error: unknown) => string | undefined,
  ): Promise<CacheEntry> {
    await this.acquire();
    try {
      // Another process (or a request that finished while this one waited) may have done it.
      const cached = await this.lookup(key);
      if (cached) return cached;
      this.renders += 1;
      let bytes: Buffer;
      try {
        bytes = await render();
      } catch (error) {
        const reason = isUnavailable(error);
        if (reason === undefined) throw error;
        await this.write(`${key}.unavailable`, Buffer.from(reason));
        return { unavailable: reason };
      }
      await this.write(`${key}.webp`, bytes);
      return { file: this.filePath(key), size: bytes.length };
    } finally {
      this.release();
    }
  }

  /** Temporary in the same folder, then rename: atomic on one file system. */
  /** Forgets an entry (its rendition or its failure), so the next `get` renders anew. */
  async drop(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
    await rm(path.join(this.dir, `${key}.unavailable`), { force: true });
  }

  private async write(name: string, bytes: Buffer): Promise<void> {
    const tmp = path.join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
      await rename(tmp, path.join(this.dir, name));
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  private async acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter; `running` stays the same.
    if (next) next();
    else this.running -= 1;
  }

  /**
   * Removes entries whose source blob is gone (`blobExists` false), entries of an older
   * `RENDER_VERSION`, and temporaries older than `olderThanMs` (a crash mid-write). Answers
   * how many files went.
   */
  async sweep(
    blobExists: (sha256: string) => Promise<boolean>,
    now: number,
    olderThanMs: number,
  ): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const file = path.join(this.dir, name);
      let remove: boolean;
      if (name.endsWith('.tmp')) {
        const info = await stat(file).catch(() => undefined);
        remove = info !== undefined && now - info.mtimeMs >= olderThanMs;
      } else {
        const match = /^([0-9a-f]{64})-[a-z]+-(r\d+)\.(webp|unavailable)$/.exec(name);
        remove = !match || match[2] !== RENDER_VERSION || !(await blobExists(match[1] as string));
      }
      if (remove) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

/** The cache of a data folder: `DATA_DIR/previews`, shared by every process on that folder. */
export function previewCacheOf(dataDir: string): PreviewCache {
  return new PreviewCache(path.join(dataDir, 'previews'));
}
