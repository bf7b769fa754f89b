import type { JobKinds } from '../processes/process-job.js';
import { rebuildSearchIndex } from './search-index.js';

/**
 * Records per batch of the `search.reindex` process, and the pause after each (PGlite).
 * Progress moves once per batch, and on the embedded database a batch holds the one
 * connection: with the index merges bounded 100 records took at most 0.6 s on a quiet
 * machine, 200 up to 0.8 s (docs/decisions.md, "Reindex batches on the embedded database").
 */
const REINDEX_BATCH_SIZE = 100;
const REINDEX_PAUSE_MS = 30;

/** The `search.reindex` process kind; the composition root (`job-kinds.ts`) puts it with the others. */
export const searchJobKinds: Pick<JobKinds, 'search.reindex'> = {
  'search.reindex': {
    maxTries: 3,
    // In place, batch by batch (search-index.ts): searches see old or new documents, never
    // an empty index; a cancel between batches leaves every document consistent.
    async run(ctx) {
      let lastLog = 0;
      const result = await rebuildSearchIndex(ctx.db, {
        // Small batches with a pause between them: on the embedded database a search waits
        // for the batch being written, and progress moves once per batch.
        batchSize: REINDEX_BATCH_SIZE,
        pauseMs: REINDEX_PAUSE_MS,
        boundMerges: true,
        signal: ctx.signal,
        now: ctx.now,
        onProgress: ({ done, total }) => {
          ctx.progress({ done, total, message: `${done} of ${total} records` });
          if (Date.now() - lastLog >= 5000 || done === total) {
            lastLog = Date.now();
            ctx.log('info', `Indexed ${done} of ${total} records`);
          }
        },
      });
      ctx.log('info', `Removed ${result.removed} documents of deleted records`);
      return {
        message: `${result.indexed} records indexed, ${result.removed} stale documents removed`,
        result,
      };
    },
  },
};
