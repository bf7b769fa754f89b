import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import type { Viewer } from '../objects/policy.js';
import { search } from './search.service.js';
import { createRecord, searchAccounts, type Tokens } from './search.test-helpers.js';
import { parseSearch } from './search-params.js';
import type { SearchTarget } from './search-statements.js';

/**
 * The first page ranked by relevance counts its search from the first block of matches where
 * that block holds every match (search.service.ts): the count and facets must be those the
 * search's own tallies give (here: the same search sorted by date, which counts on its own).
 */

const visitor: Viewer = { accountId: null, name: null, roles: [], groups: [] };
// Blocks of 4 (a fifth of 20): 3 matches fit in one, 9 do not.
const EXACT_MAX = 20;

describe.each(testDatabases)('counts from the first ranked block on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  let target: SearchTarget;

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await searchAccounts(t.app);
    target = { db: t.app.db, timeoutMs: 60_000, exactMax: EXACT_MAX };
    for (let i = 0; i < 9; i++) {
      await createRecord(
        t.app,
        tokens,
        {
          title: { de: `Auenkarte ${i}${i < 3 ? ' Moorgebiet' : ''}` },
          licence: i % 2 === 0 ? 'cc-by-4.0' : 'dl-de-by-2.0',
        },
        // A draft is not the visitor's: neither found nor counted.
        i === 4 ? 'draft' : 'published',
        i % 3 === 0 ? 'service' : 'dataset',
      );
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const run = (
    q: string,
    options: { sort?: string[]; start?: number; rows?: number; fq?: string[] } = {},
  ) => search(target, parseSearch({ ...options, q, rows: options.rows ?? 2 }), visitor);

  it.each([
    ['Moorgebiet', 'all matches in the first block'],
    ['Auenkarte', 'more matches than the block: counted on its own'],
    ['Wüste', 'no match'],
  ])('%s (%s): the same count and facets as the search counted on its own', async (q) => {
    for (const fq of [[], ['licence:cc-by-4.0']]) {
      const ranked = await run(q, { fq });
      const counted = await run(q, { fq, sort: ['modified desc'] });
      expect(ranked.numFound).toBe(counted.numFound);
      expect(ranked.approximate).toBe(counted.approximate);
      expect(ranked.facets).toEqual(counted.facets);
      expect(ranked.docs.length).toBe(Math.min(2, counted.numFound));
    }
  });

  it('a later page inside the first block counts the same, even where it is empty', async () => {
    const first = await run('Moorgebiet');
    expect(first.numFound).toBe(3);
    expect((await run('Moorgebiet', { start: 2 })).numFound).toBe(3);
    // Past the last match but still inside the block (3 + 1 ≤ 4): no hit carries the count.
    const past = await run('Moorgebiet', { start: 3, rows: 1 });
    expect(past.docs).toEqual([]);
    expect(past.numFound).toBe(3);
    expect(past.facets).toEqual(first.facets);
  });
});
