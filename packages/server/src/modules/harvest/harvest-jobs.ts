import { systemResolve } from '../outbound/outbound.service.js';
import type { JobKinds } from '../processes/process-job.js';
import { removeHarvester } from './harvest.service.js';
import { runHarvest } from './harvest-run.js';

/**
 * The `harvest.run` and `harvest.delete` process kinds. Harvesting builds on processes, so
 * the processes module does not import this: the composition root (`job-kinds.ts`) puts it
 * into the record of every kind.
 */
export const harvestJobKinds: Pick<JobKinds, 'harvest.run' | 'harvest.delete'> = {
  'harvest.run': {
    // A failed run deleted nothing and the next run starts over: a retry is the
    // administrator's (or the schedule's) decision, not an automatic one.
    maxTries: 1,
    // One run per harvester at a time, however it is queued: two would count and withdraw
    // against each other.
    dedupeKey: (params) => `harvest:${params.harvester}`,
    run: (job) =>
      runHarvest(
        {
          db: job.db,
          config: job.config,
          resolve: systemResolve,
          processId: job.id,
          signal: job.signal,
          now: job.now,
          log: (level, text) => job.log(level, text),
          progress: (update) => job.progress(update),
          checkpoint: () => job.checkpoint(),
        },
        job.params.harvester,
      ),
  },

  'harvest.delete': {
    // One transaction: trying again is safe.
    maxTries: 3,
    async run(job) {
      const removed = await removeHarvester(job.db, job.params.harvester, job.now(), job.id);
      const message = `Removed the harvester and its ${removed} records`;
      job.log('info', message);
      return { message, result: { removed } };
    },
  },
};
