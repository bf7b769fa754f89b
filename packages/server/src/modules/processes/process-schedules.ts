import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import * as repo from './process.repository.js';
import { dedupeKeyOf, isKnownKind, type JobKinds } from './process-job.js';

/**
 * Schedules: cron expressions (croner parses them) that queue a job at each due time. A
 * schedule row holds the due time of its next firing; firing moves it on with a conditional
 * update in the transaction that queues the job, so the job is queued once per due time
 * however many processes look (and a unique index on (schedule, due time) backs that up).
 */

/** The next due time after `after`, or an error text when `cron` is not an expression. */
export function nextRun(cron: string, after: Date): { next: Date | null } | { error: string } {
  try {
    // UTC, so every process agrees whatever its local zone.
    const next = new Cron(cron, { paused: true, timezone: 'UTC' }).nextRun(after);
    return { next };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Queues the jobs of the schedules due at `now`; a missed series of due times fires once. */
export async function fireDueSchedules(
  db: Db,
  jobKinds: JobKinds,
  now: Date,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const schedule of await repo.dueSchedules(db, now)) {
    const due = schedule.next_run_at as Date;
    const answer = nextRun(schedule.cron, now);
    const next = 'next' in answer ? answer.next : null;
    const kind = isKnownKind(schedule.kind) ? jobKinds[schedule.kind] : undefined;
    await db.transaction().execute(async (trx) => {
      if (!(await repo.advanceSchedule(trx, schedule.id, due, next, now))) return;
      if (!kind) {
        log.warn(
          { schedule: schedule.id },
          `schedule names an unknown job kind "${schedule.kind}"`,
        );
        return;
      }
      const row = {
        id: randomUUID(),
        kind: schedule.kind,
        params: JSON.stringify(schedule.params),
        state: 'queued' as const,
        max_tries: kind.maxTries,
        started_by: null,
        schedule_id: schedule.id,
        scheduled_for: due,
        queued_at: now,
        run_after: now,
      };
      // A kind that allows one job of its work at a time keeps it so for schedules too.
      const dedupeKey = isKnownKind(schedule.kind)
        ? dedupeKeyOf(jobKinds, schedule.kind, schedule.params)
        : undefined;
      if (dedupeKey === undefined) await repo.insertJob(trx, row);
      else await repo.insertJobOnce(trx, { ...row, dedupe_key: dedupeKey });
    });
  }
}

/**
 * The schedules every installation starts with (issue 20): purge daily, fixity and link
 * check weekly. Each group is added once per database under its own mark (in `seed_run`),
 * so a schedule added later reaches databases that already have the first ones.
 */
export const defaultSchedules = [
  {
    mark: 'process-default-schedules',
    id: 'purge-daily',
    kind: 'maintenance.purge',
    cron: '30 3 * * *',
  },
  {
    mark: 'process-default-schedules',
    id: 'fixity-weekly',
    kind: 'files.fixity',
    cron: '0 4 * * 0',
  },
  {
    mark: 'process-default-schedule-links',
    id: 'links-weekly',
    kind: 'links.check',
    cron: '0 5 * * 0',
  },
] as const;

/**
 * Adds the default schedules once per database, so one an administrator deleted or changed
 * stays that way.
 */
export async function ensureDefaultSchedules(db: Db, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const mark of new Set(defaultSchedules.map((s) => s.mark))) {
      if (!(await repo.markOnce(trx, mark))) continue;
      for (const { mark: _, ...schedule } of defaultSchedules.filter((s) => s.mark === mark)) {
        const answer = nextRun(schedule.cron, now);
        await repo.insertSchedule(trx, {
          ...schedule,
          params: {},
          enabled: true,
          next_run_at: 'next' in answer ? answer.next : null,
          last_run_at: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        });
      }
    }
  });
}

/**
 * A schedule another module keeps for one of its objects (a harvester's cron): created,
 * changed or removed to match `cron`, in the caller's transaction. Answers its id, or null
 * when there is no cron (any old schedule removed).
 */
export async function syncOwnedSchedule(
  trx: Db,
  owned: {
    id: string | null;
    kind: string;
    params: Record<string, unknown>;
    cron: string | null | undefined;
    next: Date | null;
    by: string | null;
    now: Date;
  },
): Promise<string | null> {
  if (!owned.cron) {
    if (owned.id) await repo.deleteSchedule(trx, owned.id);
    return null;
  }
  const values = {
    kind: owned.kind,
    params: owned.params,
    cron: owned.cron,
    enabled: true,
    next_run_at: owned.next,
  };
  if (owned.id && (await repo.findSchedule(trx, owned.id))) {
    await repo.updateSchedule(trx, owned.id, { ...values, updated_at: owned.now });
    return owned.id;
  }
  const id = randomUUID();
  await repo.insertSchedule(trx, {
    id,
    ...values,
    last_run_at: null,
    created_by: owned.by,
    created_at: owned.now,
    updated_at: owned.now,
  });
  return id;
}

/** The cron of these schedules, by id. */
export async function cronsOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const crons = new Map<string, string>();
  for (const id of ids) {
    const row = await repo.findSchedule(db, id);
    if (row) crons.set(id, row.cron);
  }
  return crons;
}

/** Removes a schedule (its owner went); false when there was none. */
export function dropSchedule(db: Db, id: string): Promise<boolean> {
  return repo.deleteSchedule(db, id);
}
