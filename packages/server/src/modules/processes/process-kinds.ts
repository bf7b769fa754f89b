import type { ProcessKind } from '@geoportal/contract/processes';
import { vacuumEmbedded } from '../../db/vacuum.js';
import { purgeStaleAccessRows } from '../access/access.service.js';
import { purgeCommandExports } from '../commands/command-exports.js';
import { purgeCommandUploads } from '../commands/command-uploads.js';
import { checkFixity } from '../files/fixity.js';
import { checkLinks } from '../links/link-check.js';
import { systemResolve } from '../outbound/outbound.service.js';
import { rebuildPreviews } from '../preview/preview.service.js';
import { previewCacheOf } from '../preview/preview-cache.js';
import { rebuildSearchIndex } from '../search/search-index.js';
import { getProductVersion } from '../system/git-info.js';
import { deleteFinishedBefore } from './process.repository.js';
import type { JobKinds } from './process-job.js';

/**
 * The kinds the processes module owns: system work whose code lives in the module it serves
 * (search, files, links, previews, access) and runs here as a job. The kinds of the modules
 * that build on processes (the command console's `command.run`, harvesting's runs and
 * removals) are exported by those modules, and the composition root (`job-kinds.ts`) puts
 * every part together: the imports stay one-way, with no registration at load time.
 */
type SystemKind = Exclude<ProcessKind, 'command.run' | 'harvest.run' | 'harvest.delete'>;

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

/** Each kind: its parameters (a zod schema of the contract), how often it is tried, its work. */
export const systemJobKinds: Pick<JobKinds, SystemKind> = {
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
