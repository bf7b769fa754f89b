import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Harvesting (issue 25): harvesters (remote catalogues pulled in by runs that are processes),
 * the origin of every record a harvester brought in, and the counts of each run.
 *
 * `harvest_record` is what makes a record harvested: while it has a row, the record is
 * read-only here and the harvester owns it; deleting the record deletes the row. The row of
 * a harvester is removed only after its records are (the `harvest.delete` process), so the
 * harvester reference restricts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('harvester')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) =>
      c.notNull().check(sql`source_type in ('csw', 'oai-pmh', 'ogcapi-records')`),
    )
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('source_constraint', 'text')
    // The process schedule that queues its runs (kind `harvest.run`), when it has a cron.
    .addColumn('schedule_id', 'text', (c) =>
      c.references('process_schedule.id').onDelete('set null'),
    )
    // The account the harvested records belong to. No foreign key: removing a user is
    // refused while they own records, and a harvester whose owner went fails its runs
    // with a message instead of blocking the removal.
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text')
    .addColumn('collision', 'text', (c) =>
      c.notNull().check(sql`collision in ('skip', 'overwrite if newer', 'keep both')`),
    )
    .addColumn('publish', 'boolean', (c) => c.notNull())
    // Set when its removal is queued: it takes no more runs and is no longer listed.
    .addColumn('deleting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('harvest_record')
    .addColumn('object_id', 'text', (c) =>
      c.primaryKey().references('object.id').onDelete('cascade'),
    )
    .addColumn('harvester_id', 'text', (c) => c.notNull().references('harvester.id'))
    // The record's identifier at the remote (its gmd:fileIdentifier).
    .addColumn('remote_id', 'text', (c) => c.notNull())
    // The remote's date stamp of the record as it gave it (ISO 8601), when it gave one.
    .addColumn('datestamp', 'text')
    // A hash of the record as read: tells "unchanged" when the remote gives no date stamp.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('last_harvest', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('harvest_record_remote')
    .on('harvest_record')
    .columns(['harvester_id', 'remote_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('harvest_run')
    .addColumn('process_id', 'text', (c) =>
      c.primaryKey().references('process_job.id').onDelete('cascade'),
    )
    .addColumn('harvester_id', 'text', (c) =>
      c.notNull().references('harvester.id').onDelete('cascade'),
    )
    // { seen, added, updated, unchanged, skipped, failed, deleted }, written after each page.
    .addColumn('counts', 'jsonb', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('harvest_run_harvester')
    .on('harvest_run')
    .columns(['harvester_id', 'queued_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('harvest_run').ifExists().execute();
  await db.schema.dropTable('harvest_record').ifExists().execute();
  await db.schema.dropTable('harvester').ifExists().execute();
}
