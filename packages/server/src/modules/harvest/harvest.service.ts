import { randomUUID } from 'node:crypto';
import {
  emptyHarvestCounts,
  HarvestCounts,
  type Harvester,
  type HarvesterInput,
  type HarvestRun,
} from '@geoportal/contract/harvester';
import type { Process } from '@geoportal/contract/processes';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { authOfAccount, requireAuth } from '../access/access.service.js';
import { auditSource, writeAudit } from '../audit/audit.service.js';
import * as writes from '../objects/object-writes.js';
import { refuseAddress } from '../outbound/address-policy.js';
import {
  type ProcessChangeContext,
  type ProcessContext,
  queueProcess,
  startProcess,
} from '../processes/process.service.js';
import {
  cronsOf,
  dropSchedule,
  nextRun,
  syncOwnedSchedule,
} from '../processes/process-schedules.js';
import { groupExists } from '../users/groups.service.js';
import {
  HarvesterNotFoundError,
  harvesterInvalid,
  harvesterRunning,
  refusedUrl,
} from './harvest.errors.js';
import * as repo from './harvest.repository.js';
import { harvestActor } from './harvest-import.js';

/**
 * Harvester definitions (issue 25, administrators only: the routes admit nobody else):
 * create, change, remove, run, and their runs. A run and a removal are processes; a harvester's cron is a process schedule
 * of kind `harvest.run`, kept in step with the definition.
 */

type Input = z.output<typeof HarvesterInput>;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

type RunRow = Awaited<ReturnType<typeof repo.listRuns>>[number];

function toRun(row: RunRow): HarvestRun {
  const parsed = HarvestCounts.safeParse(row.counts);
  return {
    process: row.process_id,
    state: row.state,
    started: iso(row.started_at),
    finished: iso(row.finished_at),
    counts: parsed.success ? parsed.data : emptyHarvestCounts(),
    message: row.message ?? row.error,
  };
}

async function toHarvesters(db: Db, rows: repo.HarvesterWithOwner[]): Promise<Harvester[]> {
  const ids = rows.map((r) => r.id);
  const [counts, runs, crons] = await Promise.all([
    repo.countRecords(db, ids),
    repo.listRuns(db, ids, 1),
    cronsOf(
      db,
      rows.flatMap((r) => (r.schedule_id ? [r.schedule_id] : [])),
    ),
  ]);
  const lastRuns = new Map(runs.map((r) => [r.harvester_id, toRun(r)]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    source: { type: row.source_type, url: row.source_url, constraint: row.source_constraint },
    schedule: (row.schedule_id && crons.get(row.schedule_id)) || null,
    owner: row.owner_name,
    group: row.group_name,
    collision: row.collision,
    publish: row.publish,
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
    records: counts.get(row.id) ?? 0,
    lastRun: lastRuns.get(row.id) ?? null,
  }));
}

async function loadHarvester(db: Db, id: string): Promise<repo.HarvesterWithOwner> {
  const row = await repo.findHarvester(db, id);
  if (!row || row.deleting) throw new HarvesterNotFoundError(id);
  return row;
}

export async function listHarvesters(ctx: ProcessContext): Promise<Harvester[]> {
  return toHarvesters(ctx.db, await repo.listHarvesters(ctx.db));
}

export async function getHarvester(ctx: ProcessContext, id: string): Promise<Harvester> {
  return (await toHarvesters(ctx.db, [await loadHarvester(ctx.db, id)]))[0] as Harvester;
}

/**
 * The address must not be one the portal refuses (private, loopback, link-local unless
 * `HARVEST_ALLOW_PRIVATE` names the host). Only an IP literal is judged here: a host name
 * is resolved and judged at every request, since its addresses may change.
 */
export function checkSourceAddress(
  url: string,
  allowPrivate: (host: string, port: number) => boolean,
) {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) throw refusedUrl('it carries a user name or password');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  if (!/^[\d.]+$|:/.test(host)) return;
  const reason = refuseAddress(host, allowPrivate(host, port));
  if (reason) throw refusedUrl(`${host} is a ${reason}`);
}

/** The owner (default: the caller), group and cron of an input, checked. */
async function resolveInput(
  ctx: ProcessContext,
  input: Input,
  allowPrivate: (h: string, p: number) => boolean,
) {
  checkSourceAddress(input.source.url, allowPrivate);
  const auth = requireAuth(ctx.auth);
  let ownerId = auth.accountId;
  if (input.owner) {
    const account = await authOfAccount(ctx.db, input.owner);
    if (!account) {
      throw harvesterInvalid(`There is no user "${input.owner.slice(0, 64)}".`, [
        { path: 'body.owner', message: 'is no enabled user' },
      ]);
    }
    ownerId = account.accountId;
  }
  if (input.group && !(await groupExists(ctx.db, input.group))) {
    throw harvesterInvalid(`There is no group "${input.group.slice(0, 64)}".`, [
      { path: 'body.group', message: 'is no group' },
    ]);
  }
  let next: Date | null = null;
  if (input.schedule) {
    const answer = nextRun(input.schedule, ctx.now);
    if ('error' in answer) {
      throw harvesterInvalid(`"${input.schedule}" is not a cron expression: ${answer.error}.`, [
        { path: 'body.schedule', message: answer.error },
      ]);
    }
    next = answer.next;
  }
  return { ownerId, next };
}

