import type { Db } from '../../db/database.js';
import { isEmbedded } from '../../db/vacuum.js';
import { searchDocumentOf } from './search-document.js';
import * as repo from './search-index.repository.js';

/**
 * Keeping the search index in step with the objects. Every change to an object (create,
 * save, workflow step, access change) calls `refreshSearchDocuments` in its own transaction,
 * so a committed object always has its current document; deleting an object deletes its
 * document by cascade. `rebuildSearchIndex` recomputes every document in batches while the
 * app serves.
 */

/**
 * The form of the stored documents. Raise it whenever `searchDocumentOf` or the SQL that
 * stores a document changes: the next start rebuilds the index (`ensureSearchIndex`), which
 * rewrites the documents whose content hash came out different and leaves the others.
 */
export const SEARCH_INDEX_VERSION = 9;

/**
 * Recomputes the documents of these objects inside the caller's transaction. Locks the object
 * rows first, so a concurrent rebuild batch either waits for this transaction or has written
 * before it (and this write wins).
 */
export async function refreshSearchDocuments(trx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await repo.lockObjects(trx, ids, false);
  // The labels are read in the same transaction: a few small rows, and never stale.
  const [sources, labels] = await Promise.all([
    repo.loadSources(trx, ids),
    repo.loadCodeLabels(trx),
  ]);
  await repo.writeDocuments(
    trx,
    sources.map((s) => searchDocumentOf(s, labels)),
  );
}

export interface RebuildProgress {
  done: number;
  total: number;
}

export interface RebuildOptions {
  /** Objects per batch (default 500 on PostgreSQL, 2,000 on PGlite). */
  batchSize?: number;
  /** Batches written at the same time (default 2 on PostgreSQL; PGlite always 1). */
  concurrency?: number;
  onProgress?: (progress: RebuildProgress) => void;
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * On PGlite, a pause after each batch that leaves the one connection to the requests
   * waiting for it: a search runs several statements, and without a pause each of them
   * waits for a whole batch. A rebuild beside a serving app sets it; the start-up one does not.
   */
  pauseMs?: number;
  /**
   * On PGlite, bound the index merges of each batch (`boundIndexMerges`): no batch then holds
   * the one connection for long, at the cost of a slower rebuild. A rebuild beside a serving
   * app sets it; the start-up one, which nobody waits behind, does not.
   */
  boundMerges?: boolean;
}

/**
 * PGlite runs every statement on this thread through one connection: a second batch in
 * flight only waits for it, and larger batches spend less on statements and commits.
 */
