import type { Quad } from '@rdfjs/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { jsonCaller, storeFile } from '../files/files.test-helpers.js';
import { oaiGet } from '../oai/oai.test-helpers.js';
import { createRecord, searchAccounts, type Tokens } from '../search/search.test-helpers.js';
import {
  DCAT,
  DCT,
  HYDRA,
  objectsOf,
  ofType,
  parseRdf,
  parseRdfXml,
  parseTurtle,
  validateDcat,
} from './dcat.test-helpers.js';

/**
 * The DCAT-AP.de interface through HTTP: the catalogue's pages and their Hydra links, the
 * content of a dataset, content negotiation on the record URL, the refusals, and the
 * dcat_ap format of OAI-PMH.
 */

const BASE = 'https://geoportal.example.org';
const DCATDE = 'http://dcat-ap.de/def/dcatde/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const datasetOf = (id: string) => `${BASE}/metadata/${id}#dataset`;

/** The literals of subject/predicate as `value@lang`. */
const literals = (quads: Quad[], subject: string, predicate: string) =>
  quads
    .filter((q) => q.subject.value === subject && q.predicate.value === predicate)
    .map((q) => `${q.object.value}@${q.object.termType === 'Literal' ? q.object.language : ''}`);

describe.each(testDatabases)('DCAT-AP.de over HTTP on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const ids: string[] = [];
  let draft = '';

  beforeAll(async () => {
    t = await createTestApp(database, {
      PUBLIC_URL: BASE,
      DCAT_PAGE_SIZE: '2',
      DCAT_CONTRIBUTOR_ID: 'http://dcat-ap.de/def/contributors/transparenzportalHamburg',
      OAI_REPOSITORY_IDENTIFIER: 'geoportal.example.org',
    });
    tokens = await searchAccounts(t.app);
    ids.push(
      await createRecord(t.app, tokens, {
        title: { de: 'Bodenkarte von Sachsen-Anhalt', en: 'Soil map of Saxony-Anhalt' },
        keywords: ['Boden', 'Sachsen-Anhalt'],
        temporalExtent: { start: '2020-01-01', end: '2024-12-31' },
        contacts: [
          {
            organisation: 'Landesamt für Geologie und Bergwesen',
            person: 'Erika Muster',
            email: 'poststelle@lagb.example.de',
            phone: '+49 345 5212-0',
            role: 'pointOfContact',
          },
          { organisation: 'Land Sachsen-Anhalt', email: 'info@lsa.example.de', role: 'publisher' },
        ],
        licence: 'cc-by-4.0',
        useConstraints: { de: 'Quellenvermerk: © LAGB' },
        formats: [{ name: 'GeoPackage', version: '1.3' }],
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [11, 51],
              [12, 51],
              [12, 52],
              [11, 51],
            ],
          ],
        },
        onlineResources: [
          { url: 'https://daten.example.de/boden.zip', protocol: 'download', name: 'Download' },
          { url: 'https://dienste.example.de/wms', protocol: 'wms', layer: 'boden' },
          { url: 'https://www.example.de/boden', protocol: 'website' },
        ],
      }),
    );
    for (const n of [2, 3, 4]) {
      ids.push(await createRecord(t.app, tokens, { title: { de: `Katalogseite ${n}` } }));
    }
    draft = await createRecord(t.app, tokens, { title: { de: 'Entwurf im Katalog' } }, 'draft');
    await createRecord(t.app, tokens, { title: { de: 'Eingereicht im Katalog' } }, 'submitted');
    await createRecord(t.app, tokens, { title: { de: 'Zurückgezogen im Katalog' } }, 'withdrawn');
    // A file in a displayed bundle of the first record.
    const editor = withToken(tokens.editor);
    await storeFile(
      t.app,
      editor,
      { id: ids[0] as string, bundle: 'data', path: 'boden.csv' },
      'a;b\n1;2\n',
    );
    const shown = await jsonCaller(t.app)('PUT', `/object/${ids[0]}/data/display`, editor, true);
    expect(shown.statusCode, shown.body).toBe(204);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('pages the catalogue in Hydra: first, next, previous, last and the total', async () => {
    const seen: string[] = [];
    let url: string | undefined = `${BASE}/dcat/catalog.ttl`;
    let pages = 0;
    while (url) {
      const res = await t.app.inject({ url: url.slice(BASE.length) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/turtle; charset=utf-8');
      const quads = parseTurtle(res.body);
      const catalog = `${BASE}/dcat/catalog`;
      expect(objectsOf(quads, catalog, `${HYDRA}totalItems`)).toEqual(['4']);
      const [view] = objectsOf(quads, catalog, `${HYDRA}view`);
      expect(view).toBe(pages === 0 ? `${BASE}/dcat/catalog.ttl?page=1` : url);
      expect(objectsOf(quads, view as string, RDF_TYPE)).toContain(`${HYDRA}PartialCollectionView`);
      expect(objectsOf(quads, view as string, `${HYDRA}first`)).toEqual([
        `${BASE}/dcat/catalog.ttl?page=1`,
      ]);
      expect(objectsOf(quads, view as string, `${HYDRA}last`)).toEqual([
        `${BASE}/dcat/catalog.ttl?page=2`,
      ]);
      const datasets = objectsOf(quads, catalog, `${DCAT}dataset`);
      expect(datasets.length).toBeLessThanOrEqual(2);
      seen.push(...datasets);
      pages += 1;
      const previous = objectsOf(quads, view as string, `${HYDRA}previous`);
      expect(previous).toEqual(pages === 1 ? [] : [`${BASE}/dcat/catalog.ttl?page=${pages - 1}`]);
      url = objectsOf(quads, view as string, `${HYDRA}next`)[0];
      // ckanext-dcat's older parser reads hydra:nextPage of a hydra:PagedCollection.
      expect(objectsOf(quads, view as string, `${HYDRA}nextPage`)[0]).toBe(url);
    }
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(ids.map(datasetOf).sort());
  });

  it('each format pages in its own format; /dcat/catalog negotiates by Accept', async () => {
    for (const [extension, type] of [
      ['rdf', 'application/rdf+xml'],
      ['jsonld', 'application/ld+json'],
    ] as const) {
      const res = await t.app.inject({ url: `/dcat/catalog.${extension}?page=2` });
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      const quads = await parseRdf(res.body, type);
      expect(
        objectsOf(quads, `${BASE}/dcat/catalog.${extension}?page=2`, `${HYDRA}previous`),
      ).toEqual([`${BASE}/dcat/catalog.${extension}?page=1`]);
    }
    const negotiated = await t.app.inject({
      url: '/dcat/catalog',
      headers: { accept: 'application/ld+json;q=0.9, application/rdf+xml' },
    });
    expect(negotiated.headers['content-type']).toBe('application/rdf+xml; charset=utf-8');
    expect(ofType(await parseRdfXml(negotiated.body), `${DCAT}Catalog`)).toEqual([
      `${BASE}/dcat/catalog`,
    ]);
  });

  it('refuses a bad page with 400, a page beyond the last with 404, other media types with 406', async () => {
    for (const page of ['abc', '0', '-1', '1.5']) {
      const res = await t.app.inject({ url: `/dcat/catalog.ttl?page=${page}` });
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'request.validation' });
      expect(res.json().message).toContain('not a page number');
    }
    const beyond = await t.app.inject({ url: '/dcat/catalog.ttl?page=3' });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toMatchObject({ code: 'dcat.page_not_found' });
    expect(beyond.json().message).toContain('2 pages');
    const other = await t.app.inject({ url: '/dcat/catalog', headers: { accept: 'image/png' } });
    expect(other.statusCode).toBe(406);
    expect(other.json()).toMatchObject({ code: 'request.not_acceptable' });
    const format = await t.app.inject({ url: `/api/v1/object/${ids[0]}?format=n3` });
    expect(format.statusCode).toBe(406);
    expect(format.json().message).toContain('dcat');
    const accept = await t.app.inject({
      url: `/api/v1/object/${ids[0]}`,
      headers: { accept: 'text/n3' },
    });
    expect(accept.statusCode).toBe(406);
    expect(accept.json().message).toContain('text/turtle');
  });

  it('negotiates a record as Turtle, RDF/XML or JSON-LD, by Accept and by ?format', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['', { accept: 'text/turtle' }, 'text/turtle'],
      ['', { accept: 'application/rdf+xml' }, 'application/rdf+xml'],
      ['', { accept: 'application/ld+json' }, 'application/ld+json'],
      ['?format=dcat', {}, 'text/turtle'],
      ['?format=dcat', { accept: 'application/ld+json' }, 'application/ld+json'],
      ['?format=rdf', { accept: 'application/json' }, 'application/rdf+xml'],
      ['?format=jsonld', {}, 'application/ld+json'],
    ];
    for (const [query, headers, type] of cases) {
      const res = await t.app.inject({ url: `/api/v1/object/${ids[0]}${query}`, headers });
      expect(res.statusCode, `${query} ${JSON.stringify(headers)}`).toBe(200);
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      const quads = await parseRdf(res.body, type);
      expect(ofType(quads, `${DCAT}Dataset`)).toEqual([datasetOf(ids[0] as string)]);
    }
    // The record page (the dataset's IRI without its fragment) points RDF clients to it.
    for (const [accept, format] of [
      ['text/turtle', 'ttl'],
      ['application/rdf+xml, text/html;q=0.5', 'rdf'],
      ['application/ld+json', 'jsonld'],
    ]) {
      const page = await t.app.inject({ url: `/metadata/${ids[0]}`, headers: { accept } });
      expect(page.statusCode, accept).toBe(303);
      expect(page.headers.location).toBe(`/api/v1/object/${ids[0]}?format=${format}`);
    }
    const html = await t.app.inject({
      url: `/metadata/${ids[0]}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(html.statusCode).not.toBe(303);
    // JSON stays the default.
    const json = await t.app.inject({ url: `/api/v1/object/${ids[0]}` });
    expect(json.json().id).toBe(ids[0]);
  });

  it('writes the dataset with its texts, themes, places, time, agents, licence and distributions', async () => {
    const res = await t.app.inject({ url: `/api/v1/object/${ids[0]}?format=dcat` });
    const quads = parseTurtle(res.body);
    const d = datasetOf(ids[0] as string);
    expect(literals(quads, d, `${DCT}title`).sort()).toEqual([
      'Bodenkarte von Sachsen-Anhalt@de',
      'Soil map of Saxony-Anhalt@en',
    ]);
    expect(literals(quads, d, `${DCT}description`)).toHaveLength(2);
    expect(objectsOf(quads, d, `${DCAT}keyword`).sort()).toEqual(['Boden', 'Sachsen-Anhalt']);
    // geoscientificInformation and INSPIRE geology → TECH, soil and hydrography → ENVI.
    expect(objectsOf(quads, d, `${DCAT}theme`).sort()).toEqual([
      'http://publications.europa.eu/resource/authority/data-theme/ENVI',
      'http://publications.europa.eu/resource/authority/data-theme/TECH',
    ]);
    const spatial = objectsOf(quads, d, `${DCT}spatial`);
    expect(spatial).toContain('http://sws.geonames.org/2842565/');
    expect(spatial).not.toContain('http://sws.geonames.org/2842566/');
    expect(objectsOf(quads, d, `${DCATDE}politicalGeocodingURI`)).toEqual([
      'http://dcat-ap.de/def/politicalGeocoding/stateKey/15',
    ]);
    expect(objectsOf(quads, d, `${DCATDE}politicalGeocodingLevelURI`)).toEqual([
      'http://dcat-ap.de/def/politicalGeocoding/Level/state',
    ]);
    const location = spatial.find((s) => !s.startsWith('http')) as string;
    expect(objectsOf(quads, location, `${DCAT}bbox`)[0]).toBe(
      'POLYGON ((5.87 50.32, 9.46 50.32, 9.46 52.53, 5.87 52.53, 5.87 50.32))',
    );
    expect(objectsOf(quads, location, 'http://www.w3.org/ns/locn#geometry')[0]).toBe(
      'POLYGON ((11 51, 12 51, 12 52, 11 51))',
    );
    const [period] = objectsOf(quads, d, `${DCT}temporal`);
    expect(objectsOf(quads, period as string, `${DCAT}startDate`)).toEqual(['2020-01-01']);
    expect(objectsOf(quads, period as string, `${DCAT}endDate`)).toEqual(['2024-12-31']);
    const [contact] = objectsOf(quads, d, `${DCAT}contactPoint`);
    expect(objectsOf(quads, contact as string, 'http://www.w3.org/2006/vcard/ns#hasEmail')).toEqual(
      ['mailto:poststelle@lagb.example.de'],
    );
    expect(
      objectsOf(quads, contact as string, 'http://www.w3.org/2006/vcard/ns#hasTelephone'),
    ).toEqual(['tel:+493455212-0'.replace('-', '')]);
    const [publisher] = objectsOf(quads, d, `${DCT}publisher`);
    expect(objectsOf(quads, publisher as string, 'http://xmlns.com/foaf/0.1/name')).toEqual([
      'Land Sachsen-Anhalt',
    ]);
    expect(objectsOf(quads, d, `${DCATDE}contributorID`)).toEqual([
      'http://dcat-ap.de/def/contributors/transparenzportalHamburg',
    ]);
    expect(objectsOf(quads, d, `${DCT}issued`)).toEqual(['2024-06-15']);
    expect(objectsOf(quads, d, `${DCT}modified`)).toHaveLength(1);
    expect(objectsOf(quads, d, `${DCAT}landingPage`)).toEqual([`${BASE}/metadata/${ids[0]}`]);
    expect(objectsOf(quads, d, 'http://xmlns.com/foaf/0.1/page')).toEqual([
      'https://www.example.de/boden',
    ]);
    // Download, WMS and the uploaded file; the web page is no distribution.
    const distributions = objectsOf(quads, d, `${DCAT}distribution`);
    expect(distributions).toHaveLength(3);
    const byAccess = new Map(
      distributions.map((x) => [objectsOf(quads, x, `${DCAT}accessURL`)[0], x] as const),
    );
    const download = byAccess.get('https://daten.example.de/boden.zip') as string;
    expect(objectsOf(quads, download, `${DCAT}downloadURL`)).toEqual([
      'https://daten.example.de/boden.zip',
    ]);
    expect(objectsOf(quads, download, `${DCT}format`)).toEqual([
      'http://publications.europa.eu/resource/authority/file-type/GPKG',
    ]);
    const wms = byAccess.get('https://dienste.example.de/wms') as string;
    expect(objectsOf(quads, wms, `${DCT}format`)).toEqual([
      'http://publications.europa.eu/resource/authority/file-type/WMS_SRVC',
    ]);
    expect(objectsOf(quads, wms, `${DCAT}downloadURL`)).toEqual([]);
    const file = byAccess.get(`${BASE}/api/v1/object/${ids[0]}/data/boden.csv`) as string;
    expect(objectsOf(quads, file, `${DCAT}downloadURL`)).toEqual([
      `${BASE}/api/v1/object/${ids[0]}/data/boden.csv`,
    ]);
    expect(objectsOf(quads, file, `${DCT}format`)).toEqual([
      'http://publications.europa.eu/resource/authority/file-type/CSV',
    ]);
    for (const x of distributions) {
      expect(objectsOf(quads, x, `${DCT}license`)).toEqual([
        'http://dcat-ap.de/def/licenses/cc-by/4.0',
      ]);
      expect(objectsOf(quads, x, `${DCATDE}licenseAttributionByText`)).toEqual([
        'Quellenvermerk: © LAGB',
      ]);
    }
    const { violations } = await validateDcat(quads);
    expect(violations).toEqual([]);
  });

  it('writes access rights, provenance, the reference system and a ground resolution as GeoDCAT-AP does', async () => {
    // A draft, read by its owner and deleted after: the catalogue stays as the others count it.
    const id = await createRecord(
      t.app,
      tokens,
      {
        title: { de: 'Höhenmodell mit Herkunft' },
        accessConstraints: { de: 'Nur für Behörden', en: 'Authorities only' },
        lineage: { de: 'Aus Laserscanning 2021 abgeleitet.' },
        referenceSystem: 'EPSG:25833',
        resolution: { kind: 'distance', value: 1.1, unit: 'km' },
      },
      'draft',
    );
    const res = await t.app.inject({
      url: `/api/v1/object/${id}?format=dcat`,
      headers: withToken(tokens.owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const quads = parseTurtle(res.body);
    const d = datasetOf(id);
    const page = `${BASE}/metadata/${id}`;
    const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
    expect(objectsOf(quads, d, `${DCT}accessRights`)).toEqual([`${page}#access-rights`]);
    expect(objectsOf(quads, `${page}#access-rights`, RDF_TYPE)).toEqual([`${DCT}RightsStatement`]);
    expect(literals(quads, `${page}#access-rights`, RDFS_LABEL).sort()).toEqual([
      'Authorities only@en',
      'Nur für Behörden@de',
    ]);
    expect(objectsOf(quads, d, `${DCT}provenance`)).toEqual([`${page}#provenance`]);
    expect(objectsOf(quads, `${page}#provenance`, RDF_TYPE)).toEqual([`${DCT}ProvenanceStatement`]);
    expect(literals(quads, `${page}#provenance`, RDFS_LABEL)).toEqual([
      'Aus Laserscanning 2021 abgeleitet.@de',
    ]);
    const crs = 'http://www.opengis.net/def/crs/EPSG/0/25833';
    expect(objectsOf(quads, d, `${DCT}conformsTo`)).toEqual([crs]);
    expect(objectsOf(quads, crs, RDF_TYPE)).toEqual([`${DCT}Standard`]);
    // 1.1 km in metres, as xsd:decimal without float noise.
    const resolution = quads.find(
      (q) => q.subject.value === d && q.predicate.value === `${DCAT}spatialResolutionInMeters`,
    );
    expect(resolution?.object.value).toBe('1100');
    expect(resolution?.object.termType === 'Literal' && resolution.object.datatype.value).toBe(
      'http://www.w3.org/2001/XMLSchema#decimal',
    );
    // Both DCAT-AP's ranges (the classes) and DCAT-AP.de's conventions (an IRI) hold.
    const { violations, warnings } = await validateDcat(quads);
    expect(violations).toEqual([]);
    const paths = [`${DCT}accessRights`, `${DCT}provenance`, `${DCT}conformsTo`];
    expect(warnings.filter((w) => paths.includes(w.path))).toEqual([]);
    // Gone again: the owner's view of the catalogue is counted below.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/object/${id}`,
      headers: withToken(tokens.owner),
    });
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it('the catalogue holds published records only for visitors; an AccessToken caller sees their own', async () => {
    const visitor = await t.app.inject({ url: '/dcat/catalog.ttl?page=1' });
    const all = [visitor.body, (await t.app.inject({ url: '/dcat/catalog.ttl?page=2' })).body];
    for (const word of ['Entwurf', 'Eingereicht', 'Zurückgezogen']) {
      expect(all.join('\n')).not.toContain(word);
    }
    const owner = withToken(tokens.owner);
    const pages: Quad[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await t.app.inject({ url: `/dcat/catalog.ttl?page=${page}`, headers: owner });
      if (res.statusCode === 404) break;
      pages.push(...parseTurtle(res.body));
    }
    const datasets = ofType(pages, `${DCAT}Dataset`);
    expect(datasets).toContain(datasetOf(draft));
    expect(objectsOf(pages, `${BASE}/dcat/catalog`, `${HYDRA}totalItems`)[0]).toBe('7');
    // The draft's record URL answers its owner, and is 404 to visitors in every format.
    expect(
      (await t.app.inject({ url: `/api/v1/object/${draft}?format=dcat`, headers: owner }))
        .statusCode,
    ).toBe(200);
    const hidden = await t.app.inject({ url: `/api/v1/object/${draft}?format=dcat` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Entwurf');
  });

  it('OAI-PMH dcat_ap: GetRecord and ListRecords carry the dataset as RDF/XML', async () => {
    const record = await oaiGet(t.app, {
      verb: 'GetRecord',
      identifier: `oai:geoportal.example.org:${ids[0]}`,
      metadataPrefix: 'dcat_ap',
    });
    const rdf = /<rdf:RDF[\s\S]*<\/rdf:RDF>/.exec(record.body)?.[0] as string;
    const quads = await parseRdfXml(rdf);
    expect(ofType(quads, `${DCAT}Dataset`)).toEqual([datasetOf(ids[0] as string)]);
    expect(literals(quads, datasetOf(ids[0] as string), `${DCT}title`)).toContain(
      'Bodenkarte von Sachsen-Anhalt@de',
    );
    const list = await oaiGet(t.app, { verb: 'ListRecords', metadataPrefix: 'dcat_ap' });
    const documents = list.body.match(/<rdf:RDF[\s\S]*?<\/rdf:RDF>/g) ?? [];
    expect(documents).toHaveLength(4);
    expect(list.body).not.toContain('Entwurf');
  });
});
