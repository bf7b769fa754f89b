import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Administration of users and groups: a version per account and group so that two
 * administrators cannot overwrite each other, the must-change-password flag of a password an
 * administrator set, the time of the last sign-in, group labels in both languages, and the
 * append-only audit log of administrative, access-control and workflow changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('account')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('account').addColumn('last_login_at', 'timestamptz').execute();

  await db.schema
    .alterTable('user_group')
    .addColumn('label_de', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('user_group')
    .addColumn('label_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('user_group')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Groups made before had only a name: it serves as the label until someone writes one.
  await sql`update user_group set label_de = name, label_en = name`.execute(db);

  await db.schema
    .createTable('audit_entry')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_entry_at').on('audit_entry').column('at').execute();
  await db.schema
    .createIndex('audit_entry_target')
    .on('audit_entry')
    .columns(['target', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_entry_actor')
    .on('audit_entry')
    .columns(['actor', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_entry').execute();
  for (const column of ['version', 'label_en', 'label_de']) {
    await db.schema.alterTable('user_group').dropColumn(column).execute();
  }
  for (const column of ['last_login_at', 'must_change_password', 'version']) {
    await db.schema.alterTable('account').dropColumn(column).execute();
  }
}
