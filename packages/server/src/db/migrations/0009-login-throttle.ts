import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Sign-in counters instead of one row per failed sign-in. A row per account name and address
 * counts the password checks in the current window, and a row per account name (address
 * `*`) counts them across all addresses for the slower account-wide back-off. One statement
 * raises a counter and answers whether the check may happen, so parallel attempts cannot
 * all pass the limit (access.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('name_key', 'text', (c) => c.notNull())
    // The caller's address, or `*` for the account-wide row.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    // Account-wide row: the earliest time of the next password check.
    .addColumn('next_at', 'timestamptz')
    // Address row: the last successful sign-in of the account from this address.
    .addColumn('signed_in_at', 'timestamptz')
    .addPrimaryKeyConstraint('login_throttle_pk', ['name_key', 'address'])
    .execute();
  await db.schema
    .createIndex('login_throttle_window')
    .on('login_throttle')
    .column('window_start')
    .execute();
  await db.schema.dropTable('login_failure').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failure')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index login_failure_name_time on login_failure (name_key, failed_at)`.execute(
    db,
  );
  await db.schema.dropTable('login_throttle').execute();
}
