import type { Db } from '../../db/database.js';
import * as repo from './sitemap.repository.js';

/** One file of record pages: its stretch of ids and the newest change in it. */
export interface RecordFile {
  /** The last id of the file before (undefined for the first file). */
  after: string | undefined;
  /** The last id of this file when it was cut. */
  last: string;
  lastModified: Date;
}

/** The ids a file serves: after the file before, up to its own last id (the last: open). */
export interface FileRange {
  after: string | undefined;
  upTo: string | undefined;
}

/** How long a cut serves the files before it is made afresh (one hour). */
export const CUT_LIFETIME_MS = 3600_000;

/**
 * Where the record files of the sitemap begin and end. Files are stretches of public records
 * in id order, `pageSize` each; finding where the n-th begins means stepping through the n−1
 * before it (keyset, never OFFSET), so the cut is kept in memory: the index cuts afresh on
 * every request and the files it lists use that cut, as a crawler asks for them right after.
 * A file asked for later, or by another app process, cuts afresh when the cut is older than
 * `CUT_LIFETIME_MS` or does not reach that far.
 *
 * Every public record lies in exactly one file of a cut: a file serves the ids after the one
 * before up to its own last id, the last file everything after. Records added since the cut
 * land in the file whose stretch they fall into, which may grow past `pageSize` until the next
 * cut (up to the protocol's 50,000; beyond, it is cut off there until the next cut).
 */
export class SitemapFiles {
  private cut: { files: RecordFile[]; at: number } | undefined;

  constructor(private readonly pageSize: number) {}

  /** Cuts the files afresh and keeps the cut. */
  async recut(db: Db, now: Date): Promise<RecordFile[]> {
    const files: RecordFile[] = [];
    let after: string | undefined;
    for (;;) {
      const stretch = await repo.nextStretch(db, after, this.pageSize);
      if (!stretch) break;
      files.push({ after, last: stretch.last, lastModified: stretch.lastModified });
      if (stretch.count < this.pageSize) break;
      after = stretch.last;
    }
    this.cut = { files, at: now.getTime() };
    return files;
  }

  /** The range of the n-th file (from 1), or undefined when the sitemap has no such file. */
  async range(db: Db, now: Date, n: number): Promise<FileRange | undefined> {
    const fresh = this.cut && now.getTime() - this.cut.at < CUT_LIFETIME_MS;
    let files = fresh && this.cut ? this.cut.files : await this.recut(db, now);
    if (n > files.length && fresh) files = await this.recut(db, now);
    const file = files[n - 1];
    if (!file) return undefined;
    return { after: file.after, upTo: n < files.length ? file.last : undefined };
  }

  /** Forgets the cut (`clear caches`); answers how many files it held. */
  clear(): number {
    const files = this.cut?.files.length ?? 0;
    this.cut = undefined;
    return files;
  }
}
