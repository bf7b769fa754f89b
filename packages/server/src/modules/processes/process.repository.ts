import { PROCESS_LOG_LINES_MAX, type ProcessState } from '@geoportal/contract/processes';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProcessJobRow, ProcessJobTable, ProcessScheduleRow } from '../../db/schema.js';

/**
 * The SQL of the job queue. Every change of a job row takes a new `change_seq`, which the
 * live stream reads from (process-events.ts).
 */
const nextChange = sql<number>`nextval('process_change')`;

export async function insertJob(db: Db, row: Insertable<ProcessJobTable>): Promise<ProcessJobRow> {
  return db.insertInto('process_job').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Whether a statement failed on a unique index (PostgreSQL and PGlite name it alike). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** The queued or running job that holds `key`, if any. */
function holderOf(db: Db, key: string) {
  return db
    .selectFrom('process_job')
    .selectAll()
    .where('dedupe_key', '=', key)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

/**
 * Inserts a job that carries a `dedupe_key`, unless a queued or running job holds that key:
 * then answers that one (`created: false`). The partial unique index of migration 0025
 * decides, not a look beforehand, so of two app processes (or two requests) queuing the
 * same work at once exactly one inserts; the other's insert does nothing (waiting for the
 * first's transaction to end, on PostgreSQL) and it reads the first's job.
 */
export async function insertJobOnce(
  db: Db,
  row: Insertable<ProcessJobTable> & { dedupe_key: string },
): Promise<{ row: ProcessJobRow; created: boolean }> {
  // The holder may finish between the insert and the read: then the key is free again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const inserted = await db
      .insertInto('process_job')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('dedupe_key')
          .where(sql<boolean>`dedupe_key is not null and state in ('queued', 'running')`)
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const holder = await holderOf(db, row.dedupe_key);
    if (holder) return { row: holder, created: false };
  }
  throw new Error(`Could not queue a job for "${row.dedupe_key}": its holder keeps changing`);
}

export async function findJob(db: Db, id: string): Promise<ProcessJobRow | undefined> {
  return db.selectFrom('process_job').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listJobs(
  db: Db,
  filter: { state?: ProcessState | undefined; kind?: string | undefined },
  start: number,
  rows: number,
): Promise<{ total: number; items: ProcessJobRow[] }> {
  let query = db.selectFrom('process_job');
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  const [count, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('queued_at', 'desc')
      .orderBy('id')
      .offset(start)
      .limit(rows)
      .execute(),
  ]);
  return { total: Number(count.n), items };
}

/** Jobs changed after `seq`, oldest change first (the live stream). */
export async function jobsChangedAfter(db: Db, seq: number, limit: number) {
  return db
    .selectFrom('process_job')
    .selectAll()
    .where('change_seq', '>', seq)
    .orderBy('change_seq')
    .limit(limit)
    .execute();
}

export async function lastChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('process_job')
    .select((eb) => eb.fn.max('change_seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Takes the oldest due job for `owner`: one statement, so two workers (in any process) never
 * take the same row; SKIP LOCKED lets each pass over the row the other is taking.
 */
export async function claimJob(
  db: Db,
  owner: string,
  now: Date,
): Promise<ProcessJobRow | undefined> {
  return db
    .updateTable('process_job')
    .set({
      state: 'running',
      lease_owner: owner,
      heartbeat_at: now,
      started_at: now,
      finished_at: null,
      tries: sql`tries + 1`,
      change_seq: nextChange,
    })
    .where(
      'id',
      '=',
      (eb) =>
        eb
          .selectFrom('process_job')
          .select('id')
          .where('state', '=', 'queued')
          .where('run_after', '<=', now)
          .orderBy('run_after')
          .orderBy('queued_at')
          .limit(1)
          .forUpdate()
          .skipLocked() as never,
    )
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/**
 * The heartbeat of a job this process runs, with its progress. Answers whether a cancel was
 * asked for, or `lost` when the row is no longer this process's (taken up by another after a
 * missed heartbeat, or deleted): the runner must then stop without writing.
 */
export async function beat(
  db: Db,
  id: string,
  owner: string,
  now: Date,
  progress: { progress: number; message: string; done: number | null; total: number | null },
): Promise<'ok' | 'cancel' | 'lost'> {
  const row = await db
    .updateTable('process_job')
    .set({ heartbeat_at: now, ...progress, change_seq: nextChange })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .returning('cancel_requested')
    .executeTakeFirst();
  if (!row) return 'lost';
  return row.cancel_requested ? 'cancel' : 'ok';
}

/** Ends a run of this process; answers false when the row was no longer its own. */
export async function finishRun(
  db: Db,
  id: string,
  owner: string,
  values: {
    state: ProcessState;
    progress?: number;
    message: string;
    done?: number | null;
    total?: number | null;
    result?: Record<string, unknown> | null;
    error?: string | null;
    runAfter?: Date;
    finishedAt: Date | null;
  },
): Promise<boolean> {
  const { runAfter, finishedAt, result, ...rest } = values;
  const row = await db
    .updateTable('process_job')
    .set({
      ...rest,
      ...(result !== undefined ? { result: result === null ? null : JSON.stringify(result) } : {}),
      ...(runAfter ? { run_after: runAfter } : {}),
      finished_at: finishedAt,
      heartbeat_at: finishedAt,
      change_seq: nextChange,
    } as never)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Jobs whose process stopped beating for `leaseMs`: queued again while tries remain, else
 * failed (canceled when a cancel was asked for). Answers the ids it changed.
 */
export async function recoverStaleJobs(db: Db, now: Date, leaseMs: number) {
  const cutoff = new Date(now.getTime() - leaseMs);
  return db
    .updateTable('process_job')
    .set({
      state: sql`case when cancel_requested then 'canceled' when tries >= max_tries then 'failed' else 'queued' end`,
      error: sql`case when tries >= max_tries and not cancel_requested then 'The process running it stopped answering; no tries left.' else error end`,
      message: sql`case when cancel_requested then message when tries >= max_tries then message else 'Waiting for another try: the process running it stopped answering.' end`,
      finished_at: sql`case when cancel_requested or tries >= max_tries then ${now}::timestamptz else null end`,
      run_after: now,
      change_seq: nextChange,
    } as never)
    .where('state', '=', 'running')
    .where('heartbeat_at', '<', cutoff)
    .returning(['id', 'state'])
    .execute();
}

/** Asks for a cancel: a queued job is canceled at once, a running one at its next checkpoint. */
export async function requestCancel(db: Db, id: string, now: Date) {
  return db
    .updateTable('process_job')
    .set({
      cancel_requested: true,
      state: sql`case when state = 'queued' then 'canceled' else state end`,
      finished_at: sql`case when state = 'queued' then ${now}::timestamptz else finished_at end`,
      change_seq: nextChange,
    } as never)
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Puts a finished job that did not succeed back into the queue with all its tries; not
 * while another job holds its `dedupe_key` (then a unique violation, should that job be
 * queued at the same moment).
 */
export async function requeue(db: Db, id: string, now: Date) {
  return db
    .updateTable('process_job')
    .set({
      state: 'queued',
      tries: 0,
      cancel_requested: false,
      error: null,
      progress: 0,
      message: '',
      done: null,
      total: null,
      result: null,
      started_at: null,
      finished_at: null,
      run_after: now,
      change_seq: nextChange,
    })
    .where('id', '=', id)
    .where('state', 'in', ['failed', 'canceled'])
    .where((eb) =>
      eb.or([
        eb('dedupe_key', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('process_job as twin')
              .select('twin.id')
              .whereRef('twin.dedupe_key', '=', 'process_job.dedupe_key')
              .where('twin.state', 'in', ['queued', 'running']),
          ),
        ),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Puts a job this process gives up on shutdown back into the queue, without using a try. */
export async function release(db: Db, id: string, owner: string, now: Date) {
  await db
    .updateTable('process_job')
    .set({
      state: sql`case when cancel_requested then 'canceled' else 'queued' end`,
      tries: sql`greatest(tries - 1, 0)`,
      finished_at: sql`case when cancel_requested then ${now}::timestamptz else null end`,
      run_after: now,
      change_seq: nextChange,
    } as never)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/** Deletes finished jobs (with their logs) that finished before `before`. */
export async function deleteFinishedBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('process_job')
    .where('state', 'in', ['succeeded', 'failed', 'canceled'])
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// --- log ---

/**
 * Appends lines to a job's log and drops the lines beyond the last `PROCESS_LOG_LINES_MAX`,
 * in one transaction, numbering on from the job's counter.
 */
export async function appendLog(
  db: Db,
  id: string,
  lines: { at: Date; level: 'info' | 'warn' | 'error'; text: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('process_job')
      .set({ log_lines: sql`log_lines + ${lines.length}` })
      .where('id', '=', id)
      .returning('log_lines')
      .executeTakeFirst();
    if (!row) return;
    const first = row.log_lines - lines.length + 1;
    for (let i = 0; i < lines.length; i += 1000) {
      await trx
        .insertInto('process_log')
        .values(
          lines.slice(i, i + 1000).map((line, j) => ({ job_id: id, seq: first + i + j, ...line })),
        )
        .execute();
    }
    if (row.log_lines > PROCESS_LOG_LINES_MAX) {
      await trx
        .deleteFrom('process_log')
        .where('job_id', '=', id)
        .where('seq', '<=', row.log_lines - PROCESS_LOG_LINES_MAX)
        .execute();
    }
  });
}

export async function readLog(db: Db, id: string, after: number, rows: number) {
  return db
    .selectFrom('process_log')
    .select(['seq', 'at', 'level', 'text'])
    .where('job_id', '=', id)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(rows)
    .execute();
}

// --- schedules ---

export async function listSchedules(db: Db): Promise<ProcessScheduleRow[]> {
  return db
    .selectFrom('process_schedule')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findSchedule(db: Db, id: string) {
  return db.selectFrom('process_schedule').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSchedule(
  db: Db,
  row: Omit<ProcessScheduleRow, 'params'> & { params: Record<string, unknown> },
) {
  return db
    .insertInto('process_schedule')
    .values({ ...row, params: JSON.stringify(row.params) })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateSchedule(
  db: Db,
  id: string,
  values: {
    kind: string;
    params: Record<string, unknown>;
    cron: string;
    enabled: boolean;
    next_run_at: Date | null;
    updated_at: Date;
  },
) {
  return db
    .updateTable('process_schedule')
    .set({ ...values, params: JSON.stringify(values.params) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSchedule(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('process_schedule').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function dueSchedules(db: Db, now: Date): Promise<ProcessScheduleRow[]> {
  return db
    .selectFrom('process_schedule')
    .selectAll()
    .where('enabled', '=', true)
    .where('next_run_at', '<=', now)
    .execute();
}

/**
 * Moves a schedule from the due time `due` to `next`; answers false when another process
 * moved it first (then that process queues the job, and this one must not).
 */
export async function advanceSchedule(
  db: Db,
  id: string,
  due: Date,
  next: Date | null,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('process_schedule')
    .set({ next_run_at: next, last_run_at: now })
    .where('id', '=', id)
    .where('next_run_at', '=', due)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a one-time step in `seed_run`; answers false when it was recorded before. */
export async function markOnce(db: Db, name: string): Promise<boolean> {
  const row = await db
    .insertInto('seed_run')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}
