import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The identifier a remote's listing names a harvested record by (`listed_id`): an OAI-PMH
 * header identifier (`oai:host:id`), which is not the record's gmd:fileIdentifier
 * (`remote_id`); for CSW and OGC API Records the two are the same. A run that lists
 * identifiers and date stamps first (ListIdentifiers) finds its records by it without
 * fetching them. Existing CSW and OGC API Records origins are filled in; OAI-PMH ones learn
 * theirs at their next run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('harvest_record').addColumn('listed_id', 'text').execute();
  await sql`
    update harvest_record set listed_id = remote_id
    where harvester_id in (select id from harvester where source_type <> 'oai-pmh')`.execute(db);
  await db.schema
    .createIndex('harvest_record_listed')
    .on('harvest_record')
    .columns(['harvester_id', 'listed_id'])
    .execute();
}
