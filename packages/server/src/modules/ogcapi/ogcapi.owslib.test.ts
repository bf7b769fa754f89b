import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/process-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  createRecord,
  searchAccounts,
  searchOk,
  searchUrl,
} from '../search/search.test-helpers.js';

/**
 * A real client: OWSLib's `owslib.ogcapi.records.Records` (Debian python3-owslib, the library
 * of QGIS MetaSearch) against the server listening on a port. Its answers are compared with
 * the search API's for the same criteria. Skipped, saying so, where python3-owslib is not
 * installed.
 */

const SCRIPT = fileURLToPath(new URL('./testdata/owslib_records.py', import.meta.url));

/** Debian's python first: other interpreters on the path may lack the Debian package. */
function owslibPython(): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(python, ['-c', 'import owslib.ogcapi.records'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return undefined;
}

const python = owslibPython();
if (!python) {
  console.warn(
    'ogcapi.owslib.test.ts skipped: python3-owslib is not installed (apt-get install python3-owslib).',
  );
}

describe.skipIf(!python)('OGC API Records with OWSLib as the client', () => {
  let t: TestApp;
  const ids: Record<'water' | 'soil' | 'aerial' | 'draft', string> = {
    water: '',
    soil: '',
    aerial: '',
    draft: '',
  };
  let endpoint = '';

  beforeAll(async () => {
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}/ogcapi`;
    t = await createTestApp(
      { name: 'pglite' },
      { PUBLIC_URL: `http://127.0.0.1:${port}`, CSW_TITLE_EN: 'OWSLib records test' },
    );
    const tokens = await searchAccounts(t.app);
    ids.water = await createRecord(t.app, tokens, {
      title: { de: 'Grundwassermessnetz', en: 'Groundwater monitoring network' },
      abstract: { de: 'Messstellen des Grundwassers.', en: 'Groundwater gauges.' },
      keywords: ['Grundwasser'],
      extent: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
    });
    ids.soil = await createRecord(t.app, tokens, {
      title: { de: 'Bodenkarte Bayern', en: 'Soil map of Bavaria' },
      abstract: { de: 'Böden Bayerns.', en: 'Soils of Bavaria.' },
      keywords: ['Boden'],
      extent: { west: 8.97, south: 47.27, east: 13.84, north: 50.56 },
    });
    ids.aerial = await createRecord(
      t.app,
      tokens,
      {
        title: { de: 'Luftbilder Deutschland', en: 'Aerial images' },
        abstract: { de: 'Luftbilder als Dienst.', en: 'Aerial images as a service.' },
        keywords: ['Luftbild'],
        extent: { west: 5.8, south: 47.2, east: 15.1, north: 55.1 },
      },
      'published',
      'service',
    );
    ids.draft = await createRecord(
      t.app,
      tokens,
      { title: { de: 'Grundwasser Entwurf', en: 'Groundwater draft' }, keywords: ['Grundwasser'] },
      'draft',
    );
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads the collections, searches with q and bbox, pages and fetches a record', async () => {
    const { stdout } = await promisify(execFile)(python as string, [SCRIPT, endpoint, ids.soil], {
      timeout: 60_000,
    });
    const out = JSON.parse(stdout);
    expect(out.title).toBe('OWSLib records test');
    expect(out.conformance).toContain(
      'http://www.opengis.net/spec/ogcapi-records-1/1.0/conf/records-api',
    );
    expect(out.collections).toEqual(['metadata']);
    expect(out.recordCollections).toEqual(['metadata']);
    expect(out.collection).toEqual({ id: 'metadata', itemType: 'record' });
    expect(out.queryables).toContain('geometry');

    // The hit counts equal the search API's for the same criteria (a visitor's view).
    const api = async (q: string, fq: string[] = []) =>
      (await searchOk(t.app, searchUrl(q, { fq, facets: false }))).numFound;
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
