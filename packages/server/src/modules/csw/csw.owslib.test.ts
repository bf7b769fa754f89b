import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  owslibPython,
  runOwslib,
  useOwslibServer,
  visitorSearchCount,
} from '../../test/owslib-harness.js';
import { createRecord } from '../search/search.test-helpers.js';

/**
 * A real client: OWSLib (Debian python3-owslib, the library of QGIS MetaSearch) against the
 * server listening on a port. Its answers are compared with the search API's for the same
 * criteria. Skipped, saying so, where python3-owslib is not installed.
 */

const SCRIPT = fileURLToPath(new URL('./testdata/owslib_client.py', import.meta.url));
const python = owslibPython('owslib', 'csw.owslib.test.ts');

describe.skipIf(!python)('CSW with OWSLib as the client', () => {
  const server = useOwslibServer({
    path: '/csw',
    env: { CSW_TITLE: 'OWSLib-Testkatalog' },
    more: async (app, tokens) => ({
      lakes: await createRecord(app, tokens, {
        title: { de: 'Seen in Nordrhein-Westfalen', en: 'Lakes' },
        abstract: { de: 'Stehende Gewässer.', en: 'Standing waters.' },
        keywords: ['Gewässer'],
        extent: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
      }),
    }),
  });

  it('reads the capabilities, searches, pages and fetches records in both schemas', async () => {
    const { endpoint, ids } = server;
    const out = await runOwslib(python as string, SCRIPT, [endpoint, ids.soil]);
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
    const api = (q: string, fq?: string[]) => visitorSearchCount(server.app, q, fq);
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
