import type { Metadata } from '@geoportal/contract/record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createRecord, searchAccounts } from '../search/search.test-helpers.js';

/**
 * A record with every field set shows each field in every output that can carry it
 * (docs/architecture.md, "Recipe: a new record field"). The table is typed over the
 * contract's `Metadata`, so a new field fails the type check until it says, per output,
 * what text shows it there — or why that output has no place for it.
 */

type Output = 'json' | 'iso19139' | 'geojson' | 'dcat' | 'cswIso' | 'cswDc' | 'oaiDc' | 'ogcapi';

/**
 * A text the output must contain; or the reason the output has no place for the field; or a
 * field the output should carry and does not yet (`later`: what would carry it, and the
 * issue that builds it), reported as a to-do of this test so the gap stays visible.
 */
type Shown = string | { absent: string } | { later: string };

const RELATIONS_ISSUE =
  'issue "INSPIRE and GDI-DE publishing" (linked records in ISO, DCAT, DC and OGC API)';

const DC_HAS_NO_PLACE = { absent: 'Dublin Core has no element for it' };
const GEOJSON_SUMMARY = {
  absent: 'the GeoJSON feature is the map summary: id, title, type, geometry',
};

/** Every field of the record, with distinctive values. */
const record: Required<Metadata> = {
  title: { de: 'Feldprobe Titel', en: 'Field probe title' },
  abstract: { de: 'Feldprobe Kurzbeschreibung', en: 'Field probe abstract' },
  identifier: 'https://registry.example.org/field-probe-resource',
  topicCategories: ['inlandWaters'],
  keywords: ['Feldprobeschlagwort'],
  classifiedKeywords: [{ classification: 'inspireTheme', code: 'hy' }],
  extent: { west: 6.5, south: 50.25, east: 7.75, north: 51.125 },
  geometry: { type: 'Point', coordinates: [7.125, 50.625] },
  temporalExtent: { start: '2011-02-03', end: '2012-04-05' },
  dates: { creation: '2013-01-02', publication: '2014-03-04', revision: '2015-05-06' },
  contacts: [
    {
      organisation: 'Feldprobe Landesamt',
      person: 'Erika Feldprobe',
      email: 'feldprobe@example.org',
      phone: '+49 211 908070',
      role: 'pointOfContact',
    },
    { organisation: 'Feldprobe Urheberamt', role: 'originator' },
  ],
  licence: 'dl-de-by-2.0',
  useConstraints: { de: 'Feldprobe Nutzungsbedingung', en: 'Field probe use constraint' },
  accessConstraints: { de: 'Feldprobe Zugangsbeschraenkung', en: 'Field probe access limit' },
  referenceSystem: 'EPSG:25832',
  resolution: { kind: 'scale', denominator: 12345 },
  formats: [{ name: 'FeldprobeFormat', version: '7.1' }],
  onlineResources: [
    {
      url: 'https://download.example.org/feldprobe.zip',
      protocol: 'download',
      name: 'Feldprobe Download',
    },
  ],
  lineage: { de: 'Feldprobe Herkunft', en: 'Field probe lineage' },
  // Filled in with the id of a second record (below).
  related: [],
};

