import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sweep } from './file.service.js';
import { BlobStore } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content-addressed blob store under `DATA_DIR/blobs`. */
    blobStore: BlobStore;
  }
}

/** How often each process sweeps, and how old a temporary must be to count as left over. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/**
 * Opens the blob store and cleans it before the app serves: temporaries of uploads a crash
 * or kill cut off, and blobs no file uses. On the embedded database this process is the only
 * user of the store, so every temporary is left over; on PostgreSQL several processes may
 * share the store, so only temporaries untouched for an hour go (an upload in progress keeps
 * writing to its own). The sweep repeats hourly, which also collects blobs of deleted objects.
 */
export async function registerFileStore(app: FastifyInstance): Promise<void> {
  const store = new BlobStore(path.join(app.config.dataDir, 'blobs'));
  await store.init();
  app.decorate('blobStore', store);
  const ctx = { db: app.db, store, log: app.log };
  const swept = await sweep(ctx, {
    now: Date.now(),
    temporariesOlderThanMs: app.dbKind === 'pglite' ? 0 : STALE_TEMPORARY_MS,
  });
  if (swept.temporaries + swept.blobs > 0) {
    app.log.info(swept, 'removed left-over upload temporaries and unused blobs');
  }
  const timer = setInterval(() => {
    sweep(ctx, { now: Date.now(), temporariesOlderThanMs: STALE_TEMPORARY_MS }).catch((error) =>
      app.log.warn({ err: error }, 'file store sweep failed'),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
