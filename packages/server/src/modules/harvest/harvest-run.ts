import { emptyHarvestCounts, type HarvestCounts } from '@geoportal/contract/harvester';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import * as writes from '../objects/object-writes.js';
import { fetchDocument, type Resolve } from '../outbound/outbound.service.js';
import { JobCanceled } from '../processes/process-job.js';
import { vocabularies } from '../records/record.service.js';
import { getProductVersion } from '../system/git-info.js';
import * as repo from './harvest.repository.js';
import { harvestActor, importPage, type SeenIds } from './harvest-import.js';
import { type Loader, loaderOf, resolveListed } from './harvest-listing.js';
import { cswPages } from './sources/csw-source.js';
import { oaiPages } from './sources/oai-source.js';
import { ogcApiRecordsPages } from './sources/ogcapi-source.js';
import type { Fetch, Listing, SourceOptions, SourcePages } from './sources/source.js';

/**
 * One run of a harvester (the `harvest.run` process): pages through the remote within the
 * page and record limits — whole records on a first harvest, identifiers and date stamps
 * once the harvester knows the remote's records (harvest-listing.ts) — imports each page
 * (harvest-import.ts), and after a complete and
 * successful listing withdraws the records the remote no longer lists — unless it listed
 * far fewer than the harvester holds. A run that fails, is cancelled or stops at a limit
 * deletes nothing and says why; its counts are kept per page in `harvest_run`.
 */

export interface RunContext {
  db: Db;
  config: Config;
  resolve: Resolve;
  processId: string;
  signal: AbortSignal;
  now(): Date;
  log(level: 'info' | 'warn' | 'error', text: string): void;
  progress(update: { done?: number; total?: number; message?: string }): void;
  checkpoint(): void;
}

/** Records withdrawn per transaction. */
const WITHDRAW_BATCH = 500;

export function sourcePages(type: string, options: SourceOptions): SourcePages {
  if (type === 'csw') return cswPages(options);
  if (type === 'oai-pmh') return oaiPages(options);
  return ogcApiRecordsPages(options);
}

/** Outbound requests of harvesting: the address rule, harvest time and size limits. */
export function harvestFetch(
  config: Config,
  resolve: Resolve,
  signal: AbortSignal | undefined,
  timeoutMs = config.harvest.timeoutMs,
): Fetch {
  return (url) =>
    fetchDocument(url, {
      config: { allowPrivate: config.harvest.allowPrivate },
      resolve,
      userAgent: `Geoportal/${getProductVersion()} (harvester)`,
      maxBytes: config.harvest.maxBytes,
      timeoutMs,
      ...(signal ? { signal } : {}),
    });
}

const summary = (c: HarvestCounts) =>
  `${c.seen} seen: ${c.added} added, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped, ${c.failed} failed, ${c.deleted} deleted`;

