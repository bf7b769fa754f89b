import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Accounts, groups, roles, sessions and failed sign-ins. Names are unique without regard to
 * case through a `name_key` column holding the lower-cased name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('given_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('surname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('realm', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('password_hash', 'text')
    .addColumn('attributes', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_group')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('role')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('group_member')
    .addColumn('group_id', 'text', (c) =>
      c.notNull().references('user_group.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('group_member_pk', ['group_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('group_member_account')
    .on('group_member')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('group_role')
    .addColumn('group_id', 'text', (c) =>
      c.notNull().references('user_group.id').onDelete('cascade'),
    )
    .addColumn('role_name', 'text', (c) => c.notNull().references('role.name').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_role_pk', ['group_id', 'role_name'])
    .execute();

  await db.schema
    .createTable('account_role')
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('role_name', 'text', (c) => c.notNull().references('role.name').onDelete('cascade'))
    .addPrimaryKeyConstraint('account_role_pk', ['account_id', 'role_name'])
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('account.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('session_account').on('session').column('account_id').execute();

  await db.schema
    .createTable('login_failure')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failure_name_time')
    .on('login_failure')
    .columns(['name_key', 'failed_at'])
    .execute();

  await db
    .insertInto('role' as never)
    .values([
      { name: 'administrator', description: 'May do everything' },
      { name: 'editor', description: 'Reviews, publishes and withdraws records' },
      { name: 'submitter', description: 'Creates records and submits them for review' },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_failure',
    'session',
    'account_role',
    'group_role',
    'group_member',
    'role',
    'user_group',
    'account',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
