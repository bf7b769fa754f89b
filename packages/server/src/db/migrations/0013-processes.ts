import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Processes (issue 20): background jobs as rows, their log lines and the schedules that
 * queue them. Every app process runs a worker that takes queued jobs with
 * `FOR UPDATE SKIP LOCKED` and keeps a heartbeat on the ones it runs (modules/processes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every change of a job takes the next number, so the live stream reads "what changed
  // since the last number I sent" from any process.
  await sql`create sequence process_change`.execute(db);
  await db.schema
    .createTable('process_schedule')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('cron', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    // The due time the next firing is for; firing moves it on with a conditional update,
    // so of two processes that see the same due time only one queues the job.
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('process_job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'running', 'succeeded', 'failed', 'canceled')`),
    )
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('done', 'integer')
    .addColumn('total', 'integer')
    // What the run found (e.g. the fixity check's mismatches); shape per kind.
    .addColumn('result', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_tries', 'integer', (c) => c.notNull())
    .addColumn('cancel_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('started_by', 'text')
    .addColumn('schedule_id', 'text', (c) =>
      c.references('process_schedule.id').onDelete('set null'),
    )
    .addColumn('scheduled_for', 'timestamptz')
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
    // A retried job waits until then (back-off between tries).
    .addColumn('run_after', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    // The process that runs (or last ran) the job, and its last sign of life.
    .addColumn('lease_owner', 'text')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('log_lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(sql`nextval('process_change')`))
    .execute();
  await sql`create index process_job_queue on process_job (run_after, queued_at) where state = 'queued'`.execute(
    db,
  );
  await sql`create index process_job_running on process_job (heartbeat_at) where state = 'running'`.execute(
    db,
  );
  await sql`create index process_job_queued_at on process_job (queued_at desc)`.execute(db);
  await sql`create index process_job_change on process_job (change_seq)`.execute(db);
  await sql`create index process_job_finished on process_job (finished_at) where finished_at is not null`.execute(
    db,
  );
  // The structural guard against a schedule firing twice for one due time.
  await sql`create unique index process_job_schedule_due on process_job (schedule_id, scheduled_for) where schedule_id is not null`.execute(
    db,
  );
  await db.schema
    .createTable('process_log')
    .addColumn('job_id', 'text', (c) =>
      c.notNull().references('process_job.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_log_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('process_log').execute();
  await db.schema.dropTable('process_job').execute();
  await db.schema.dropTable('process_schedule').execute();
  await sql`drop sequence process_change`.execute(db);
}
