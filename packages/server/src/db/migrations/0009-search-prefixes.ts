import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Word beginnings for prefix searches. `grundwa*` was answered by the full-text index
 * expanding the prefix into every lexeme that starts with it (Grundwasser, Grundwassers,
 * Grundwassermessstelle, … each with its list of documents) and merging their lists, again
 * for every statement of a search: a few hundred milliseconds at a million records. An
 * expression index now holds, for every lexeme of a document, its beginnings of 2 to 8
 * characters (`~x<beginning>`), so a prefix of that length is one lookup, as with
 * Elasticsearch's `index_prefixes`. German compounds share long beginnings ("Grundwasser…",
 * "Bodenkarte…"), hence 8. Longer prefixes are expanded as before. It is an index on `doc`,
 * not a column: nothing more is stored per row, and it cannot disagree with the vector.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The beginnings of the words of a vector; its fields' copies (t~, k~) and the sample
  // lexemes (~s…) have none, as no prefix a user types can match them. Costly per row (a
  // vector's words cut many times): the cost tells the planner to read the index instead
  // (at the default cost it once tested a million rows one by one for a common prefix).
  await sql`
    create function search_prefixes(v tsvector) returns tsvector
    language sql immutable strict parallel safe cost 10000 as $fn$
      select array_to_tsvector(coalesce(array_agg(distinct '~x' || left(u.lexeme, n)), '{}'))
      from unnest(v) u, generate_series(2, least(8, length(u.lexeme))) n
      where u.lexeme !~ '^(~|t~|k~)'
    $fn$`.execute(db);
  await sql`create index search_document_prefixes on search_document using gin (search_prefixes(doc))`.execute(
    db,
  );

  // The beginning that a prefix of a search asks `search_prefixes` for: its plain lexeme
  // (as to_tsquery 'simple' makes it) when it is one of 2 to 8 characters, else null (the
  // prefix is then expanded by the full-text index). PL/pgSQL keeps its plan for the session.
  await sql`
    create function search_prefix_query(words text) returns tsquery
    language plpgsql immutable strict parallel safe as $fn$
    declare
      lexemes text[] := tsvector_to_array(to_tsvector('simple', words));
    begin
      if cardinality(lexemes) <> 1 or length(lexemes[1]) not between 2 and 8 then
        return null;
      end if;
      return ('''~x' || replace(replace(lexemes[1], '\\', '\\\\'), '''', '''''') || '''')::tsquery;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function search_prefix_query(text)`.execute(db);
  await sql`drop index search_document_prefixes`.execute(db);
  await sql`drop function search_prefixes(tsvector)`.execute(db);
}
