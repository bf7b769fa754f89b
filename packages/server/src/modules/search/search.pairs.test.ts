import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * Word pairs (migration 0008) must find exactly what the position test finds: a document
 * whose vector holds a phrase's words in order is found through its pairs, and no other. As
 * the index writes them: the vector joins the German, English and plain forms, the pairs are
 * those of the joined vector; as the query asks: the pairs in any configuration, then the
 * position test unless the pairs decide. Checked for generated texts and phrases with stop
 * words, repeated words, hyphenated compounds, quotes and backslashes.
 */

const vocabulary = [
  'Karte',
  'Karten',
  'geologische',
  'Grundwasser',
  'Grundwassers',
  'Grundwasser-Messnetz',
  'Messnetz',
  'Berlin',
  'der',
  'die',
  'und',
  'the',
  'of',
  'map',
  'maps',
  'borehole',
  "it's",
  'back\\slash',
  "O'Neill",
  '2024',
];

const textArb = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 });

/** A phrase: a run of words from the text (mostly found) or any words (mostly not). */
const caseArb = textArb.chain((text) =>
  fc.record({
    text: fc.constant(text),
    phrase: fc.oneof(
      fc
        .tuple(fc.nat(text.length - 1), fc.integer({ min: 1, max: 4 }))
        .map(([from, n]) => text.slice(from, from + n)),
      fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 4 }),
    ),
  }),
);

interface Case {
  text: string[];
  phrase: string[];
}

const configs = ['german', 'english', 'simple'];
/** The column `phrase` quoted for to_tsquery as the server quotes it. */
const quotedPhrase = `'''' || replace(replace(phrase, '\\', '\\\\'), '''', '''''') || ''''`;
const wordsVector = configs.map((c) => `to_tsvector('${c}', text)`).join(' || ');
const query = configs.map((c) => `to_tsquery('${c}', ${quotedPhrase})`).join(' || ');

describe.each(testDatabases)('word pairs on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** For each case: [found through the pairs, found by the position test]. */
  async function compare(cases: Case[]): Promise<[boolean, boolean][]> {
    const { rows } = await sql<{ paired: boolean; plain: boolean }>`
      with c as (
        select (x->>'i')::int as i, x->>'text' as text, x->>'phrase' as phrase
        from jsonb_array_elements(${JSON.stringify(
          cases.map((c, i) => ({
            i,
            text: c.text.join(' '),
            phrase: c.phrase.join(' '),
          })),
        )}::jsonb) x
      ), v as (
        select c.*, ${sql.raw(wordsVector)} as words, ${sql.raw(query)} as query from c
      )
      select (search_pair_query(phrase) is null
          or array_to_tsvector(search_pairs(words)) @@ search_pair_query(phrase))
        and (search_pairs_decide(phrase) or words @@ query) as paired,
        words @@ query as plain
      from v order by i`.execute(t.app.db);
    return rows.map((r) => [r.paired, r.plain]);
  }

  it('finds a phrase by its pairs exactly where its words stand in that order', async () => {
    const samples = fc.sample(caseArb, { numRuns: 600, seed: 8 });
    const results = await compare(samples);
    const wrong = samples.filter((_, i) => results[i]?.[0] !== results[i]?.[1]);
    expect(wrong).toEqual([]);
    // The generated cases hold both answers often enough to mean something.
    const found = results.filter(([, plain]) => plain).length;
    expect(found).toBeGreaterThan(100);
    expect(results.length - found).toBeGreaterThan(100);
  });

  it('lets two adjacent words be decided by their pair, and asks no pair across a stop word', async () => {
    const { rows } = await sql<Record<string, string | boolean | null>>`
      select search_pair_query('geologische Karte')::text as two,
        search_pairs_decide('geologische Karte') as two_decide,
        search_pair_query('Karte der Stadt')::text as stop,
        search_pair_query('Karte Berlin Mitte')::text as three,
        search_pairs_decide('Karte Berlin Mitte') as three_decide`.execute(t.app.db);
    expect(rows[0]).toEqual({
      two: "'~pgeolog~kart' | '~pgeologisch~kart' | '~pgeologische~karte'",
      two_decide: true,
      // German drops "der": a gap of two positions has no pair, so the pairs tell nothing.
      stop: null,
      three:
        "'~pberlin~mitt' & '~pkart~berlin' | '~pberlin~mitt' & '~pkart~berlin' | '~pberlin~mitte' & '~pkarte~berlin'",
      three_decide: false,
    });
  });
});
