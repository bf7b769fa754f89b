import { systemResolve } from '../geo/proxy.service.js';
import { provideHarvestRuns } from '../processes/process-kinds.js';
import { removeHarvester } from './harvest.service.js';
import { runHarvest } from './harvest-run.js';

/**
 * The `harvest.run` and `harvest.delete` processes, handed to the processes module when this
 * module loads (it builds on processes, so the imports stay one-way).
 */
provideHarvestRuns({
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
  async remove(job) {
    const removed = await removeHarvester(job.db, job.params.harvester, job.now());
    const message = `Removed the harvester and its ${removed} records`;
    job.log('info', message);
    return { message, result: { removed } };
  },
});
