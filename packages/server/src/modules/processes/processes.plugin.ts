import { accessHeaders } from '@geoportal/contract/access';
import type { FastifyInstance } from 'fastify';
import { urgently } from '../../db/connection-priority.js';
import { API_PREFIX } from '../../http/api-prefix.js';
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
    jobKinds: app.jobKinds,
    clock: app.clock,
    log: app.log,
  });
  const events = new ProcessEvents(app.db, Math.min(500, config.processes.pollIntervalMs), app.log);
  app.decorate('processes', { worker, events });
  watchProcessesUrgently(app);
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

const accessTokenHeader = accessHeaders.token.toLowerCase();

/** `GET /api/v1/processes`, `…/processes/{id}` and `…/processes/{id}/log`, not the stream. */
const processRead = new RegExp(
  `^${API_PREFIX}/processes(?:/(?!events|schedules)[^/?]+(?:/log)?)?(?:\\?|$)`,
);

/**
 * An administrator reading a job (its state, progress and log) is served ahead of the
 * searches and of the job's own batches on the embedded database's one connection
 * (db/connection-priority.ts), authentication included: otherwise each of its five small
 * statements waits its turn behind them, and the progress on screen stands still for seconds
 * while the job moves. Only requests that carry an AccessToken qualify (without one the route
 * answers 401 without a statement); the live stream reads urgently by itself
 * (process-events.ts). Registered before authentication: hooks run in the order they were
 * added, and what runs after `done` inside `urgently` is urgent too.
 */
function watchProcessesUrgently(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      request.method === 'GET' &&
      request.headers[accessTokenHeader] &&
      processRead.test(request.url)
    )
      urgently(done);
    else done();
  });
}
