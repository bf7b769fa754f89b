import type { SearchResponse } from '@geoportal/contract/search';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import type { Viewer } from '../objects/policy.js';
import { matchingIds, search, spatialSearch } from './search.service.js';
import { rebuildSearchIndex } from './search-index.js';
import { parseSearch } from './search-params.js';
import { SAMPLE_LEVEL_MAX, sampleLevel } from './search-sample.js';
import type { SearchTarget } from './search-statements.js';
import { roughly } from './search-tallies.js';

/**
 * Searches with more matches than can be counted one by one: counted and faceted from an even
 * sample, ranked among the first matches found. The limit is lowered to 200 here so that a
 * few thousand records show what a million do.
 */

const EXACT_MAX = 200;
const PUBLIC = 4000;
/** Drafts: found by their owner only, never counted for a visitor. */
const DRAFTS = 1500;

const visitor: Viewer = { accountId: null, name: null, roles: [], groups: [] };

describe('sample levels', () => {
  it('put a document at level k or deeper with probability 2^-k', () => {
    const n = 64_000;
    const atLeast = new Array(SAMPLE_LEVEL_MAX + 1).fill(0);
    for (let i = 0; i < n; i++) {
      const level = sampleLevel(`object-${i}`);
      for (let k = 0; k <= level; k++) atLeast[k] += 1;
    }
    expect(atLeast[0]).toBe(n);
    for (const k of [1, 2, 3, 6]) {
      const expected = n / 2 ** k;
      // Within four standard deviations of a binomial count.
      expect(Math.abs(atLeast[k] - expected)).toBeLessThan(4 * Math.sqrt(expected));
    }
  });
});

