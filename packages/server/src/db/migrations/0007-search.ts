import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The search index (DESIGN §2 search): one searchable form per object, kept in step with the
 * object in the same transaction (modules/search/search-index.ts), and the titles and
 * keywords for suggestions. Everything here can be rebuilt from the objects at any time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTrigramExtension(db);

  await db.schema
    .createTable('search_document')
    .addColumn('object_id', 'text', (c) =>
      c.primaryKey().references('object.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // Who may find it: `public`, `owner:<account id>`, `user:<name>`, `group:<name>`,
    // `role:<role>` (search-document.ts); editors and administrators see everything.
    .addColumn('readers', sql`text[]`, (c) => c.notNull())
    // Weighted German, English and language-neutral lexemes (A titles, B keywords, C
    // abstracts, D the rest).
    .addColumn('doc', sql`tsvector`, (c) => c.notNull())
    // Facet values as `field=value`, e.g. `topicCategory=geoscientificInformation`.
    .addColumn('facets', sql`text[]`, (c) => c.notNull())
    .addColumn('title_de', 'text')
    .addColumn('title_en', 'text')
    // Lower case without diacritics, compared byte-wise: the same order on every database.
    .addColumn('title_sort', 'text', (c) => c.notNull())
    .addColumn('ref_date', 'date')
    .addColumn('temporal_start', 'date')
    .addColumn('temporal_end', 'date')
    .addColumn('created', 'timestamptz', (c) => c.notNull())
    .addColumn('modified', 'timestamptz', (c) => c.notNull())
    .addColumn('west', 'float8')
    .addColumn('south', 'float8')
    .addColumn('east', 'float8')
    .addColumn('north', 'float8')
    // The extent as boxes for the GiST index; a box across the antimeridian is split in two.
    .addColumn('extent', sql`box`)
    .addColumn('extent2', sql`box`)
    // The record's own geometry, when it has one (else the footprint is the box).
    .addColumn('footprint', 'jsonb')
    .addColumn('map_services', 'boolean', (c) => c.notNull())
    // A digest of what the document was written from (search-index.repository.ts): a rebuild
    // skips documents whose digest is unchanged instead of recomputing their vectors.
    .addColumn('content_hash', 'text')
    .execute();
  await sql`create index search_document_doc on search_document using gin (doc)`.execute(db);
  await sql`create index search_document_facets on search_document using gin (facets)`.execute(db);
  await sql`create index search_document_readers on search_document using gin (readers)`.execute(
    db,
  );
  await sql`create index search_document_extent on search_document using gist (extent)`.execute(db);
  await sql`create index search_document_extent2 on search_document using gist (extent2) where extent2 is not null`.execute(
    db,
  );
  for (const column of ['modified', 'created', 'ref_date', 'temporal_start']) {
    await sql`create index ${sql.id(`search_document_${column}`)} on search_document (${sql.id(column)})`.execute(
      db,
    );
  }
  await sql`create index search_document_title on search_document (title_sort collate "C")`.execute(
    db,
  );

  await db.schema
    .createTable('search_term')
    .addColumn('object_id', 'text', (c) => c.notNull().references('object.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('title', 'keyword')`))
    .addColumn('term', 'text', (c) => c.notNull())
    // Lower case without diacritics, for typo-tolerant matching with trigrams.
    .addColumn('norm', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_term_object').on('search_term').column('object_id').execute();
  await sql`create index search_term_norm on search_term using gin (norm gin_trgm_ops)`.execute(db);

  // Which form of the search document the stored rows have; a start with another version
  // rebuilds the index (search-index.ts).
  await db.schema
    .createTable('search_index_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('built_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/**
 * pg_trgm lives in `public` so that every schema on the database (tests use one each) finds
 * it through the search path. Two first migrations on one server may race to create it;
 * the loser finds it created.
 */
async function createTrigramExtension(db: Kysely<unknown>): Promise<void> {
  // Migrations run in a transaction: a savepoint keeps it usable after a lost race.
  await sql`savepoint create_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint create_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint create_pg_trgm`.execute(db);
    const found = await sql<{ n: number }>`
      select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (found.rows[0]?.n !== 1) throw error;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['search_index_state', 'search_term', 'search_document']) {
    await db.schema.dropTable(table).execute();
  }
}