export async function runHarvest(ctx: RunContext, harvesterId: string) {
  const harvester = await repo.findHarvester(ctx.db, harvesterId);
  if (!harvester || harvester.deleting) throw new Error(`There is no harvester ${harvesterId}`);
  // Two runs of one harvester would count and withdraw against each other.
  if (await repo.hasRun(ctx.db, harvesterId, ['running'], ctx.processId)) {
    throw new Error('Another run of this harvester is running: this one did nothing');
  }
  await repo.insertRun(ctx.db, {
    processId: ctx.processId,
    harvesterId,
    queuedAt: ctx.now(),
    counts: emptyHarvestCounts(),
  });
  const counts = emptyHarvestCounts();
  const seen: SeenIds = new Set();
  const { maxPages, maxRecords, pageSize } = ctx.config.harvest;
  const page = {
    db: ctx.db,
    harvester,
    processId: ctx.processId,
    vocabularies: await vocabularies(ctx.db),
    now: ctx.now(),
    log: ctx.log,
  };
  ctx.log('info', `Harvesting ${harvester.source_type} ${harvester.source_url}`);
  const stop = async (message: string): Promise<never> => {
    ctx.log('warn', message);
    await repo.updateRun(ctx.db, ctx.processId, counts, message);
    throw new Error(message);
  };

  let pages = 0;
  let limit: string | null = null;
  /** Listed records whose identity stayed unknown: the listing cannot support deletions. */
  let unresolved = 0;
  /** The record count the remote announced with its last page, when it did. */
  let announced: number | null = null;
  // A first harvest takes whole records (all are new); later ones list identifiers first.
  const listing: Listing = (await repo.knowsListedIds(ctx.db, harvesterId))
    ? 'identifiers'
    : 'records';
  // Where the time goes, side by side: how long the run waited for the remote's answers
  // (blocked on a listing page or on fetches of whole records), and its own work here (the
  // ISO reader, the batched writes and index updates). The next listing page is asked for
  // while this one is imported, so the remote's work and ours overlap.
  const timing = { remoteMs: 0, importMs: 0 };
  try {
    const fetch = harvestFetch(ctx.config, ctx.resolve, ctx.signal);
    ctx.log(
      'info',
      listing === 'identifiers'
        ? 'Listing identifiers and date stamps; fetching only new and changed records'
        : 'Listing whole records (first harvest)',
    );
    const source = sourcePages(harvester.source_type, {
      source: {
        type: harvester.source_type,
        url: harvester.source_url,
        constraint: harvester.source_constraint,
      },
      fetch,
      pageSize,
      listing,
    });
    const ahead = () => {
      const next = source.next();
      // Its failure is met where the run awaits it; until then it is no unhandled rejection.
      next.catch(() => {});
      return next;
    };
    let pending = ahead();
    for (;;) {
      const asked = performance.now();
      const step = await pending;
      timing.remoteMs += performance.now() - asked;
      if (step.done) break;
      const answer = step.value;
      announced = answer.matched;
      ctx.checkpoint();
      pages += 1;
      // Read ahead unless this page is the last or the limits end the run with it: a remote
      // whose paging never ends gets no request beyond the limit.
      const goOn =
        answer.more && pages < maxPages && counts.seen + answer.records.length < maxRecords;
      if (goOn) pending = ahead();
      page.now = ctx.now();
      const started = performance.now();
      let loading = 0;
      const pageLoad = loaderOf(answer);
      const load: Loader = async (records) => {
        const begun = performance.now();
        try {
          await pageLoad(records);
        } finally {
          loading += performance.now() - begun;
        }
      };
      unresolved += await resolveListed(ctx.db, harvesterId, answer.records, load);
      await importPage(page, answer.records, counts, seen, load);
      timing.remoteMs += loading;
      timing.importMs += performance.now() - started - loading;
      await repo.updateRun(ctx.db, ctx.processId, counts, null);
      ctx.progress({
        done: counts.seen,
        ...(answer.matched ? { total: Math.max(answer.matched, counts.seen) } : {}),
        message: `Page ${pages}: ${summary(counts)}`,
      });
      ctx.checkpoint();
      if (!answer.more) break;
      if (pages >= maxPages) limit = `the limit of ${maxPages} pages (HARVEST_MAX_PAGES)`;
      else if (counts.seen >= maxRecords)
        limit = `the limit of ${maxRecords} records (HARVEST_MAX_RECORDS)`;
      if (limit) break;
    }
    await source.return();
  } catch (error) {
    if (error instanceof JobCanceled || ctx.signal.aborted) {
      const message = `Canceled after ${pages} pages (${summary(counts)}): nothing was deleted.`;
      ctx.log('warn', message);
      await repo.updateRun(ctx.db, ctx.processId, counts, message);
      ctx.checkpoint();
      throw error;
    }
    await stop(
      `The run failed after ${pages} pages: ${(error as Error).message}. Nothing was deleted.`,
    );
  }
  if (limit) {
    await stop(
      `Stopped at ${limit}, while the remote still announced more: the listing is incomplete, so nothing was deleted.`,
    );
  }
  // A listing that ends short of the count the remote announced is no complete listing.
  // OAI-PMH is left out: its completeListSize may count deleted headers, and is optional.
  const short =
    harvester.source_type !== 'oai-pmh' && announced !== null && counts.seen < announced;
  const incomplete =
    unresolved > 0
      ? `${unresolved} listed records could not be fetched to learn their identifiers: the listing is incomplete, so nothing was deleted.`
      : short
        ? `The remote announced ${announced} records but its paging ended after ${counts.seen}: the listing is incomplete, so nothing was deleted.`
        : null;
  if (incomplete) ctx.log('warn', incomplete);
  const deletion = incomplete ?? (await withdrawVanished(ctx, harvester, seen, counts));
  const message = `${summary(counts)}${deletion ? `. ${deletion}` : ''}`;
  ctx.log('info', message);
  ctx.log(
    'info',
    `Waited ${(timing.remoteMs / 1000).toFixed(1)} s for the remote's answers; reading and writing ${pages} pages took ${(timing.importMs / 1000).toFixed(1)} s`,
  );
  await repo.updateRun(ctx.db, ctx.processId, counts, deletion);
  return {
    message,
    result: {
      ...counts,
      listing,
      remoteMs: Math.round(timing.remoteMs),
      importMs: Math.round(timing.importMs),
    },
  };
}

/**
 * Withdraws the harvester's records that a complete run did not see, through the write
 * kernel (history, audit with the harvester and run, OAI-PMH tombstones for the public ones,
 * search). Answers why nothing was deleted, when so.
 */
async function withdrawVanished(
  ctx: RunContext,
  harvester: repo.HarvesterWithOwner,
  seen: SeenIds,
  counts: HarvestCounts,
): Promise<string | null> {
  const active = (await repo.allRecordsOf(ctx.db, harvester.id)).filter(
    (r) => r.state !== 'withdrawn',
  );
  const vanished = active.filter((r) => !seen.has(r.remote_id)).map((r) => r.object_id);
  if (vanished.length === 0) return null;
  const threshold = ctx.config.harvest.deleteThreshold;
  if (seen.size < threshold * active.length) {
    const message = `The remote listed ${seen.size} records, fewer than ${threshold} of the ${active.length} this harvester holds: nothing was deleted (HARVEST_DELETE_THRESHOLD).`;
    ctx.log('warn', message);
    return message;
  }
  const now = ctx.now();
  for (let i = 0; i < vanished.length; i += WITHDRAW_BATCH) {
    ctx.checkpoint();
    const batch = vanished.slice(i, i + WITHDRAW_BATCH);
    await ctx.db
      .transaction()
      .execute((trx) =>
        writes.setStates(
          trx,
          harvestActor(harvester, ctx.processId, now),
          batch,
          'withdrawn',
          `No longer listed by the remote of "${harvester.name}"`,
        ),
      );
    counts.deleted += batch.length;
    await repo.updateRun(ctx.db, ctx.processId, counts, null);
  }
  ctx.log('info', `Withdrew ${vanished.length} records the remote no longer lists`);
  return null;
}
