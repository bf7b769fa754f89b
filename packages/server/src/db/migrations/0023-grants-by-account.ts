import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Grants to a user name the account (`account_id`), no longer its name: a grant made to an
 * account goes with the account when it is deleted, and a new account that takes a deleted
 * user's name reads nothing of the old one's. Existing user grants are resolved by name;
 * one whose account is gone already granted nobody and is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('object_grant')
    .addColumn('account_id', 'text', (c) => c.references('account.id').onDelete('cascade'))
    .execute();
  await sql`
    update object_grant g set account_id = a.id
    from account a
    where g.subject_kind = 'user' and a.name_key = lower(trim(g.subject_name))`.execute(db);
  await sql`delete from object_grant where subject_kind = 'user' and account_id is null`.execute(
    db,
  );
  await db.schema
    .createIndex('object_grant_account')
    .on('object_grant')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('object_grant_account').execute();
  await db.schema.alterTable('object_grant').dropColumn('account_id').execute();
}
