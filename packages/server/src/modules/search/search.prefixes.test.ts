import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * Word beginnings (migration 0009) must find exactly what the expanded prefix finds: a
 * vector matches `search_prefixes(…) @@ search_prefix_query(p)` if and only if it matches
 * `p:*`, for generated texts (German and English forms and a field's copy, as the index
 * writes them) and prefixes of 1 to 10 characters, umlauts and digits included.
 */

const vocabulary = [
  'Grundwasser',
  'Grundwassermessstelle',
  'Grundwassers',
  'Bodenkarte',
  'Böden',
  'Überschwemmungsgebiet',
  'über',
  'Straße',
  'boreholes',
  'mapping',
  'Lärm',
  'A1',
  '2024',
  'x',
];

const caseArb = fc.record({
  text: fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 8 }),
  prefix: fc
    .tuple(fc.constantFrom(...vocabulary), fc.integer({ min: 1, max: 10 }))
    .map(([word, n]) => word.slice(0, n).toLowerCase()),
});

describe.each(testDatabases)('word beginnings on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a prefix among the beginnings exactly where a word starts with it', async () => {
    const cases = fc.sample(caseArb, { numRuns: 400, seed: 9 });
    const { rows } = await sql<{ looked_up: boolean; expanded: boolean; direct: boolean }>`
      with c as (
        select (x->>'i')::int as i, x->>'text' as text, x->>'prefix' as prefix
        from jsonb_array_elements(${JSON.stringify(
          cases.map((c, i) => ({ i, text: c.text.join(' '), prefix: c.prefix })),
        )}::jsonb) x
      ), v as (
        select c.*, to_tsvector('german', text) || to_tsvector('english', text)
            || to_tsvector('simple', text)
            || regexp_replace(to_tsvector('simple', text)::text, '''((?:[^'']|'''')*)''',
              '''t~\\1''', 'g')::tsvector as words,
          to_tsquery('simple', '''' || prefix || ''':*') as expanded_query
        from c
      )
      select coalesce(search_prefixes(words) @@ search_prefix_query(prefix), words @@ expanded_query)
          as looked_up,
        words @@ expanded_query as expanded,
        search_prefix_query(prefix) is not null as direct
      from v order by i`.execute(t.app.db);
    const wrong = cases.filter((_, i) => rows[i]?.looked_up !== rows[i]?.expanded);
    expect(wrong).toEqual([]);
    // Most prefixes are looked up directly; both answers occur often.
    expect(rows.filter((r) => r.direct).length).toBeGreaterThan(200);
    expect(rows.filter((r) => r.direct && r.expanded).length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.direct && !r.expanded).length).toBeGreaterThan(50);
  });

  it('looks up prefixes of 2 to 8 characters, and expands the others', async () => {
    const { rows } = await sql<Record<string, string | null>>`
      select search_prefix_query('grundwa')::text as seven, search_prefix_query('bö')::text as two,
        search_prefix_query('g')::text as one, search_prefix_query('grundwass')::text as nine,
        search_prefix_query('a-b')::text as two_words`.execute(t.app.db);
    expect(rows[0]).toEqual({
      seven: "'~xgrundwa'",
      two: "'~xbö'",
      one: null,
      nine: null,
      two_words: null,
    });
  });
});
