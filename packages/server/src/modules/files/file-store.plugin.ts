import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listObjectBlobs } from './file.repository.js';
import { collectBlob, sweep } from './file.service.js';
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
 * user of the store — it holds the database's exclusive lock (db/database-lock.ts), taken
 * before this runs, so a second process on the same DATA_DIR stops before sweeping — and
 * every temporary is left over; on PostgreSQL several processes may share the store, so only
 * temporaries untouched for an hour go (an upload in progress keeps writing to its own).
 * Blobs go only when the database they share says no file uses them (`collectBlob`, under
 * the blob row's lock). The sweep repeats hourly as a safety net; the blobs of a deleted
 * object are collected right after its delete (`collectBlobsOfDeletedObjects`).
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
  collectBlobsOfDeletedObjects(app, ctx);
}

/** The full URL pattern of the record delete route (the API prefix is `/api/v1`, app.ts). */
const DELETE_OBJECT_ROUTE = '/api/v1/object/:id';

/** The blobs an object's files used, read before its `DELETE /object/{id}` runs. */
const blobsBeforeDelete = new WeakMap<FastifyRequest, string[]>();

/**
 * `DELETE /object/{id}` cascades to the file rows; the blobs they used are collected right
 * after the delete committed instead of at the next sweep. The hashes are read before the
 * handler (afterwards the rows are gone), and collected in `onSend` of a 204, so the client
 * sees the answer only once the bytes are gone. `collectBlob` re-checks under the blob lock
 * that no other file uses a blob, so content another record shares stays; it never throws,
 * and whatever it misses the next sweep removes. Lives here so that the objects module
 * needs no knowledge of files.
 */
function collectBlobsOfDeletedObjects(
  app: FastifyInstance,
  ctx: Parameters<typeof collectBlob>[0],
): void {
  const isObjectDelete = (request: FastifyRequest) =>
    request.method === 'DELETE' && request.routeOptions.url === DELETE_OBJECT_ROUTE;
  app.addHook('preHandler', async (request) => {
    if (!isObjectDelete(request)) return;
    const { id } = request.params as { id?: string };
    if (typeof id !== 'string') return;
    try {
      blobsBeforeDelete.set(request, await listObjectBlobs(app.db, id));
    } catch (error) {
      request.log.warn({ err: error }, 'could not list the blobs of a record being deleted');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const shas = blobsBeforeDelete.get(request);
    if (!shas) return payload;
    blobsBeforeDelete.delete(request);
    if (reply.statusCode === 204) {
      for (const sha256 of shas) await collectBlob(ctx, sha256);
    }
    return payload;
  });
}
