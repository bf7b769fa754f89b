import { authOfAccount } from '../access/access.service.js';
import {
  JobCanceled,
  type JobContext,
  type JobKinds,
  type KindParams,
} from '../processes/process-job.js';
import { parseLine, refuseSecretsInQueue } from './command-catalogue.js';
import { failureText, runParsedLine } from './command-runner.js';
import { readCommandUpload } from './command-uploads.js';

type Params = KindParams<'command.run'>;

/**
 * The `command.run` process: the lines in order, as the administrator who queued them (read
 * again now, so a since-disabled account runs nothing). Each line's output goes to the log
 * after a `> line` header; a failed line stops the rest unless `continueOnFailure`.
 */
export async function runCommandJob(job: JobContext<Params>) {
  const auth = job.startedBy ? await authOfAccount(job.db, job.startedBy) : null;
  const { lines, continueOnFailure } = job.params;
  // Each line read once; one that does not parse fails in its turn, as the others run.
  const queue = lines.map((line) => {
    try {
      return { line, read: parseLine(line) };
    } catch (error) {
      return { line, read: error as Error };
    }
  });
  // Queued some other way than the console: still no secret goes unseen, and no line runs.
  refuseSecretsInQueue(
    queue.map(({ read }) => (read instanceof Error ? undefined : read)),
    (i) => `lines.${i}`,
  );
  let failed = 0;
  let done = 0;
  for (const { line, read } of queue) {
    job.checkpoint();
    job.log('info', `> ${line}`);
    try {
      if (read instanceof Error) throw read;
      await runParsedLine(read, {
        ctx: {
          db: job.db,
          now: job.now(),
          auth,
          config: job.config,
          store: job.store,
          requestId: `process:${job.id}`,
          language: 'en',
        },
        caches: job.caches,
        jobKinds: job.jobKinds,
        clock: job.now,
        readUpload: (reference) => readCommandUpload(job.config.dataDir, reference),
        write: job.log,
        stored: true,
        job: { id: job.id, signal: job.signal, progress: job.progress, checkpoint: job.checkpoint },
      });
      done += 1;
    } catch (error) {
      if (error instanceof JobCanceled) throw error;
      failed += 1;
      job.log('error', `Failed: ${failureText(error)}`);
      if (!continueOnFailure) break;
    }
  }
  const skipped = lines.length - done - failed;
  const summary = `${done} of ${lines.length} commands succeeded${failed ? `, ${failed} failed` : ''}${skipped ? `, ${skipped} not run` : ''}`;
  if (failed > 0) throw new Error(summary);
  return { message: summary, result: { succeeded: done, failed, skipped } };
}

/**
 * The `command.run` process kind. The console builds on processes, so the processes module
 * does not import this: the composition root (`job-kinds.ts`) puts it into the record of
 * every kind.
 */
export const commandJobKinds: Pick<JobKinds, 'command.run'> = {
  'command.run': {
    // A queue of commands is not repeated: a command that failed half-way may have changed
    // data, so running the lines again is the administrator's decision (retry).
    maxTries: 1,
    run: runCommandJob,
  },
};
