import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import type { Viewer } from '../objects/policy.js';
import { rankedBlock } from './search.repository.js';
import { search, spatialSearch } from './search.service.js';
import { searchOk, searchUrl } from './search.test-helpers.js';
import { rebuildSearchIndex } from './search-index.js';
import { parseSearch } from './search-params.js';
import type { SearchTarget } from './search-statements.js';

/**
 * Paging: for generated records and queries, in every sort order, the pages of one search
 * hold every matching record exactly once, and asking for a page again answers the same
 * page. Relevance ranks the matches block by block (search.repository.ts, `rankedBlock`);
 * the exact limit, and with it the block, is lowered here (down to one record a block) so
 * that a few dozen records page across many blocks, as a million do across a few.
 */

const visitor: Viewer = { accountId: null, name: null, roles: [], groups: [] };

const words = ['Grundwasser', 'Boden', 'Küste', 'Lärm', 'Wald'] as const;
type Word = (typeof words)[number];
/** Prefixes as typed, with the words they start. */
const prefixes: Record<string, Word> = { 'grund*': 'Grundwasser', 'bod*': 'Boden', 'wal*': 'Wald' };

/** A box in Central Europe (inside the `bbox` filter below), one far away, or none. */
const near = { west: 6, south: 47, east: 15, north: 55 };
const far = { west: 100, south: -30, east: 110, north: -20 };

interface GeneratedRecord {
  title: Word[];
  visible: boolean;
  /** Few distinct times, so that many records tie. */
  modified: number;
  created: number;
  year: number | null;
  temporal: number | null;
  extent: 'near' | 'far' | null;
}

const recordArb: fc.Arbitrary<GeneratedRecord> = fc.record({
  title: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
  visible: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
  modified: fc.integer({ min: 0, max: 4 }),
  created: fc.integer({ min: 0, max: 3 }),
  year: fc.option(fc.integer({ min: 2000, max: 2020 }), { nil: null }),
  temporal: fc.option(fc.integer({ min: 2000, max: 2020 }), { nil: null }),
  extent: fc.constantFrom('near' as const, 'far' as const, null),
});

type Query =
  | { kind: 'word'; word: Word }
  | { kind: 'or' | 'and'; words: [Word, Word] }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'all' };

const wordArb = fc.constantFrom(...words);
const queryArb: fc.Arbitrary<Query> = fc.oneof(
  { weight: 3, arbitrary: wordArb.map((word) => ({ kind: 'word' as const, word })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('or' as const, 'and' as const), wordArb, wordArb)
      .map(([kind, a, b]) => ({ kind, words: [a, b] as [Word, Word] })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...Object.keys(prefixes))
      .map((prefix) => ({ kind: 'prefix' as const, prefix })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'all' as const }) },
);

const queryText = (q: Query): string => {
  switch (q.kind) {
    case 'word':
      return q.word;
    case 'or':
    case 'and':
      return q.words.join(q.kind === 'or' ? ' OR ' : ' AND ');
    case 'prefix':
      return q.prefix;
    case 'all':
      return '*';
  }
};

const matchesQuery = (q: Query, r: GeneratedRecord): boolean => {
  switch (q.kind) {
    case 'word':
      return r.title.includes(q.word);
    case 'or':
      return q.words.some((w) => r.title.includes(w));
    case 'and':
      return q.words.every((w) => r.title.includes(w));
    case 'prefix':
      return r.title.includes(prefixes[q.prefix] as Word);
    case 'all':
      return true;
  }
};

/** Filters that take the page out of the table's plain order if they may use an index. */
const filters = {
  none: { fq: [], keeps: () => true },
  year: {
    fq: ['year:[2005 TO 2015]'],
    keeps: (r: GeneratedRecord) => r.year !== null && r.year >= 2005 && r.year <= 2015,
  },
  bbox: { fq: ['bbox:0,40,20,60'], keeps: (r: GeneratedRecord) => r.extent === 'near' },
} as const;

/** Every sort order, and two of them combined. */
const sorts: string[][] = [
  [],
  ['score asc'],
  ['modified desc'],
  ['modified asc'],
  ['created desc'],
  ['title asc'],
  ['title desc'],
  ['date desc'],
  ['temporal asc'],
  ['modified desc', 'score desc'],
];

const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString();

