import type { FastifyInstance } from 'fastify';
import { ProcessEvents } from './process-events.js';
import { ensureDefaultSchedules } from './process-schedules.js';
import { ProcessWorker } from './process-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's worker and the live stream of process changes. */
    processes: { worker: ProcessWorker; events: ProcessEvents };
  }
}

/**
 * Sets up the background processes of this app process: the default schedules once per
 * database, the worker (unless `PROCESS_WORKER=false`) from when the app is ready, and the
 * live stream. On close the streams end and running jobs go back to the queue, so nothing
 * holds the process open.
 */
export function registerProcesses(app: FastifyInstance): void {
  const { config } = app;
  const worker = new ProcessWorker({
    db: app.db,
    config,
    store: app.blobStore,
    caches: app.memoryCaches,
    clock: app.clock,
    log: app.log,
  });
  const events = new ProcessEvents(app.db, Math.min(500, config.processes.pollIntervalMs), app.log);
  app.decorate('processes', { worker, events });
  app.addHook('onReady', async () => {
    // A database that is down now must not stop the app from answering (health says 503);
    // the next start adds the schedules.
    await ensureDefaultSchedules(app.db, app.clock()).catch((err: unknown) =>
      app.log.warn({ err }, 'could not add the default process schedules'),
    );
    if (config.processes.worker) worker.start();
  });
  app.addHook('preClose', async () => {
    events.close();
    await worker.stop();
  });
}