describe.each(testDatabases)(
  'a search with more matches than counted exactly on $name',
  (database) => {
    let t: TestApp;
    let target: SearchTarget;
    const run = (q: string, options: { fq?: string[]; sort?: string[]; start?: number } = {}) =>
      search(
        target,
        parseSearch({ q, fq: options.fq, sort: options.sort, start: options.start, rows: 10 }),
        visitor,
      );

    beforeAll(async () => {
      t = await createTestApp(database);
      target = { db: t.app.db, timeoutMs: 60_000, exactMax: EXACT_MAX };
      const owner = await createAccount(t.app, 'owner', 'owner-password-1', { role: 'submitter' });
      // Every public record is about groundwater; every fourth is a service; one in twenty also
      // about soil (every fiftieth, so 80 records, 40 of them services). The drafts are about groundwater too, and secret.
      await sql`
      insert into object (id, type, state, owner_id, public, metadata, created_at, modified_at)
      select 'record-' || i, case when i % 4 = 0 then 'service' else 'dataset' end, 'published',
        ${owner}, true,
        jsonb_build_object('title', jsonb_build_object('de',
          'Grundwasser ' || case when i % 50 = 0 then 'und Boden ' else '' end || i)),
        now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${PUBLIC}) as i`.execute(t.app.db);
      await sql`
      insert into object (id, type, state, owner_id, public, metadata, created_at, modified_at)
      select 'draft-' || i, 'dataset', 'draft', ${owner}, false,
        jsonb_build_object('title', jsonb_build_object('de', 'Grundwasser geheim ' || i)),
        now(), now()
      from generate_series(1, ${DRAFTS}) as i`.execute(t.app.db);
      await rebuildSearchIndex(t.app.db);
    }, 300_000);
    afterAll(async () => {
      await t?.close();
    });

    const near = (value: number, expected: number, tolerance: number) =>
      expect(Math.abs(value - expected) / expected).toBeLessThan(tolerance);
    const facet = (answer: SearchResponse, value: string) =>
      answer.facets.type.find((f) => f.value === value)?.count ?? 0;

    it('up to the limit, counts and facets are exact and not marked', async () => {
      // "Boden" is in 80 titles, 40 of them services; the type facet counts without its filter.
      const answer = await run('Boden', { fq: ['type:service'] });
      expect(answer.approximate).toBeUndefined();
      expect(answer.numFound).toBe(40);
      expect(facet(answer, 'service')).toBe(40);
      expect(facet(answer, 'dataset')).toBe(40);
    });

    it('beyond it, the count and the facets are estimated from a sample, and marked', async () => {
      const answer = await run('Grundwasser');
      expect(answer.approximate).toBe(true);
      // The drafts match the word too, and must not be counted for a visitor.
      near(answer.numFound, PUBLIC, 0.5);
      near(facet(answer, 'dataset'), PUBLIC * 0.75, 0.5);
      near(facet(answer, 'service'), PUBLIC * 0.25, 0.6);
      expect(answer.docs).toHaveLength(10);
      for (const doc of answer.docs) expect(doc.id).toMatch(/^record-/);
    });

    it('ranks the first matches found: each page a visitor reaches holds ranked matches', async () => {
      const first = await run('Grundwasser OR Boden');
      const later = await run('Grundwasser OR Boden', { start: EXACT_MAX - 10 });
      expect(first.approximate).toBe(true);
      expect(first.docs).toHaveLength(10);
      // Within the ranked candidates, records about both words rank above those about one.
      // Which matches are found first is the engine's choice (physical order on PostgreSQL),
      // so the page need not hold a record about both; where it does, they lead.
      const aboutBoth = first.docs.map((d) => (d.title.de ?? '').includes('Boden'));
      expect(aboutBoth).toEqual([...aboutBoth].sort((a, b) => Number(b) - Number(a)));
      const scores = first.docs.map((d) => d.score ?? 0);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      expect(later.docs).toHaveLength(10);
      expect(new Set([...first.docs, ...later.docs].map((d) => d.id)).size).toBe(20);
    });

    it('other orders stay exact over every match: the newest record comes first', async () => {
      const newest = await run('Grundwasser', { sort: ['modified desc'] });
      expect(newest.docs[0]?.id).toBe('record-1');
      const oldest = await run('Grundwasser', { sort: ['modified asc'] });
      expect(oldest.docs[0]?.id).toBe(`record-${PUBLIC}`);
    });

    it('a visitor gets nothing where only secret records match, however many', async () => {
      const answer = await run('geheim');
      expect(answer.numFound).toBe(0);
      expect(answer.approximate).toBeUndefined();
      expect(answer.docs).toEqual([]);
    });

    it('the map counts a full page of footprints from a sample as well', async () => {
      await sql`update search_document set west = 6, south = 47, east = 15, north = 55,
      extent = box(point(6, 47), point(15, 55))`.execute(t.app.db);
      const page = await spatialSearch(target, { q: 'Grundwasser', page: 1, size: 50 }, visitor);
      expect(page.numberReturned).toBe(50);
      near(page.numberMatched, PUBLIC, 0.5);
      // The last page tells the count exactly.
      const last = await spatialSearch(target, { q: 'Boden', page: 2, size: 50 }, visitor);
      expect(last.numberReturned).toBe(30);
      expect(last.numberMatched).toBe(80);
    });

    it('the standards page through every match to the end, whatever the estimate', async () => {
      // As CSW's nextRecord and OGC API's next link: follow `more` until it says the end.
      const request = (start: number) =>
        matchingIds(
          target,
          parseSearch({ q: 'Grundwasser', sort: ['created asc'], start, rows: 100 }),
          visitor,
        );
      const seen: string[] = [];
      for (let start = 0, pages = 0; ; start += 100, pages += 1) {
        expect(pages).toBeLessThan(PUBLIC / 100 + 1);
        const page = await request(start);
        seen.push(...page.ids);
        if (!page.more) {
          expect(page.numFound).toBe(PUBLIC);
          break;
        }
        expect(page.ids).toHaveLength(100);
        expect(page.numFound).toBeGreaterThan(start + 100);
      }
      expect(new Set(seen).size).toBe(PUBLIC);
      expect(seen).toHaveLength(PUBLIC);
      const beyond = await request(PUBLIC + 500);
      expect(beyond).toMatchObject({ ids: [], more: false });
      expect(beyond.numFound).toBeLessThanOrEqual(PUBLIC + 500);
    }, 120_000);
  },
);

describe('roughly', () => {
  it('rounds estimates to two significant digits', () => {
    expect([7, 99, 100, 1_234, 312_448, 999_999].map(roughly)).toEqual([
      7, 99, 100, 1_200, 310_000, 1_000_000,
    ]);
  });
});
