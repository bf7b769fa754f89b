import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import type { Viewer } from '../objects/policy.js';
import { matchingIds, search } from './search.service.js';
import { rebuildSearchIndex } from './search-index.js';
import { parseSearch } from './search-params.js';
import { sampleLevel } from './search-sample.js';
import type { SearchTarget } from './search-statements.js';

/**
 * A count estimated from samples never falls below what a sample already proved. With an
 * exact limit of 20, the first sample (1 in 2) may hold more than its 5: the next sample is
 * 1 in 16, and for 8 matches none of which reach that level it found nothing. The count was
 * 0, and a page of hits stood beside "0 found"; a harvester paging by it would stop.
 */

const visitor: Viewer = { accountId: null, name: null, roles: [], groups: [] };
/** Eight ids all in the 1-in-2 sample and none in the 1-in-16 one (sampleLevel 1 to 3). */
const ids = [
  'floor-0',
  'floor-3',
  'floor-4',
  'floor-6',
  'floor-13',
  'floor-18',
  'floor-21',
  'floor-23',
];

describe.each(testDatabases)('a count estimated from samples on $name', (database) => {
  let t: TestApp;
  let target: SearchTarget;
  beforeAll(async () => {
    t = await createTestApp(database);
    target = { db: t.app.db, timeoutMs: 60_000, exactMax: 20 };
    const owner = await createAccount(t.app, 'owner', 'owner-password-1', { role: 'submitter' });
    for (const id of ids) {
      await sql`
        insert into object (id, type, state, owner_id, public, metadata, created_at, modified_at)
        values (${id}, 'dataset', 'published', ${owner}, true,
          ${JSON.stringify({ title: { de: `Seltenwortkarte ${id}` } })}::jsonb, now(), now())`.execute(
        t.app.db,
      );
    }
    await rebuildSearchIndex(t.app.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the ids are the case this test is about', () => {
    for (const id of ids) expect(sampleLevel(id)).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect(sampleLevel(id)).toBeLessThan(4);
  });

  it('is at least what the first sample proved, for the list and for the standards', async () => {
    const found = await search(
      target,
      parseSearch({ q: 'Seltenwortkarte', sort: ['modified desc'], rows: 10 }),
      visitor,
    );
    expect(found.docs).toHaveLength(ids.length);
    expect(found.approximate).toBe(true);
    expect(found.numFound).toBeGreaterThanOrEqual(ids.length);
    const counted = await matchingIds(
      target,
      parseSearch({ q: 'Seltenwortkarte', sort: ['modified desc'], rows: 0 }),
      visitor,
    );
    expect(counted.numFound).toBeGreaterThanOrEqual(ids.length);
  });
});