/** Creates, changes or removes the harvester's schedule to match its cron. */
function syncSchedule(
  trx: Db,
  ctx: ProcessChangeContext,
  harvesterId: string,
  scheduleId: string | null,
  cron: string | null | undefined,
  next: Date | null,
): Promise<string | null> {
  return syncOwnedSchedule(trx, {
    id: scheduleId,
    kind: 'harvest.run',
    params: { harvester: harvesterId },
    cron,
    next,
    by: ctx.auth?.principal.name ?? null,
    now: ctx.now,
  });
}

const auditFields = (input: Input) => ({
  name: input.name,
  source: input.source,
  schedule: input.schedule ?? null,
  owner: input.owner ?? null,
  group: input.group ?? null,
  collision: input.collision,
  publish: input.publish,
});

export async function createHarvester(
  ctx: ProcessChangeContext,
  input: Input,
  allowPrivate: (h: string, p: number) => boolean,
): Promise<Harvester> {
  const { ownerId, next } = await resolveInput(ctx, input, allowPrivate);
  const id = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertHarvester(trx, {
      id,
      name: input.name,
      source_type: input.source.type,
      source_url: input.source.url,
      source_constraint: input.source.constraint ?? null,
      schedule_id: null,
      owner_id: ownerId,
      group_name: input.group ?? null,
      collision: input.collision,
      publish: input.publish,
      created_at: ctx.now,
      modified_at: ctx.now,
    });
    const scheduleId = await syncSchedule(trx, ctx, id, null, input.schedule, next);
    if (scheduleId) await repo.updateHarvester(trx, id, { schedule_id: scheduleId });
    await writeAudit(trx, auditSource(ctx), {
      action: 'harvester.create',
      targetKind: 'harvester',
      target: id,
      details: auditFields(input),
    });
  });
  return getHarvester(ctx, id);
}

export async function updateHarvester(
  ctx: ProcessChangeContext,
  id: string,
  input: Input,
  allowPrivate: (h: string, p: number) => boolean,
): Promise<Harvester> {
  const before = await loadHarvester(ctx.db, id);
  const { ownerId, next } = await resolveInput(ctx, input, allowPrivate);
  await ctx.db.transaction().execute(async (trx) => {
    const scheduleId = await syncSchedule(trx, ctx, id, before.schedule_id, input.schedule, next);
    const changed = await repo.updateHarvester(trx, id, {
      name: input.name,
      source_type: input.source.type,
      source_url: input.source.url,
      source_constraint: input.source.constraint ?? null,
      schedule_id: scheduleId,
      owner_id: ownerId,
      group_name: input.group ?? null,
      collision: input.collision,
      publish: input.publish,
      modified_at: ctx.now,
    });
    if (!changed) throw new HarvesterNotFoundError(id);
    await writeAudit(trx, auditSource(ctx), {
      action: 'harvester.update',
      targetKind: 'harvester',
      target: id,
      details: auditFields(input),
    });
  });
  return getHarvester(ctx, id);
}

/** `POST /harvesters/{id}/run`: queues a run (202); 409 while one waits or runs. */
export async function runHarvester(ctx: ProcessChangeContext, id: string): Promise<Process> {
  await loadHarvester(ctx.db, id);
  // The kind's dedupe key (`harvest:<id>`) answers a queued or running run instead of a
  // second one, decided by a unique index across app processes.
  const { process, created } = await queueProcess(ctx, {
    kind: 'harvest.run',
    params: { harvester: id },
  });
  if (!created) throw harvesterRunning();
  await repo.insertRun(ctx.db, {
    processId: process.id,
    harvesterId: id,
    queuedAt: ctx.now,
    counts: emptyHarvestCounts(),
  });
  return process;
}

/**
 * `DELETE /harvesters/{id}`: the harvester takes no more runs at once; a `harvest.delete`
 * process removes its records in one set operation and then the harvester (202).
 */
export async function deleteHarvester(ctx: ProcessChangeContext, id: string): Promise<Process> {
  const harvester = await loadHarvester(ctx.db, id);
  if (await repo.hasRun(ctx.db, id, ['queued', 'running'])) throw harvesterRunning();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.markDeleting(trx, id))) throw new HarvesterNotFoundError(id);
    if (harvester.schedule_id) await dropSchedule(trx, harvester.schedule_id);
    await writeAudit(trx, auditSource(ctx), {
      action: 'harvester.delete',
      targetKind: 'harvester',
      target: id,
      details: { name: harvester.name, source: harvester.source_url },
    });
  });
  return startProcess(ctx, { kind: 'harvest.delete', params: { harvester: id } });
}

export async function listRuns(
  ctx: ProcessContext,
  id: string,
  limit: number,
): Promise<HarvestRun[]> {
  await loadHarvester(ctx.db, id);
  return (await repo.listRuns(ctx.db, [id], limit)).map(toRun);
}

/** Records deleted per statement when a harvester is removed. */
const REMOVE_BATCH = 1000;

/**
 * The `harvest.delete` process: the records the harvester created, through the write kernel
 * (an audit entry each, with the harvester and the removal as the source; OAI-PMH tombstones
 * for the public ones), then the harvester, in one transaction. Records it did not create
 * are never touched.
 */
export async function removeHarvester(
  db: Db,
  id: string,
  now: Date,
  processId: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const harvester = await repo.findHarvester(trx, id);
    if (!harvester) return 0;
    const actor = harvestActor(harvester, processId, now);
    let removed = 0;
    for (;;) {
      const batch = await repo.recordIdsOf(trx, id, REMOVE_BATCH);
      if (batch.length === 0) break;
      removed += await writes.deleteObjects(trx, actor, batch);
    }
    await repo.deleteHarvesterRow(trx, id);
    return removed;
  });
}
