import type { FastifyInstance } from 'fastify';
import { appContext } from '../../http/request-context.js';
import { purgeStaleAccessRows } from './access.service.js';

/** How often expired sessions and spent sign-in counters are deleted: every 15 minutes. */
export const ACCESS_PURGE_INTERVAL_MS = 15 * 60 * 1000;

export interface AccessPurgeOptions {
  /** Milliseconds between two purges after the one at start-up (default 15 minutes). */
  intervalMs?: number;
}

/**
 * Deletes expired sessions and spent sign-in counters when the app is ready and then every
 * `intervalMs`, until the app closes. The timer does not keep the process alive; a purge
 * that fails is logged and tried again at the next tick. (The Processes issue will make this
 * a scheduled job that runs once across processes.)
 */
export function registerAccessPurge(app: FastifyInstance, options: AccessPurgeOptions = {}) {
  const intervalMs = options.intervalMs ?? ACCESS_PURGE_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    running ??= purgeStaleAccessRows(appContext(app))
      .then(
        (purged) => {
          if (purged.sessions + purged.throttles > 0) {
            app.log.info(purged, 'purged expired sessions and sign-in counters');
          }
        },
        (err: unknown) => app.log.warn({ err }, 'purging expired sessions failed'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  app.addHook('onReady', async () => {
    await tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
