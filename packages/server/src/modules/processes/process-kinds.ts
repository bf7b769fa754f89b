import { type ProcessKind, processKindParams } from '@geoportal/contract/processes';
import type { z } from 'zod';
import { vacuumEmbedded } from '../../db/vacuum.js';
import { purgeStaleAccessRows } from '../access/access.service.js';
import { purgeCommandExports } from '../commands/command-exports.js';
import { purgeCommandUploads } from '../commands/command-uploads.js';
import { checkFixity } from '../files/fixity.js';
import { systemResolve } from '../geo/proxy.service.js';
import { checkLinks } from '../links/link-check.js';
import { rebuildPreviews } from '../preview/preview.service.js';
import { previewCacheOf } from '../preview/preview-cache.js';
import { rebuildSearchIndex } from '../search/search-index.js';
import { getProductVersion } from '../system/git-info.js';
import { deleteFinishedBefore } from './process.repository.js';
import type { JobContext, JobKind } from './process-job.js';

/**
 * Every job kind, in one place: its parameters (a zod schema from the contract), how often
 * it is tried and what it does. A kind added here is startable through the API at once.
 */
type Kinds = { [K in ProcessKind]: JobKind<z.output<(typeof processKindParams)[K]>> };

/**
 * Records per batch of the `search.reindex` process, and the pause after each (PGlite).
 * Progress moves once per batch, and on the embedded database a batch holds the one
 * connection: with the index merges bounded 100 records took at most 0.6 s on a quiet
 * machine, 200 up to 0.8 s (docs/decisions.md, "Reindex batches on the embedded database").
 */
const REINDEX_BATCH_SIZE = 100;
const REINDEX_PAUSE_MS = 30;

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
 * Kinds whose work lives in a module that itself builds on the processes (the command
 * console runs process kinds in place): that module hands its run over when it loads,
 * which keeps the imports one-way.
 */
type RunOf<K extends ProcessKind> = JobKind<z.output<(typeof processKindParams)[K]>>['run'];

/** The kinds other modules provide (the command console, harvesting). */
type ProvidedKind = 'command.run' | 'harvest.run' | 'harvest.delete';

const providedRuns: { [K in ProvidedKind]?: RunOf<K> } = {};

export function provideCommandRun(run: RunOf<'command.run'>) {
  providedRuns['command.run'] = run;
}

/** Harvesting (issue 25) builds on processes for its runs and its removals. */
export function provideHarvestRuns(runs: {
  run: RunOf<'harvest.run'>;
  remove: RunOf<'harvest.delete'>;
}) {
  providedRuns['harvest.run'] = runs.run;
  providedRuns['harvest.delete'] = runs.remove;
}

function provided<K extends ProvidedKind>(kind: K): RunOf<K> {
  const run = providedRuns[kind];
  if (!run) throw new Error(`This app process cannot run ${kind} processes`);
  return run as RunOf<K>;
}

export const jobKinds: Kinds = {
  'command.run': {
    // A queue of commands is not repeated: a command that failed half-way may have changed
    // data, so running the lines again is the administrator's decision (retry).
    maxTries: 1,
    run(ctx) {
      return provided('command.run')(ctx);
    },
  },

  'harvest.run': {
    // A failed run deleted nothing and the next run starts over: a retry is the
    // administrator's (or the schedule's) decision, not an automatic one.
    maxTries: 1,
    run(ctx) {
      return provided('harvest.run')(ctx);
    },
  },

  'harvest.delete': {
    // One set operation in one transaction: trying again is safe.
    maxTries: 3,
    run(ctx) {
      return provided('harvest.delete')(ctx);
    },
  },

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

  'files.fixity': {
    maxTries: 2,
    async run(ctx) {
      const outcome = await checkFixity(ctx.db, ctx.store, {
        onBlob: ({ done, total }) => {
          ctx.progress({ done, total, message: `${done} of ${total} files checked` });
          ctx.checkpoint();
        },
        onProblem: (p) =>
          ctx.log(
            'error',
            p.problem === 'missing'
              ? `Missing: blob ${p.sha256} has no bytes on disk`
              : `Changed: blob ${p.sha256} now hashes to ${p.actual?.sha256} (${p.actual?.size} bytes)`,
          ),
      });
      const missing = outcome.problems.filter((p) => p.problem === 'missing').length;
      const mismatched = outcome.problems.length - missing;
      const message = `${outcome.checked} files checked: ${mismatched} changed, ${missing} missing`;
      ctx.log(outcome.problems.length ? 'warn' : 'info', message);
      return { message, result: { checked: outcome.checked, problems: outcome.problems } };
    },
  },

  'links.check': {
    maxTries: 2,
    async run(ctx) {
      const counts = await checkLinks(ctx.db, {
        config: ctx.config.geo,
        resolve: systemResolve,
        userAgent: `Geoportal/${getProductVersion()} (link check)`,
        recordId: ctx.params.recordId,
        signal: ctx.signal,
        now: ctx.now,
        checkpoint: () => ctx.checkpoint(),
        onRecord: ({ done, total }) =>
          ctx.progress({ done, total, message: `${done} of ${total} records checked` }),
        onLink: (recordId, url, probe) => {
          if (probe.status === 'ok') return;
          ctx.log(
            probe.status === 'broken' ? 'error' : 'warn',
            'httpStatus' in probe
              ? `Broken: ${url} of record ${recordId} answered ${probe.httpStatus}`
              : `${probe.status === 'refused' ? 'Refused' : 'Unreachable'}: ${url} of record ${recordId}: ${probe.detail}`,
          );
        },
      });
      if (ctx.params.recordId && counts.records === 0) {
        throw new Error(`There is no record ${ctx.params.recordId}`);
      }
      const message = `${counts.links} links of ${counts.records} records checked: ${counts.ok} ok, ${counts.broken} broken, ${counts.unreachable} unreachable, ${counts.refused} refused`;
      ctx.log(counts.links === counts.ok ? 'info' : 'warn', message);
      return { message, result: counts };
    },
  },

  'preview.rebuild': {
    maxTries: 2,
    async run(ctx) {
      const result = await rebuildPreviews(ctx.db, ctx.store, previewCacheOf(ctx.config.dataDir), {
        force: ctx.params.force,
        onFile: ({ done, total }) => {
          ctx.progress({ done, total, message: `${done} of ${total} records` });
          ctx.checkpoint();
        },
        onUnavailable: (objectId, path, reason) =>
          ctx.log('warn', `No preview for ${objectId} ${path}: ${reason}`),
      });
      const message = `${result.files} records, ${result.rendered} renditions ready, ${result.unavailable} files without a preview`;
      ctx.log('info', message);
      return { message, result };
    },
  },

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
      const jobs = await deleteFinishedBefore(
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

export function isKnownKind(kind: string): kind is ProcessKind {
  return Object.hasOwn(jobKinds, kind);
}

/** Runs a job of any kind with its already validated parameters. */
export function runJob(kind: ProcessKind, ctx: JobContext<unknown>) {
  return (jobKinds[kind] as JobKind<unknown>).run(ctx);
}

export { processKindParams };
