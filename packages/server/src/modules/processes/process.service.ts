import { randomUUID } from 'node:crypto';
import {
  type Process,
  type ProcessKind,
  type ProcessList,
  type ProcessLog,
  type ProcessState,
  processKindParams,
  processKinds,
  type Schedule,
  type ScheduleInput,
} from '@geoportal/contract/processes';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { ProcessJobRow, ProcessScheduleRow } from '../../db/schema.js';
import { BadRequestError } from '../../http/errors.js';
import type { AppContext } from '../../http/request-context.js';
import { type Auth, authenticate, requireAuth } from '../access/access.service.js';
import {
  type AuditSource,
  auditSource,
  changedFields,
  writeAudit,
} from '../audit/audit.service.js';
import { holdsAdministrator } from '../objects/policy.js';
import {
  cronInvalid,
  notCancelable,
  notRetryable,
  notRetryableWhileHeld,
  ProcessNotFoundError,
  ScheduleNotFoundError,
  unknownKind,
} from './process.errors.js';
import * as repo from './process.repository.js';
import { dedupeKeyOf, isKnownKind, type JobKinds } from './process-job.js';
import { nextRun } from './process-schedules.js';

/**
 * What the process endpoints need of a request. Only administrators reach them: the routes
 * refuse everyone else (`administratorsOnly` in `process.routes.ts`), as do the harvester
 * and command routes that start processes here.
 */
export interface ProcessContext {
  db: Db;
  now: Date;
  auth: Auth | null;
}

/**
 * What starting, stopping and scheduling need besides: the request id for the audit entry,
 * and every job kind of the app (a job is queued with its kind's number of tries).
 */
export type ProcessChangeContext = ProcessContext & { requestId: string; jobKinds: JobKinds };

/**
 * Runs one change of process control in a transaction with its audit entry, so the entry
 * exists exactly when the change does.
 */
function audited<T>(
  ctx: ProcessChangeContext,
  change: (trx: Db, source: AuditSource) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute((trx) => change(trx, auditSource(ctx)));
}

/** The audited fields of a schedule. */
function scheduleFields(row: ProcessScheduleRow | z.output<typeof ScheduleInput>) {
  return { kind: row.kind, params: row.params, cron: row.cron, enabled: row.enabled };
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export function toProcess(row: ProcessJobRow): Process {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    state: row.state,
    progress: Math.round(Number(row.progress) * 10) / 10,
    message: row.message,
    done: row.done,
    total: row.total,
    result: row.result,
    error: row.error,
    tries: row.tries,
    maxTries: row.max_tries,
    cancelRequested: row.cancel_requested,
    startedBy: row.started_by,
    scheduleId: row.schedule_id,
    queuedAt: iso(row.queued_at) as string,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    heartbeatAt: iso(row.heartbeat_at),
    worker: row.lease_owner,
    logLines: row.log_lines,
  };
}

function toSchedule(row: ProcessScheduleRow): Schedule {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    cron: row.cron,
    enabled: row.enabled,
    nextRunAt: iso(row.next_run_at),
    lastRunAt: iso(row.last_run_at),
    createdBy: row.created_by,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
  };
}

