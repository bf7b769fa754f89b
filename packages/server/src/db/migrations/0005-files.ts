import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Files of objects (Files issue): content-addressed blobs, named bundles per object and the
 * files that map an object/bundle/path to a blob. Blob bytes live on disk under
 * `DATA_DIR/blobs/<2 hex>/<2 hex>/<sha256>`; a `file` row is only ever written after its blob
 * is on disk, so no row points to missing bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blob')
    .addColumn('sha256', 'text', (c) => c.primaryKey().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bundle')
    .addColumn('object_id', 'text', (c) => c.notNull().references('object.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_pk', ['object_id', 'name'])
    .execute();

  await db.schema
    .createTable('file')
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('bundle', 'text', (c) => c.notNull())
    // NFC, checked by normaliseFilePath before it gets here; `/` separates folders.
    .addColumn('path', 'text', (c) => c.notNull())
    // No cascade: a blob row goes only when the garbage collector finds no file using it.
    .addColumn('sha256', 'text', (c) => c.notNull().references('blob.sha256'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('is_index', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_pk', ['object_id', 'bundle', 'path'])
    .addForeignKeyConstraint(
      'file_bundle_fk',
      ['object_id', 'bundle'],
      'bundle',
      ['object_id', 'name'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  // The garbage collector asks "does any file still use this blob?".
  await db.schema.createIndex('file_sha256').on('file').column('sha256').execute();
  // At most one index file per bundle.
  await db.schema
    .createIndex('file_one_index_per_bundle')
    .on('file')
    .columns(['object_id', 'bundle'])
    .unique()
    .where(sql.ref('is_index'), '=', true)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['file', 'bundle', 'blob']) {
    await db.schema.dropTable(table).execute();
  }
}
