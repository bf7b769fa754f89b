import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The hosts of a record's map services (WMS, WMTS) as `host:port`, so that the map-service
 * proxy can let through the services of published records (vetted by an editor) without an
 * operator listing them in `GEO_PROXY_ALLOW`. Kept in the search document, which already
 * follows every save and workflow step in the same transaction; the GIN index answers "is
 * this host in a published record" without reading the records. Filled by the rebuild that
 * the raised `SEARCH_INDEX_VERSION` starts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_document add column service_hosts text[] not null default '{}'`.execute(
    db,
  );
  await sql`create index search_document_service_hosts on search_document using gin (service_hosts)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists search_document_service_hosts`.execute(db);
  await sql`alter table search_document drop column if exists service_hosts`.execute(db);
}