describe.each(testDatabases)('paging through a search on $name', (database) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await createAccount(t.app, 'owner', 'owner-password-1', { role: 'submitter' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Replaces the catalogue with `records` (ids in an order of their own, so that id order,
   * table order and every sort order differ); answers their ids.
   */
  async function catalogue(records: GeneratedRecord[], idOrder: number[]): Promise<string[]> {
    await t.app.db.deleteFrom('object').execute();
    const ids = records.map((_, i) => `rec-${String(idOrder[i] ?? i).padStart(4, '0')}`);
    const rows = records.map((r, i) => ({
      id: ids[i],
      state: r.visible ? 'published' : 'draft',
      public: r.visible,
      created_at: day(r.created),
      modified_at: day(r.modified),
      metadata: {
        title: { de: r.title.join(' ') },
        ...(r.year === null ? {} : { dates: { revision: `${r.year}-06-30` } }),
        ...(r.temporal === null
          ? {}
          : { temporalExtent: { start: `${r.temporal}-01-01`, end: `${r.temporal}-12-31` } }),
        ...(r.extent === null ? {} : { extent: r.extent === 'near' ? near : far }),
      },
    }));
    if (rows.length > 0) {
      await sql`
        insert into object (id, type, state, owner_id, public, metadata, created_at, modified_at)
        select id, 'dataset', state, ${owner}, public, metadata, created_at, modified_at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, state text,
          public boolean, metadata jsonb, created_at timestamptz, modified_at timestamptz)`.execute(
        t.app.db,
      );
    }
    await rebuildSearchIndex(t.app.db);
    return ids;
  }

  /** Every page of a search in order, `rows` at a time, until a page is not full. */
  async function allPages(
    target: SearchTarget,
    params: { q: string; fq: readonly string[]; sort: readonly string[] },
    rows: number,
  ) {
    const hits: { id: string; score?: number; modified: string }[] = [];
    for (let start = 0; ; start += rows) {
      const page = await search(
        target,
        parseSearch({
          ...params,
          fq: [...params.fq],
          sort: [...params.sort],
          start,
          rows,
          facets: false,
        }),
        visitor,
      );
      hits.push(...page.docs);
      if (page.docs.length < rows) return hits;
    }
  }

  it('pages through every match exactly once, in every order, the same on every request', async () => {
    await fc.assert(
      fc.asyncProperty(
        // `size: 'max'`: up to the largest catalogue, not fast-check's usual few elements.
        fc.array(recordArb, { maxLength: 36, size: 'max' }).chain((records) =>
          fc.record({
            records: fc.constant(records),
            idOrder: fc.shuffledSubarray(
              Array.from({ length: records.length }, (_, i) => i),
              { minLength: records.length, maxLength: records.length },
            ),
            query: queryArb,
            filter: fc.constantFrom('none' as const, 'year' as const, 'bbox' as const),
            rows: fc.integer({ min: 1, max: 8 }),
            exactMax: fc.constantFrom(5, 10, 20, 2500),
          }),
        ),
        async ({ records, idOrder, query, filter, rows, exactMax }) => {
          const ids = await catalogue(records, idOrder);
          const target: SearchTarget = { db: t.app.db, timeoutMs: 60_000, exactMax };
          const expected = ids
            .filter((_, i) => {
              const r = records[i] as GeneratedRecord;
              return r.visible && matchesQuery(query, r) && filters[filter].keeps(r);
            })
            .sort();
          const block = rankedBlock(exactMax);
          const params = { q: queryText(query), fq: filters[filter].fq };
          for (const sort of sorts) {
            const hits = await allPages(target, { ...params, sort }, rows);
            const found = hits.map((h) => h.id);
            expect([...found].sort(), `${params.q} ${sort.join(', ')} by ${rows}`).toEqual(
              expected,
            );
            // The first page again, and the page that starts in the middle of the hits.
            const middle = Math.floor(found.length / 2);
            for (const start of [0, middle]) {
              const again = await search(
                target,
                parseSearch({ ...params, fq: [...params.fq], sort, start, rows, facets: false }),
                visitor,
              );
              expect(again.docs.map((d) => d.id)).toEqual(found.slice(start, start + rows));
            }
            // Ties fall by id: by relevance within each block, by date throughout.
            const ranked = query.kind !== 'all' && (sort[0] ?? 'score desc') === 'score desc';
            if (ranked) {
              for (let from = 0; from < hits.length; from += block) {
                const inBlock = hits.slice(from, from + block);
                const inOrder = [...inBlock].sort(
                  (a, b) => (b.score ?? 0) - (a.score ?? 0) || (a.id < b.id ? -1 : 1),
                );
                expect(inBlock.map((h) => h.id)).toEqual(inOrder.map((h) => h.id));
              }
            }
            if (sort.length === 1 && sort[0] === 'modified desc') {
              const inOrder = [...hits].sort(
                (a, b) => b.modified.localeCompare(a.modified) || (a.id < b.id ? -1 : 1),
              );
              expect(found).toEqual(inOrder.map((h) => h.id));
            }
          }
          // The map's footprints page through the matches with an extent the same way.
          const located = expected.filter((id) => records[ids.indexOf(id)]?.extent !== null);
          const footprints: string[] = [];
          for (let page = 1; ; page++) {
            const answer = await spatialSearch(
              target,
              { q: params.q, fq: [...params.fq], page, size: rows },
              visitor,
            );
            footprints.push(...answer.features.map((f) => String(f.id)));
            if (answer.numberReturned < rows) break;
          }
          expect(footprints.sort()).toEqual(located);
        },
      ),
      propertyRuns(12),
    );
  }, 120_000);

  it('pages by 100 through more matches than one block ranks, over HTTP', async () => {
    // Three blocks of the real limit; titles of one to three words, so that scores tie.
    const n = rankedBlock(2_500) * 2 + 150;
    const records = Array.from({ length: n }, (_, i) => ({
      title: ['Grundwasser', ...(i % 3 === 0 ? ['Boden'] : []), ...(i % 7 === 0 ? ['Wald'] : [])],
      visible: true,
      modified: i % 5,
      created: i % 3,
      year: null,
      temporal: null,
      extent: null,
    })) as GeneratedRecord[];
    // Ids in reverse to the table's order.
    const ids = await catalogue(
      records,
      records.map((_, i) => n - i),
    );
    const url = (start: number) => searchUrl('Grundwasser OR Boden', { start, rows: 100 });
    const first = await searchOk(t.app, url(0));
    expect((await searchOk(t.app, url(0))).docs.map((d) => d.id)).toEqual(
      first.docs.map((d) => d.id),
    );
    const found: string[] = [];
    for (let start = 0; start < n + 100; start += 100) {
      found.push(...(await searchOk(t.app, url(start))).docs.map((d) => d.id));
    }
    expect(found).toHaveLength(n);
    expect(new Set(found).size).toBe(n);
    expect([...found].sort()).toEqual([...ids].sort());
  }, 120_000);
});