/** The kind and its parameters checked against the kind's schema (400 otherwise). */
function checkedJob(kind: string, params: Record<string, unknown>) {
  if (!isKnownKind(kind)) throw unknownKind(kind, processKinds);
  const parsed = (processKindParams[kind] as z.ZodType).safeParse(params);
  if (!parsed.success) {
    throw new BadRequestError(
      `The parameters do not fit the job kind "${kind}".`,
      parsed.error.issues.map((issue) => ({
        path: ['body', 'params', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  }
  return { kind, params: parsed.data as Record<string, unknown> };
}

export async function listProcesses(
  ctx: ProcessContext,
  query: {
    state?: ProcessState | undefined;
    kind?: string | undefined;
    start: number;
    rows: number;
  },
): Promise<ProcessList> {
  const { total, items } = await repo.listJobs(ctx.db, query, query.start, query.rows);
  return { total, start: query.start, rows: query.rows, items: items.map(toProcess) };
}

export async function getProcess(ctx: ProcessContext, id: string): Promise<Process> {
  const row = await repo.findJob(ctx.db, id);
  if (!row) throw new ProcessNotFoundError(id);
  return toProcess(row);
}

export async function readProcessLog(
  ctx: ProcessContext,
  id: string,
  after: number,
  rows: number,
): Promise<ProcessLog> {
  const job = await repo.findJob(ctx.db, id);
  if (!job) throw new ProcessNotFoundError(id);
  const lines = await repo.readLog(ctx.db, id, after, rows);
  const last = lines.at(-1);
  return {
    items: lines.map((line) => ({ ...line, at: new Date(line.at).toISOString() })),
    next: last ? last.seq : after,
    finished: job.state !== 'queued' && job.state !== 'running',
  };
}

/** What starting a job takes. */
export interface StartProcessInput {
  kind: string;
  params: Record<string, unknown>;
  /**
   * The work the job does, when only one job of it may wait or run at a time (e.g.
   * `harvest:<id>`): while a job with this key is queued or running, that job is answered
   * instead of a second one. Decided by a unique index, so it holds across app processes.
   */
  dedupeKey?: string | undefined;
}

/**
 * Queues a job as the caller, with its audit entry. With a `dedupeKey` that a queued or
 * running job holds, answers that job with `created: false`, and nothing is audited.
 */
export async function queueProcess(
  ctx: ProcessChangeContext,
  input: StartProcessInput,
): Promise<{ process: Process; created: boolean }> {
  const auth = requireAuth(ctx.auth);
  const job = checkedJob(input.kind, input.params);
  const answer = await audited(ctx, async (trx, source) => {
    const row = {
      id: randomUUID(),
      kind: job.kind,
      params: JSON.stringify(job.params),
      state: 'queued' as const,
      max_tries: ctx.jobKinds[job.kind].maxTries,
      started_by: auth.principal.name,
      queued_at: ctx.now,
      run_after: ctx.now,
    };
    const dedupeKey = input.dedupeKey ?? dedupeKeyOf(ctx.jobKinds, job.kind, job.params);
    const queued =
      dedupeKey === undefined
        ? { row: await repo.insertJob(trx, row), created: true }
        : await repo.insertJobOnce(trx, { ...row, dedupe_key: dedupeKey });
    if (queued.created) {
      await writeAudit(trx, source, {
        action: 'process.start',
        targetKind: 'process',
        target: queued.row.id,
        details: { kind: job.kind, params: job.params },
      });
    }
    return queued;
  });
  return { process: toProcess(answer.row), created: answer.created };
}

/**
 * `POST /processes`: queues a job (202). With a `dedupeKey` that a queued or running job
 * holds, answers that job instead (`queueProcess` tells the two apart).
 */
export async function startProcess(
  ctx: ProcessChangeContext,
  input: StartProcessInput,
): Promise<Process> {
  return (await queueProcess(ctx, input)).process;
}

/**
 * Queues a job without a caller (start-up work such as a large reindex), unless a job
 * queued this way waits or runs: its key `system:<kind>` is unique among those, so several
 * app processes starting at once queue one.
 */
export async function queueSystemJob(
  db: Db,
  jobKinds: JobKinds,
  kind: ProcessKind,
  now: Date,
): Promise<{ process: Process; created: boolean }> {
  const queued = await repo.insertJobOnce(db, {
    id: randomUUID(),
    kind,
    params: JSON.stringify({}),
    state: 'queued',
    max_tries: jobKinds[kind].maxTries,
    started_by: null,
    queued_at: now,
    run_after: now,
    dedupe_key: `system:${kind}`,
  });
  return { process: toProcess(queued.row), created: queued.created };
}

export async function cancelProcess(ctx: ProcessChangeContext, id: string): Promise<Process> {
  const row = await audited(ctx, async (trx, source) => {
    const changed = await repo.requestCancel(trx, id, ctx.now);
    if (!changed) return undefined;
    // A queued job ends at once; a running one is asked to stop and keeps its state until it does.
    const before = changed.state === 'canceled' ? 'queued' : changed.state;
    await writeAudit(trx, source, {
      action: 'process.cancel',
      targetKind: 'process',
      target: id,
      details: { kind: changed.kind, state: { before, after: changed.state } },
    });
    return changed;
  });
  if (row) return toProcess(row);
  const job = await repo.findJob(ctx.db, id);
  if (!job) throw new ProcessNotFoundError(id);
  throw notCancelable(job.state);
}

export async function retryProcess(ctx: ProcessChangeContext, id: string): Promise<Process> {
  const row = await audited(ctx, async (trx, source) => {
    const before = await repo.findJob(trx, id);
    const changed = await repo.requeue(trx, id, ctx.now);
    if (!before || !changed) return undefined;
    await writeAudit(trx, source, {
      action: 'process.retry',
      targetKind: 'process',
      target: id,
      details: { kind: changed.kind, state: { before: before.state, after: changed.state } },
    });
    return changed;
  }).catch((error: unknown) => {
    // Another job took the key in the same moment (the requeue's own check saw none).
    if (repo.isUniqueViolation(error)) throw notRetryableWhileHeld();
    throw error;
  });
  if (row) {
    // The log keeps its own transaction (it numbers its lines); a line is no state change.
    await repo.appendLog(ctx.db, id, [
      {
        at: ctx.now,
        level: 'info',
        text: `Retried by ${ctx.auth?.principal.name ?? 'the system'}`,
      },
    ]);
    return toProcess(row);
  }
  const job = await repo.findJob(ctx.db, id);
  if (!job) throw new ProcessNotFoundError(id);
  if (job.dedupe_key !== null && (job.state === 'failed' || job.state === 'canceled')) {
    throw notRetryableWhileHeld();
  }
  throw notRetryable(job.state);
}

// --- schedules ---

function checkedSchedule(input: z.output<typeof ScheduleInput>, now: Date) {
  const job = checkedJob(input.kind, input.params);
  const answer = nextRun(input.cron, now);
  if ('error' in answer) throw cronInvalid(input.cron, answer.error);
  return { ...job, cron: input.cron, enabled: input.enabled, next: answer.next };
}

export async function listSchedules(ctx: ProcessContext): Promise<Schedule[]> {
  return (await repo.listSchedules(ctx.db)).map(toSchedule);
}

export async function createSchedule(
  ctx: ProcessChangeContext,
  input: z.output<typeof ScheduleInput>,
): Promise<Schedule> {
  const auth = requireAuth(ctx.auth);
  const s = checkedSchedule(input, ctx.now);
  const row = await audited(ctx, async (trx, source) => {
    const inserted = (await repo.insertSchedule(trx, {
      id: randomUUID(),
      kind: s.kind,
      params: s.params,
      cron: s.cron,
      enabled: s.enabled,
      next_run_at: s.next,
      last_run_at: null,
      created_by: auth.principal.name,
      created_at: ctx.now,
      updated_at: ctx.now,
    })) as ProcessScheduleRow;
    await writeAudit(trx, source, {
      action: 'schedule.create',
      targetKind: 'schedule',
      target: inserted.id,
      details: scheduleFields(s),
    });
    return inserted;
  });
  return toSchedule(row);
}

export async function updateSchedule(
  ctx: ProcessChangeContext,
  id: string,
  input: z.output<typeof ScheduleInput>,
): Promise<Schedule> {
  const s = checkedSchedule(input, ctx.now);
  const row = await audited(ctx, async (trx, source) => {
    const before = await repo.findSchedule(trx, id);
    if (!before) throw new ScheduleNotFoundError(id);
    const updated = await repo.updateSchedule(trx, id, {
      kind: s.kind,
      params: s.params,
      cron: s.cron,
      enabled: s.enabled,
      next_run_at: s.next,
      updated_at: ctx.now,
    });
    if (!updated) throw new ScheduleNotFoundError(id);
    await writeAudit(trx, source, {
      action: 'schedule.update',
      targetKind: 'schedule',
      target: id,
      details: changedFields(scheduleFields(before), scheduleFields(s)),
    });
    return updated;
  });
  return toSchedule(row);
}

export async function deleteSchedule(ctx: ProcessChangeContext, id: string): Promise<void> {
  await audited(ctx, async (trx, source) => {
    const before = await repo.findSchedule(trx, id);
    if (!before || !(await repo.deleteSchedule(trx, id))) throw new ScheduleNotFoundError(id);
    // What the schedule did, since it is gone afterwards.
    await writeAudit(trx, source, {
      action: 'schedule.delete',
      targetKind: 'schedule',
      target: id,
      details: scheduleFields(before),
    });
  });
}

/** Deletes finished processes (with their logs) that finished before `before`: the retention. */
export function purgeFinishedProcesses(db: Db, before: Date): Promise<number> {
  return repo.deleteFinishedBefore(db, before);
}

/**
 * Whether the session of `token` may still follow the process events: signed in (not
 * disabled, deleted or expired), an administrator, and no password change pending.
 */
export async function mayFollowEvents(ctx: AppContext, token: string): Promise<boolean> {
  // Following a stream is no activity: the session idles out as without it.
  const auth = await authenticate(ctx, token, { touch: false });
  return (
    auth !== null && !auth.principal.mustChangePassword && holdsAdministrator(auth.principal.roles)
  );
}
