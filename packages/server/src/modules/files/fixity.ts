import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database.js';
import * as repo from './file.repository.js';
import type { BlobStore } from './store.js';

/** A blob whose bytes are not what its row says. */
export interface FixityProblem {
  sha256: string;
  problem: 'missing' | 'mismatch';
  /** For a mismatch: the hash and size the bytes on disk have now. */
  actual?: { sha256: string; size: number };
}

export interface FixityHooks {
  /** Called after each blob; the job reports progress and honours a cancel here. */
  onBlob(progress: { done: number; total: number }): Promise<void> | void;
  onProblem(problem: FixityProblem): void;
}

/** Blobs read per query; the check then streams them one at a time. */
const PAGE = 500;

/**
 * The fixity check (issue 20): re-hashes the bytes of every blob row and compares hash and
 * size with the row. Reads only; what it finds is reported, never repaired, since the right
 * repair (a backup, a new upload) is a person's decision.
 */
export async function checkFixity(
  db: Db,
  store: BlobStore,
  hooks: FixityHooks,
): Promise<{ checked: number; problems: FixityProblem[] }> {
  const total = await repo.countBlobs(db);
  const problems: FixityProblem[] = [];
  let done = 0;
  let after = '';
  for (;;) {
    const page = await repo.listBlobsAfter(db, after, PAGE);
    if (page.length === 0) break;
    for (const blob of page) {
      const problem = await checkBlob(store, blob.sha256, Number(blob.size));
      if (problem) {
        problems.push(problem);
        hooks.onProblem(problem);
      }
      done += 1;
      await hooks.onBlob({ done, total: Math.max(total, done) });
    }
    after = page[page.length - 1]?.sha256 ?? after;
  }
  return { checked: done, problems };
}

async function checkBlob(
  store: BlobStore,
  sha256: string,
  size: number,
): Promise<FixityProblem | undefined> {
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    await pipeline(createReadStream(store.blobPath(sha256)), async (source) => {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
      }
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { sha256, problem: 'missing' };
    throw error;
  }
  const actual = hash.digest('hex');
  if (actual === sha256 && bytes === size) return undefined;
  return { sha256, problem: 'mismatch', actual: { sha256: actual, size: bytes } };
}
