import type { Kysely } from 'kysely';

/**
 * The `gmd:fileIdentifier` of the ISO 19139 file a record was imported from. A record's own
 * id is the file identifier of its exports; this column remembers the foreign one, so that
 * importing the same file again is recognised instead of creating a second record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('object').addColumn('file_identifier', 'text').execute();
  await db.schema
    .createIndex('object_file_identifier')
    .on('object')
    .column('file_identifier')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('object_file_identifier').execute();
  await db.schema.alterTable('object').dropColumn('file_identifier').execute();
}
