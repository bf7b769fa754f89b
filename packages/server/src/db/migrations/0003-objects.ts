import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** Objects (metadata records), their workflow history, grants and access keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('object')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('draft', 'submitted', 'published', 'withdrawn')`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('account.id'))
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('object_owner_state')
    .on('object')
    .columns(['owner_id', 'state'])
    .execute();
  await db.schema
    .createIndex('object_state_modified')
    .on('object')
    .columns(['state', 'modified_at'])
    .execute();

  await db.schema
    .createTable('object_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('object_id', 'text', (c) => c.notNull().references('object.id').onDelete('cascade'))
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('comment', 'text')
    .execute();
  await db.schema
    .createIndex('object_history_object')
    .on('object_history')
    .column('object_id')
    .execute();

  await db.schema
    .createTable('object_grant')
    .addColumn('object_id', 'text', (c) => c.notNull().references('object.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('object_grant_pk', [
      'object_id',
      'permission',
      'subject_kind',
      'subject_name',
    ])
    .execute();

  await db.schema
    .createTable('access_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('object_id', 'text', (c) => c.notNull().references('object.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('read', 'write')`))
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('creator_name', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('access_key_object').on('access_key').column('object_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['access_key', 'object_grant', 'object_history', 'object']) {
    await db.schema.dropTable(table).execute();
  }
}
