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
 * A real client: OWSLib (Debian python3-owslib, the library of QGIS MetaSearch) against the
 * server listening on a port. Its answers are compared with the search API's for the same
 * criteria. Skipped, saying so, where python3-owslib is not installed.
 */

const SCRIPT = fileURLToPath(new URL('./testdata/owslib_client.py', import.meta.url));

/** Debian's python first: other interpreters on the path may lack the Debian package. */
function owslibPython(): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3']) {
    const probe = spawnSync(python, ['-c', 'import owslib'], { stdio: 'ignore' });
    if (probe.status === 0) return python;
  }
  return undefined;
}

const python = owslibPython();
if (!python) {
  console.warn(
    'csw.owslib.test.ts skipped: python3-owslib is not installed (apt-get install python3-owslib).',
  );
}

describe.skipIf(!python)('CSW with OWSLib as the client', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let endpoint = '';

  beforeAll(async () => {
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}/csw`;
    t = await createTestApp(
      { name: 'pglite' },
      { PUBLIC_URL: `http://127.0.0.1:${port}`, CSW_TITLE: 'OWSLib-Testkatalog' },
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
    ids.lakes = await createRecord(t.app, tokens, {
      title: { de: 'Seen in Nordrhein-Westfalen', en: 'Lakes' },
      abstract: { de: 'Stehende Gewässer.', en: 'Standing waters.' },
      keywords: ['Gewässer'],
      extent: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
    });
    ids.draft = await createRecord(
      t.app,
      tokens,
      { title: { de: 'Grundwasser Entwurf', en: 'Groundwater draft' } },
      'draft',
    );
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('reads the capabilities, searches, pages and fetches records in both schemas', async () => {
    const { stdout } = await promisify(execFile)(
      python as string,
      [SCRIPT, endpoint, ids.soil as string],
      {
        timeout: 60_000,
      },
    );
    const out = JSON.parse(stdout);
    expect(out.title).toBe('OWSLib-Testkatalog');
    expect(out.version).toBe('2.0.2');
    expect(out.operations).toEqual([
      'DescribeRecord',
      'GetCapabilities',
      'GetDomain',
      'GetRecordById',
      'GetRecords',
    ]);
    expect(out.getRecordsUrl).toBe(endpoint);

    // The hit counts equal the search API's for the same criteria (a visitor's view).
    const api = async (q: string, fq: string[] = []) =>
      (await searchOk(t.app, searchUrl(q, { fq, facets: false }))).numFound;
    expect(out.like.ids).toEqual([ids.water]);
    expect(out.like.matches).toBe(await api('grundwasser*'));
    expect(new Set(out.bbox.ids)).toEqual(new Set([ids.soil, ids.aerial]));
    expect(out.bbox.matches).toBe(await api('*', ['bbox:11,48,12,49']));
    expect(out.and.ids).toEqual([ids.lakes]);
    expect(new Set(out.or.ids)).toEqual(new Set([ids.soil, ids.aerial]));
    expect(out.all.matches).toBe(await api('*'));
    expect(out.all.matches).toBe(4);

    // Paging two at a time reaches every visible record once, and never the draft.
    expect(out.paged).toHaveLength(4);
    expect(new Set(out.paged)).toEqual(new Set([ids.water, ids.soil, ids.aerial, ids.lakes]));

    expect(out.byIdDc).toEqual({
      identifier: ids.soil,
      title: 'Bodenkarte Bayern',
      abstract: 'Böden Bayerns.',
      bbox: ['8.97', '47.27', '13.84', '50.56'],
    });
    expect(out.byIdIso).toEqual({
      identifier: ids.soil,
      title: 'Bodenkarte Bayern',
      abstract: 'Böden Bayerns.',
    });
    expect(out.isoSearch).toEqual({ matches: 1, ids: [ids.water], identifiers: [ids.water] });

    // The ISO AP's brief and summary records, as OWSLib's MD_Metadata reads them.
    const soilBox = ['8.97', '47.27', '13.84', '50.56'];
    expect(out.iso_brief).toEqual({
      identifier: ids.soil,
      hierarchy: 'dataset',
      title: 'Bodenkarte Bayern',
      abstract: null,
      keywords: [],
      bbox: soilBox,
      online: [],
    });
    expect(out.iso_summary).toMatchObject({
      identifier: ids.soil,
      title: 'Bodenkarte Bayern',
      abstract: 'Böden Bayerns.',
      bbox: soilBox,
      online: ['https://www.wms.nrw.de/gd/hk200'],
    });
    expect(out.iso_summary.keywords).toContain('Boden');
    expect(out.isoBriefSearch).toMatchObject([
      { identifier: ids.water, title: 'Grundwassermessnetz' },
    ]);

    expect(out.describeRecord).toEqual({
      root: '{http://www.opengis.net/cat/csw/2.0.2}DescribeRecordResponse',
      namespaces: ['http://www.isotc211.org/2005/gmd'],
    });
  }, 90_000);
});
