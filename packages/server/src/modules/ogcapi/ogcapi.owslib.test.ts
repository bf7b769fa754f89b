import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  owslibPython,
  runOwslib,
  useOwslibServer,
  visitorSearchCount,
} from '../../test/owslib-harness.js';

/**
 * A real client: OWSLib's `owslib.ogcapi.records.Records` (Debian python3-owslib, the library
 * of QGIS MetaSearch) against the server listening on a port. Its answers are compared with
 * the search API's for the same criteria. Skipped, saying so, where python3-owslib is not
 * installed.
 */

const SCRIPT = fileURLToPath(new URL('./testdata/owslib_records.py', import.meta.url));
const python = owslibPython('owslib.ogcapi.records', 'ogcapi.owslib.test.ts');

describe.skipIf(!python)('OGC API Records with OWSLib as the client', () => {
  const server = useOwslibServer({
    path: '/ogcapi',
    env: { CSW_TITLE_EN: 'OWSLib records test' },
  });

  it('reads the collections, searches with q and bbox, pages and fetches a record', async () => {
    const { endpoint, ids } = server;
    const out = await runOwslib(python as string, SCRIPT, [endpoint, ids.soil]);
    expect(out.title).toBe('OWSLib records test');
    expect(out.conformance).toContain(
      'http://www.opengis.net/spec/ogcapi-records-1/1.0/conf/records-api',
    );
    expect(out.collections).toEqual(['metadata']);
    expect(out.recordCollections).toEqual(['metadata']);
    expect(out.collection).toEqual({ id: 'metadata', itemType: 'record' });
    expect(out.queryables).toContain('geometry');

    // The hit counts equal the search API's for the same criteria (a visitor's view).
    const api = (q: string, fq?: string[]) => visitorSearchCount(server.app, q, fq);
    expect(out.q.ids).toEqual([ids.water]);
    expect(out.q.matched).toBe(await api('grundwasser'));
    expect(new Set(out.bbox.ids)).toEqual(new Set([ids.soil, ids.aerial]));
    expect(out.bbox.matched).toBe(await api('*', ['bbox:11,48,12,49']));
    expect(out.filter.ids).toEqual([ids.soil]);
    expect(out.all.matched).toBe(await api('*'));
    expect(new Set(out.all.ids)).toEqual(new Set([ids.water, ids.soil, ids.aerial]));

    // Paging two at a time reaches every visible record once, and never the draft.
    expect(out.paged).toHaveLength(3);
    expect(new Set(out.paged)).toEqual(new Set([ids.water, ids.soil, ids.aerial]));

    expect(out.item).toEqual({
      id: ids.soil,
      type: 'Feature',
      title: 'Soil map of Bavaria',
      recordType: 'dataset',
      bbox: [8.97, 47.27, 13.84, 50.56],
      alternates: ['application/xml', 'text/html', 'text/html'],
    });
  }, 90_000);
});
