import type { BoundingBox } from '@geoportal/contract/record';
import type { Box, BoxRelation, QueryNode } from '@geoportal/contract/search-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import type { Viewer } from '../objects/policy.js';
import { matchingIds } from './search.service.js';
import { createRecord, searchAccounts, searchOk, searchUrl } from './search.test-helpers.js';

/**
 * The box filter's relations on both engines: intersecting (the query language's `bbox`),
 * lying within and containing the box, for boxes on either side of and across the
 * antimeridian; records without a box match none and come back under Not. And the value
 * fields (`crs`, `role`, `restriction`) as `fq` of the search API.
 */

const visitor: Viewer = { accountId: null, name: null, roles: [], groups: [] };

const boxes: Record<string, BoundingBox> = {
  nrw: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
  cologne: { west: 6.8, south: 50.8, east: 7.1, north: 51.0 },
  bavaria: { west: 8.97, south: 47.27, east: 13.84, north: 50.56 },
  fiji: { west: 177, south: -19, east: -178, north: -16 },
  samoa: { west: -173, south: -14.1, east: -171.4, north: -13.4 },
};

describe.each(testDatabases)('box relations on $name', (database) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  /** The names of the records a box filter (perhaps under Not) keeps, sorted. */
  const matching = async (box: Box, relation?: BoxRelation, negated = false) => {
    const filter: QueryNode = {
      kind: 'filter',
      filter: { field: 'bbox', kind: 'bbox', box, ...(relation ? { relation } : {}) },
    };
    const found = await matchingIds(
      { db: t.app.db, timeoutMs: 60_000 },
      {
        query: negated ? { kind: 'not', child: filter } : filter,
        filters: [],
        sorts: [{ field: 'title', direction: 'asc' }],
        start: 0,
        rows: 100,
        facets: false,
      },
      visitor,
    );
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    expect(found.numFound).toBe(found.ids.length);
    return found.ids.map((id) => names[id]).sort();
  };

  beforeAll(async () => {
    t = await createTestApp(database);
    const tokens = await searchAccounts(t.app);
    for (const [name, extent] of Object.entries(boxes)) {
      ids[name] = await createRecord(t.app, tokens, {
        title: { de: name, en: name },
        extent,
        ...(name === 'nrw'
          ? {
              referenceSystem: 'EPSG:25832',
              accessConstraints: { de: 'Keine.' },
              contacts: [
                { organisation: 'Amt', role: 'pointOfContact' },
                { organisation: 'Amt', role: 'custodian' },
              ],
            }
          : {}),
      });
    }
    ids.none = await createRecord(
      t.app,
      tokens,
      { title: { de: 'none', en: 'none' }, extent: undefined },
      'published',
      'service',
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('within: the extent lies inside the box', async () => {
    expect(await matching({ west: 5, south: 50, east: 10, north: 53 }, 'within')).toEqual([
      'cologne',
      'nrw',
    ]);
    expect(await matching({ west: -180, south: -90, east: 180, north: 90 }, 'within')).toEqual([
      'bavaria',
      'cologne',
      'fiji',
      'nrw',
      'samoa',
    ]);
    // Across the antimeridian: both parts of Fiji inside, Samoa inside the eastern part.
    expect(await matching({ west: 170, south: -25, east: -170, north: -10 }, 'within')).toEqual([
      'fiji',
      'samoa',
    ]);
    // Only the western part of Fiji: not within.
    expect(await matching({ west: 170, south: -25, east: 180, north: -10 }, 'within')).toEqual([]);
    // Not keeps the records without a box.
    expect(await matching({ west: 5, south: 50, east: 10, north: 53 }, 'within', true)).toEqual([
      'bavaria',
      'fiji',
      'none',
      'samoa',
    ]);
  });

  it('contains: the extent holds the whole box', async () => {
    expect(await matching({ west: 6.9, south: 50.9, east: 7, north: 50.95 }, 'contains')).toEqual([
      'cologne',
      'nrw',
    ]);
    expect(await matching({ west: 179, south: -18, east: -179, north: -17 }, 'contains')).toEqual([
      'fiji',
    ]);
    expect(await matching({ west: 178, south: -18, east: 179, north: -17 }, 'contains')).toEqual([
      'fiji',
    ]);
    expect(await matching({ west: 175, south: -18, east: 179, north: -17 }, 'contains')).toEqual(
      [],
    );
  });

  it('intersects by default, as the search API’s bbox', async () => {
    const box = { west: 6, south: 50.5, east: 9, north: 52 };
    expect(await matching(box)).toEqual(['bavaria', 'cologne', 'nrw']);
    const api = await searchOk(t.app, searchUrl('*', { fq: ['bbox:6,50.5,9,52'] }));
    expect(api.numFound).toBe(3);
    expect(await matching({ west: 170, south: -25, east: -172, north: -10 })).toEqual([
      'fiji',
      'samoa',
    ]);
  });

  it('filters by the value fields and leaves them out of the facets', async () => {
    for (const fq of ['crs:"EPSG:25832"', 'role:custodian', 'restriction:otherRestrictions']) {
      const found = await searchOk(t.app, searchUrl('*', { fq: [fq] }));
      expect(found.docs.map((d) => d.id)).toEqual([ids.nrw]);
      expect(Object.keys(found.facets)).not.toContain('crs');
    }
    const others = await searchOk(t.app, searchUrl('*', { fq: ['-role:custodian'] }));
    expect(others.numFound).toBe(5);
  });
});