/** Per field and output: what shows it. `RELATED` stands for the related record's id. */
const RELATED = '<related>';
const shown: Record<keyof Metadata, Record<Output, Shown>> = {
  title: {
    json: 'Field probe title',
    iso19139: 'Feldprobe Titel',
    geojson: 'Field probe title',
    dcat: 'Feldprobe Titel',
    cswIso: 'Feldprobe Titel',
    cswDc: 'Feldprobe Titel',
    oaiDc: 'Feldprobe Titel',
    ogcapi: 'Feldprobe Titel',
  },
  abstract: {
    json: 'Field probe abstract',
    iso19139: 'Feldprobe Kurzbeschreibung',
    geojson: GEOJSON_SUMMARY,
    dcat: 'Feldprobe Kurzbeschreibung',
    cswIso: 'Feldprobe Kurzbeschreibung',
    cswDc: 'Feldprobe Kurzbeschreibung',
    oaiDc: 'Feldprobe Kurzbeschreibung',
    ogcapi: 'Feldprobe Kurzbeschreibung',
  },
  identifier: {
    json: 'field-probe-resource',
    iso19139: 'field-probe-resource',
    geojson: GEOJSON_SUMMARY,
    dcat: 'field-probe-resource',
    cswIso: 'field-probe-resource',
    cswDc: { absent: 'dc:identifier names the record, not the resource' },
    oaiDc: { absent: 'dc:identifier names the record, not the resource' },
    ogcapi: 'field-probe-resource',
  },
  topicCategories: {
    json: 'inlandWaters',
    iso19139: 'inlandWaters',
    geojson: GEOJSON_SUMMARY,
    dcat: { absent: 'DCAT-AP.de themes come from the INSPIRE themes, not ISO topic categories' },
    cswIso: 'inlandWaters',
    cswDc: 'inlandWaters',
    oaiDc: 'inlandWaters',
    ogcapi: 'inlandWaters',
  },
  keywords: {
    json: 'Feldprobeschlagwort',
    iso19139: 'Feldprobeschlagwort',
    geojson: GEOJSON_SUMMARY,
    dcat: 'Feldprobeschlagwort',
    cswIso: 'Feldprobeschlagwort',
    cswDc: 'Feldprobeschlagwort',
    oaiDc: 'Feldprobeschlagwort',
    ogcapi: 'Feldprobeschlagwort',
  },
  classifiedKeywords: {
    json: '"code":"hy"',
    iso19139: 'inspire.ec.europa.eu/theme/hy',
    geojson: GEOJSON_SUMMARY,
    // The INSPIRE theme maps to the EU data theme DCAT-AP.de asks for.
    dcat: 'data-theme/ENVI',
    cswIso: 'inspire.ec.europa.eu/theme/hy',
    cswDc: 'inspire.ec.europa.eu/theme/hy',
    oaiDc: 'inspire.ec.europa.eu/theme/hy',
    ogcapi: 'inspire.ec.europa.eu/theme/hy',
  },
  extent: {
    json: '51.125',
    iso19139: '51.125',
    geojson: { absent: 'the feature carries the geometry, which the record also has' },
    dcat: '51.125',
    cswIso: '51.125',
    cswDc: '51.125',
    oaiDc: '51.125',
    ogcapi: '51.125',
  },
  geometry: {
    json: '50.625',
    iso19139: { later: 'gmd:EX_BoundingPolygon beside the box' },
    geojson: '50.625',
    dcat: '50.625',
    cswIso: { later: 'gmd:EX_BoundingPolygon beside the box' },
    cswDc: { absent: 'ows:BoundingBox of csw:Record carries the box only' },
    oaiDc: { absent: 'dc:coverage carries the box only' },
    ogcapi: '50.625',
  },
  temporalExtent: {
    json: '2011-02-03',
    iso19139: '2011-02-03',
    geojson: GEOJSON_SUMMARY,
    dcat: '2011-02-03',
    cswIso: '2011-02-03',
    cswDc: DC_HAS_NO_PLACE,
    oaiDc: DC_HAS_NO_PLACE,
    ogcapi: '2011-02-03',
  },
  dates: {
    json: '2014-03-04',
    iso19139: '2014-03-04',
    geojson: GEOJSON_SUMMARY,
    dcat: '2014-03-04',
    cswIso: '2014-03-04',
    // The reference date: revision, else publication, else creation.
    cswDc: '2015-05-06',
    oaiDc: '2015-05-06',
    ogcapi: { later: "the resource's dates (created and updated are the record's)" },
  },
  contacts: {
    json: 'Feldprobe Landesamt',
    iso19139: 'Feldprobe Landesamt',
    geojson: GEOJSON_SUMMARY,
    dcat: 'Feldprobe Landesamt',
    cswIso: 'Feldprobe Landesamt',
    // dc:creator: the originator (OGC 06-121r3 table 36; records/dublin-core.ts).
    cswDc: 'Feldprobe Urheberamt',
    oaiDc: 'Feldprobe Urheberamt',
    ogcapi: 'Feldprobe Landesamt',
  },
  licence: {
    json: 'dl-de-by-2.0',
    iso19139: 'govdata.de/dl-de/by-2-0',
    geojson: GEOJSON_SUMMARY,
    dcat: 'dl-by-de/2.0',
    cswIso: 'govdata.de/dl-de/by-2-0',
    cswDc: 'dl-de-by-2.0',
    oaiDc: 'dl-de-by-2.0',
    ogcapi: 'dl-de-by-2.0',
  },
  useConstraints: {
    json: 'Field probe use constraint',
    iso19139: 'Feldprobe Nutzungsbedingung',
    geojson: GEOJSON_SUMMARY,
    dcat: 'Feldprobe Nutzungsbedingung',
    cswIso: 'Feldprobe Nutzungsbedingung',
    cswDc: 'Feldprobe Nutzungsbedingung',
    oaiDc: 'Feldprobe Nutzungsbedingung',
    ogcapi: 'Feldprobe Nutzungsbedingung',
  },
  accessConstraints: {
    json: 'Field probe access limit',
    iso19139: 'Feldprobe Zugangsbeschraenkung',
    geojson: GEOJSON_SUMMARY,
    dcat: 'Feldprobe Zugangsbeschraenkung',
    cswIso: 'Feldprobe Zugangsbeschraenkung',
    cswDc: 'Feldprobe Zugangsbeschraenkung',
    oaiDc: 'Feldprobe Zugangsbeschraenkung',
    ogcapi: 'Feldprobe Zugangsbeschraenkung',
  },
  referenceSystem: {
    json: 'EPSG:25832',
    iso19139: '25832',
    geojson: GEOJSON_SUMMARY,
    dcat: 'opengis.net/def/crs/EPSG/0/25832',
    cswIso: '25832',
    cswDc: '25832',
    oaiDc: '25832',
    ogcapi: '"crs":"EPSG:25832"',
  },
  resolution: {
    json: '12345',
    iso19139: '12345',
    geojson: GEOJSON_SUMMARY,
    dcat: {
      absent:
        'a scale (1:n) has no DCAT place; a ground distance is dcat:spatialResolutionInMeters (dcat.routes.test.ts)',
    },
    cswIso: '12345',
    cswDc: DC_HAS_NO_PLACE,
    oaiDc: DC_HAS_NO_PLACE,
    ogcapi: '"denominator":12345',
  },
  formats: {
    json: 'FeldprobeFormat',
    iso19139: 'FeldprobeFormat',
    geojson: GEOJSON_SUMMARY,
    dcat: { absent: 'dct:format takes the EU file-type vocabulary, found from the link' },
    cswIso: 'FeldprobeFormat',
    cswDc: 'FeldprobeFormat',
    oaiDc: 'FeldprobeFormat',
    ogcapi: 'FeldprobeFormat',
  },
  onlineResources: {
    json: 'download.example.org/feldprobe.zip',
    iso19139: 'download.example.org/feldprobe.zip',
    geojson: GEOJSON_SUMMARY,
    dcat: 'download.example.org/feldprobe.zip',
    cswIso: 'download.example.org/feldprobe.zip',
    cswDc: 'download.example.org/feldprobe.zip',
    oaiDc: 'download.example.org/feldprobe.zip',
    ogcapi: 'download.example.org/feldprobe.zip',
  },
  lineage: {
    json: 'Field probe lineage',
    iso19139: 'Feldprobe Herkunft',
    geojson: GEOJSON_SUMMARY,
    dcat: 'Feldprobe Herkunft',
    cswIso: 'Feldprobe Herkunft',
    cswDc: DC_HAS_NO_PLACE,
    oaiDc: DC_HAS_NO_PLACE,
    ogcapi: '"lineage":"Feldprobe Herkunft"',
  },
  related: {
    json: RELATED,
    iso19139: RELATED,
    geojson: GEOJSON_SUMMARY,
    dcat: { later: `dct:relation, ${RELATIONS_ISSUE}` },
    cswIso: RELATED,
    cswDc: RELATED,
    oaiDc: RELATED,
    ogcapi: { later: `a link with the relation, ${RELATIONS_ISSUE}` },
  },
};

