import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The link check (issue 20, `links.check`): the last outcome per record and online-resource
 * URL. A check of a record replaces all its rows in one transaction, so a URL removed from
 * the record disappears with the next check; deleting the record deletes its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('record_link_status')
    .addColumn('object_id', 'text', (c) => c.notNull().references('object.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('ok', 'broken', 'unreachable', 'refused')`),
    )
    // The HTTP status of the last answer (ok and broken); null when none came.
    .addColumn('http_status', 'integer')
    .addColumn('detail', 'text')
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_link_status_pk', ['object_id', 'url'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('record_link_status').ifExists().execute();
}
