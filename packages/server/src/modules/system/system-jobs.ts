import { vacuumEmbedded } from '../../db/vacuum.js';
import { purgeStaleAccessRows } from '../access/access.service.js';
import { purgeCommandExports } from '../commands/command-exports.js';
import { purgeCommandUploads } from '../commands/command-uploads.js';
import { purgeFinishedProcesses } from '../processes/process.service.js';
import type { JobKinds } from '../processes/process-job.js';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The system's own process kinds: the nightly clean-up of what other modules leave behind
 * (sessions, finished processes, command files, the embedded database's old row versions)
 * and the self-test that exercises the process machinery. The composition root
 * (`job-kinds.ts`) puts them with the others.
 */
export const systemJobKinds: Pick<JobKinds, 'maintenance.purge' | 'system.selftest'> = {
  'maintenance.purge': {
    maxTries: 3,
    async run(ctx) {
      const now = ctx.now();
      const access = await purgeStaleAccessRows({ db: ctx.db, now, config: ctx.config });
      ctx.log(
        'info',
        `Deleted ${access.sessions} expired sessions and ${access.throttles} spent sign-in counters`,
      );
      ctx.progress({ percent: 50 });
      ctx.checkpoint();
      const jobs = await purgeFinishedProcesses(
        ctx.db,
        new Date(now.getTime() - ctx.config.processes.retentionSeconds * 1000),
      );
      ctx.log('info', `Deleted ${jobs} finished processes older than the retention time`);
      const uploads = await purgeCommandUploads(ctx.config.dataDir, now);
      ctx.log('info', `Deleted ${uploads} command uploads older than a day`);
      const exports = await purgeCommandExports(ctx.config.dataDir, now);
      ctx.log('info', `Deleted ${exports} command exports older than 7 days`);
      ctx.checkpoint();
      if (await vacuumEmbedded(ctx.db)) {
        ctx.log('info', 'Vacuumed the embedded database (space of old row versions reusable)');
      }
      return {
        message: `${access.sessions} sessions, ${access.throttles} sign-in counters, ${jobs} processes, ${uploads} command uploads and ${exports} command exports deleted`,
        result: { ...access, processes: jobs, commandUploads: uploads, commandExports: exports },
      };
    },
  },

  'system.selftest': {
    maxTries: 3,
    async run(ctx) {
      const { steps, stepMs, logLines, failTries } = ctx.params;
      for (let i = 0; i < logLines; i += 1) ctx.log('info', `Line ${i + 1} of ${logLines}`);
      for (let step = 1; step <= steps; step += 1) {
        ctx.checkpoint();
        await sleep(stepMs, ctx.signal);
        ctx.checkpoint();
        ctx.progress({ done: step, total: steps, message: `Step ${step} of ${steps}` });
      }
      if (ctx.tries <= failTries) throw new Error(`Failing try ${ctx.tries} on purpose`);
      return { message: `${steps} steps done` };
    },
  },
};