describe('a record with every field set, in every output', () => {
  let t: TestApp;
  let id = '';
  let related = '';
  const bodies = {} as Record<Output, string>;

  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      { OAI_REPOSITORY_IDENTIFIER: 'fields.example.org', PUBLIC_URL: 'https://geo.example.org' },
    );
    const tokens = await searchAccounts(t.app);
    related = await createRecord(t.app, tokens, { title: { en: 'The related record' } });
    id = await createRecord(t.app, tokens, {
      ...record,
      related: [{ id: related, relation: 'crossReference' }],
    });
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'de' } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return res.body;
    };
    const csw = (schema: string) =>
      `/csw?service=CSW&version=2.0.2&request=GetRecordById&id=${id}&elementSetName=full&outputSchema=${encodeURIComponent(schema)}`;
    bodies.json = await get(`/api/v1/object/${id}`);
    bodies.iso19139 = await get(`/api/v1/object/${id}?format=iso19139`);
    bodies.geojson = await get(`/api/v1/object/${id}?format=geojson`);
    bodies.dcat = await get(`/api/v1/object/${id}?format=ttl`);
    bodies.cswIso = await get(csw('http://www.isotc211.org/2005/gmd'));
    bodies.cswDc = await get(csw('http://www.opengis.net/cat/csw/2.0.2'));
    bodies.oaiDc = await get(
      `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:fields.example.org:${id}`,
    );
    bodies.ogcapi = await get(`/ogcapi/collections/metadata/items/${id}?f=json`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const cases = Object.entries(shown).flatMap(([field, outputs]) =>
    Object.entries(outputs).map(([output, what]) => ({ field, output: output as Output, what })),
  );

  for (const { field, output, what } of cases) {
    if (typeof what === 'object' && 'later' in what)
      it.todo(`${field} in ${output}: ${what.later}`);
  }

  it.each(cases.filter((c) => typeof c.what === 'string'))(
    '$field shows in $output',
    ({ output, what }) => {
      const text = what === RELATED ? related : (what as string);
      expect(bodies[output]).toContain(text);
    },
  );
});
