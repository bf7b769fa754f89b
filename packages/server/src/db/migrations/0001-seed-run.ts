import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** Table that records which demo-seed steps have been applied to this database. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('seed_run')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('applied_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('seed_run').execute();
}