const embeddedDefaults = { batchSize: 2000, concurrency: 1 };
const serverDefaults = { batchSize: 500, concurrency: 2 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Records written between checkpoints on PGlite, which bounds the WAL a rebuild leaves. Not
 * more often: after each checkpoint the first change of every page writes the whole page to
 * the WAL again, and every 10,000 records the 250,000-record reindex took 983 s instead of
 * 649 s, with longer pauses of its progress (docs/benchmarks.md).
 */
const checkpointEvery = 50_000;

/**
 * Rebuilds every document in batches of `batchSize` objects in id order, each batch in its
 * own short transaction, then removes documents of objects that are gone. The app keeps
 * serving: a batch skips objects another transaction is changing right now (that
 * transaction writes their document itself), and searches see old or new documents, never
 * none. Documents whose content has not changed are not rewritten (`writeDocuments`), so
 * a rebuild over a current index mostly reads.
 */
export async function rebuildSearchIndex(
  db: Db,
  options: RebuildOptions = {},
): Promise<{ indexed: number; removed: number }> {
  const embedded = await isEmbedded(db);
  const defaults = embedded ? embeddedDefaults : serverDefaults;
  const batchSize = options.batchSize ?? defaults.batchSize;
  const concurrency = embedded ? 1 : Math.max(1, options.concurrency ?? defaults.concurrency);
  const total = await repo.countObjects(db);
  const labels = await repo.loadCodeLabels(db);
  let done = 0;
  let written = 0;
  let sinceCheckpoint = 0;
  options.onProgress?.({ done, total });
  const indexBatch = (ids: string[]) =>
    db.transaction().execute(async (trx) => {
      await repo.relaxCommit(trx);
      if (embedded && options.boundMerges) await repo.boundIndexMerges(trx);
      const locked = await repo.lockObjects(trx, ids, true);
      const sources = await repo.loadSources(trx, locked);
      return repo.writeDocuments(
        trx,
        sources.map((s) => searchDocumentOf(s, labels)),
      );
    });
  // On PostgreSQL batches run `concurrency` at a time, each on its own connection (and core),
  // so computing the next documents overlaps writing the last ones.
  const running = new Set<Promise<void>>();
  let failure: unknown;
  let after: string | null = null;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      if (failure) throw failure;
      const ids = await repo.nextObjectIds(db, after, batchSize);
      if (ids.length === 0) break;
      after = ids[ids.length - 1] as string;
      const batch: Promise<void> = indexBatch(ids).then(
        (count) => {
          done += ids.length;
          written += count;
          sinceCheckpoint += count;
          options.onProgress?.({ done, total: Math.max(total, done) });
        },
        (error: unknown) => {
          failure ??= error;
        },
      );
      running.add(batch);
      void batch.finally(() => running.delete(batch));
      if (running.size >= concurrency) await Promise.race(running);
      if (embedded && options.pauseMs) await sleep(options.pauseMs);
      if (embedded && sinceCheckpoint >= checkpointEvery) {
        sinceCheckpoint = 0;
        await repo.checkpoint(db);
      }
    }
  } finally {
    await Promise.all(running);
  }
  if (failure) throw failure;
  const removed = await repo.removeOrphanDocuments(db);
  if (written + removed > 0) await repo.analyzeIndex(db);
  if (embedded && sinceCheckpoint + removed > 0) await repo.checkpoint(db);
  await repo.setIndexVersion(db, SEARCH_INDEX_VERSION, options.now?.() ?? new Date());
  return { indexed: done, removed };
}

/**
 * At start-up: rebuilds the index when its stored version is not this code's (a new
 * database, or a release that changed the document). Small catalogues are rebuilt before
 * the server listens; large ones in the background, with progress in the log, while the
 * server already answers (searches then find the old documents until their batch is done).
 */
export async function ensureSearchIndex(
  db: Db,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  options: {
    foregroundMax?: number;
    /** Queues the rebuild of a large catalogue as a background process instead. */
    background?: () => Promise<void>;
  } = {},
): Promise<{ rebuilding: Promise<void> | undefined }> {
  if ((await repo.indexVersion(db)) === SEARCH_INDEX_VERSION) return { rebuilding: undefined };
  const total = await repo.countObjects(db);
  const run = async () => {
    const started = Date.now();
    let lastLog = started;
    const result = await rebuildSearchIndex(db, {
      onProgress: ({ done, total }) => {
        if (Date.now() - lastLog < 5_000) return;
        lastLog = Date.now();
        log.info({ done, total }, `Search index: ${done} of ${total} records`);
      },
    });
    log.info({ ...result, ms: Date.now() - started }, 'Search index rebuilt');
  };
  if (total <= (options.foregroundMax ?? 20_000)) {
    await run();
    return { rebuilding: undefined };
  }
  if (options.background) {
    log.info({ total }, 'Search index: rebuild queued as a background process');
    await options.background();
    return { rebuilding: undefined };
  }
  const rebuilding = run().catch((error: unknown) => {
    log.error({ err: error }, 'Search index rebuild failed; run "npm run reindex"');
  });
  return { rebuilding };
}

/**
 * Whether a published record (vetted by an editor) offers a map service (WMS, WMTS) on this
 * host and port: the map-service proxy lets such hosts through besides `GEO_PROXY_ALLOW`.
 * Asked of the database each time, so publishing and withdrawing take effect at once.
 */
export function isPublishedServiceHost(db: Db, host: string, port: number): Promise<boolean> {
  return repo.publishedServiceHostExists(db, `${host}:${port}`);
}
