import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Word pairs for phrases. A phrase such as "geologische Karte" is found by the full-text
 * index as a document holding both words and then tested word position by word position,
 * reading each candidate's whole vector: hundreds of thousands of vectors for two common
 * words. Every pair of adjacent lexemes of a document is therefore kept as a lexeme of its own
 * (`~p<first>~<second>`) in the column `pairs`, with its own index, so that the index finds
 * the documents where the words stand side by side. Only the words themselves have pairs, not
 * their fields' copies (search-fields.ts): `title:"…"` keeps the position test, on the far
 * fewer documents with both words in the title. The pairs live beside `doc`, not in it:
 * they would double the vector, which then no longer fits in its row, and ranking reads the
 * vectors of hundreds of matches.
 *
 * The same functions make the pairs when a document is written and when a query is made, so
 * a pair looked up is a pair stored (search-sql.ts, search-index.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_document add column pairs tsvector not null default ''`.execute(db);
  await sql`create index search_document_pairs on search_document using gin (pairs)`.execute(db);

  // The adjacent pairs of a vector: lexemes at positions p and p + 1. A pair longer than a
  // lexeme may be (2,047 bytes) is left out on both sides alike.
  await sql`
    create function search_pairs(v tsvector) returns text[]
    language sql immutable strict parallel safe as $fn$
      select coalesce(array_agg(distinct '~p' || a.lexeme || '~' || b.lexeme), '{}')
      from (select u.lexeme, p from unnest(v) u, unnest(u.positions) p) a
      join (select u.lexeme, p from unnest(v) u, unnest(u.positions) p) b on b.p = a.p + 1
      where octet_length(a.lexeme) + octet_length(b.lexeme) <= 2040
    $fn$`.execute(db);

  // What `pairs` must hold for a text to be found: in each configuration all of the text's
  // pairs, in any configuration. Null when some configuration has no pair (one word, or a
  // stop word between every two): then the pairs tell nothing. PL/pgSQL keeps its plans for
  // the session; a query is planned with this already computed.
  await sql`
    create function search_pair_query(words text) returns tsquery
    language plpgsql immutable strict parallel safe as $fn$
    declare
      cfg regconfig;
      part tsquery;
      answer tsquery;
    begin
      foreach cfg in array array['german', 'english', 'simple']::regconfig[] loop
        select string_agg('''' || replace(replace(x, '\\', '\\\\'), '''', '''''') || '''', ' & ')::tsquery
          into part from unnest(search_pairs(to_tsvector(cfg, words))) x;
        if part is null then
          return null;
        end if;
        answer := case when answer is null then part else answer || part end;
      end loop;
      return answer;
    end
    $fn$`.execute(db);

  // Whether the pairs alone decide: in every configuration the text is two words side by side
  // (a document holds that pair exactly when it holds the two words in this order).
  await sql`
    create function search_pairs_decide(words text) returns boolean
    language plpgsql immutable strict parallel safe as $fn$
    declare
      cfg regconfig;
      v tsvector;
    begin
      foreach cfg in array array['german', 'english', 'simple']::regconfig[] loop
        v := to_tsvector(cfg, words);
        if (select count(*) from unnest(v) u, unnest(u.positions) p) <> 2
          or cardinality(search_pairs(v)) <> 1 then
          return false;
        end if;
      end loop;
      return true;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function search_pairs_decide(text)`.execute(db);
  await sql`drop function search_pair_query(text)`.execute(db);
  await sql`drop function search_pairs(tsvector)`.execute(db);
  await sql`drop index search_document_pairs`.execute(db);
  await sql`alter table search_document drop column pairs`.execute(db);
}
