import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * One job at a time for work that must not run twice (a harvester's run, start-up work such
 * as the reindex): such a job carries a `dedupe_key`, unique among the queued and running
 * jobs. Queuing it is one `insert … on conflict do nothing`, so two app processes that queue
 * the same work at the same moment get one row; a finished job frees its key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('process_job').addColumn('dedupe_key', 'text').execute();
  await sql`create unique index process_job_dedupe on process_job (dedupe_key) where dedupe_key is not null and state in ('queued', 'running')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('process_job_dedupe').execute();
  await db.schema.alterTable('process_job').dropColumn('dedupe_key').execute();
}
