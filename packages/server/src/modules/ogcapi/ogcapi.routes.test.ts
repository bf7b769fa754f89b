import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  createRecord,
  searchAccounts,
  searchOk,
  searchUrl,
  type Tokens,
} from '../search/search.test-helpers.js';
import { expectException, items, ogcGet } from './ogcapi.test-helpers.js';

/**
 * OGC API Records through its boundary: the fixed documents, every query parameter of the
 * items with its refusals, one record, and the representations. Matches are compared with
 * the search API's for the same criteria: one engine answers both.
 */

const HOST = 'https://geoportal.example.org';
const RECORDS = 'http://www.opengis.net/spec/ogcapi-records-1/1.0/conf';

describe.each(testDatabases)('OGC API Records on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const ids = {} as Record<'water' | 'soil' | 'aerial' | 'draft', string>;

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL: HOST });
    tokens = await searchAccounts(t.app);
    const common = { dates: { creation: '2020-01-01' } };
    ids.water = await createRecord(t.app, tokens, {
      ...common,
      title: { de: 'Grundwassermessnetz', en: 'Groundwater monitoring network' },
      abstract: { de: 'Messstellen des Grundwassers.', en: 'Groundwater gauges.' },
      keywords: ['Grundwasser'],
      identifier: 'https://registry.example.org/water-2024',
      extent: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
      temporalExtent: { start: '2010-01-01', end: '2015-12-31' },
    });
    ids.soil = await createRecord(t.app, tokens, {
      ...common,
      title: { de: 'Bodenkarte Bayern', en: 'Soil map of Bavaria' },
      abstract: { de: 'Böden Bayerns.', en: 'Soils of Bavaria.' },
      keywords: ['Boden'],
      extent: { west: 8.97, south: 47.27, east: 13.84, north: 50.56 },
      temporalExtent: { start: '2018-01-01' },
    });
    ids.aerial = await createRecord(
      t.app,
      tokens,
      {
        ...common,
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
      {
        title: { de: 'Entwurf Grundwasser' },
        abstract: { de: 'Noch nicht geprüft.' },
        keywords: ['Grundwasser'],
      },
      'draft',
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('fixed documents', () => {
    it('the landing page links the conformance, the collections and the API definition', async () => {
      for (const path of ['', '/']) {
        const res = await ogcGet(t.app, path);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.title).toBeTruthy();
        const rels = Object.fromEntries(
          body.links.map((l: { rel: string; href: string }) => [l.rel, l.href]),
        );
        expect(rels.conformance).toBe(`${HOST}/ogcapi/conformance`);
        expect(rels.data).toBe(`${HOST}/ogcapi/collections`);
        expect(rels['service-desc']).toBe(`${HOST}/ogcapi/api`);
      }
    });

    it('declares the Records classes it implements, and no CQL2 class', async () => {
      const body = (await ogcGet(t.app, '/conformance')).json();
      for (const c of [
        'record-core',
        'record-collection',
        'records-api',
        'sorting',
        'json',
        'html',
      ]) {
        expect(body.conformsTo).toContain(`${RECORDS}/${c}`);
      }
      expect(body.conformsTo.some((c: string) => c.includes('cql2'))).toBe(false);
    });

    it('has one collection, metadata, of records', async () => {
      const body = (await ogcGet(t.app, '/collections')).json();
      expect(body.collections.map((c: { id: string }) => c.id)).toEqual(['metadata']);
      const one = (await ogcGet(t.app, '/collections/metadata')).json();
      expect(one.itemType).toBe('record');
      expect(one.links.map((l: { rel: string }) => l.rel)).toContain('items');
    });

    it('describes the queryables and sortables as JSON Schema', async () => {
      const res = await ogcGet(t.app, '/collections/metadata/queryables');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/schema+json');
      const schema = res.json();
      expect(schema.$id).toBe(`${HOST}/ogcapi/collections/metadata/queryables`);
      expect(schema.type).toBe('object');
      expect(schema.properties.geometry).toMatchObject({ format: 'geometry-any' });
      expect(schema.properties.geometry.type).toBeUndefined();
      expect(schema.properties.title.type).toBe('string');
      const sortables = (await ogcGet(t.app, '/collections/metadata/sortables')).json();
      expect(Object.keys(sortables.properties).sort()).toEqual(['created', 'title', 'updated']);
    });

    it('answers an OpenAPI 3.0 definition with every path', async () => {
      const res = await ogcGet(t.app, '/api');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/vnd.oai.openapi+json');
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\.0\./);
      expect(Object.keys(doc.paths)).toContain('/collections/metadata/items/{recordId}');
    });

    it('answers unknown paths and parameters with the exception of the standard', async () => {
      expectException(await ogcGet(t.app, '/nothing/here'), 404, 'NotFound');
      expectException(await ogcGet(t.app, '/collections/other/items'), 404, 'NotFound');
      expectException(
        await ogcGet(t.app, '/conformance?foo=1'),
        400,
        'InvalidParameterValue',
        'foo',
      );
      expectException(
        await ogcGet(t.app, '/collections?f=xml'),
        400,
        'InvalidParameterValue',
        'xml',
      );
    });
  });

  describe('items', () => {
    it('answers the published records with the record core properties and links', async () => {
      const answer = await items(t.app, { limit: '100' });
      expect(new Set(answer.ids)).toEqual(new Set([ids.water, ids.soil, ids.aerial]));
      expect(answer.numberMatched).toBe(3);
      expect(answer.numberReturned).toBe(3);
      const water = answer.features.find((f) => f.id === ids.water) as (typeof answer.features)[0];
      const record = water as unknown as Record<string, unknown>;
      expect(record.type).toBe('Feature');
      expect(record.conformsTo).toEqual([`${RECORDS}/record-core`]);
      expect(record.time).toEqual({ interval: ['2010-01-01', '2015-12-31'] });
      expect((record.geometry as { type: string }).type).toBe('Polygon');
      expect(water.properties).toMatchObject({
        type: 'dataset',
        title: 'Groundwater monitoring network',
        description: 'Groundwater gauges.',
        keywords: ['Grundwasser'],
        language: { code: 'en' },
        externalIds: [{ scheme: 'default', value: 'https://registry.example.org/water-2024' }],
      });
      expect(water.properties.created).toBeTruthy();
      expect(water.properties.updated).toBeTruthy();
      expect(water.properties.contacts).toEqual([
        expect.objectContaining({
          organization: 'Geologischer Dienst NRW',
          roles: ['pointOfContact'],
        }),
      ]);
      const hrefs = water.links.map((l) => `${l.rel} ${l.type ?? ''} ${l.href}`);
      expect(hrefs).toContain(`alternate text/html ${HOST}/metadata/${ids.water}`);
      expect(hrefs).toContain(
        `alternate application/xml ${HOST}/api/v1/object/${ids.water}?format=iso19139`,
      );
      expect(hrefs).toContain(
        `self application/geo+json ${HOST}/ogcapi/collections/metadata/items/${ids.water}`,
      );
    });

    it('answers in German when the client asks for it', async () => {
      const answer = await items(t.app, { ids: ids.water }, { 'accept-language': 'de' });
      expect(answer.features[0]?.properties).toMatchObject({
        title: 'Grundwassermessnetz',
        language: { code: 'de' },
      });
    });

    it('q finds any of its terms, as the search API finds them', async () => {
      const one = await items(t.app, { q: 'grundwasser' });
      expect(one.ids).toEqual([ids.water]);
      const search = await searchOk(t.app, searchUrl('grundwasser', { facets: false }));
      expect(one.numberMatched).toBe(search.numFound);
      const two = await items(t.app, { q: 'grundwasser,boden' });
      expect(new Set(two.ids)).toEqual(new Set([ids.water, ids.soil]));
      expectException(
        await ogcGet(t.app, '/collections/metadata/items?q=(boden'),
        400,
        'InvalidParameterValue',
        'q:',
      );
    });

    it('bbox keeps the records whose extent meets the box', async () => {
      expect(new Set((await items(t.app, { bbox: '12,48,13,49' })).ids)).toEqual(
        new Set([ids.soil, ids.aerial]),
      );
      expect((await items(t.app, { bbox: '14.5,54,15,55' })).ids).toEqual([ids.aerial]);
      expect((await items(t.app, { bbox: '14.5,0,54,15,55,100' })).ids).toEqual([ids.aerial]);
      for (const bad of ['1,2,3', 'a,b,c,d', '10,60,11,50', '200,0,210,1']) {
        expectException(
          await ogcGet(t.app, `/collections/metadata/items?bbox=${bad}`),
          400,
          'InvalidParameterValue',
          'bbox',
        );
      }
      expectException(
        await ogcGet(t.app, '/collections/metadata/items?bbox=1,2,3,4&bbox-crs=EPSG:25832'),
        400,
        'InvalidParameterValue',
        'bbox-crs',
      );
    });

    it('datetime keeps the records whose temporal extent meets the instant or interval', async () => {
      expect((await items(t.app, { datetime: '2012-06-01' })).ids).toEqual([ids.water]);
      expect((await items(t.app, { datetime: '2012-06-01T10:00:00Z' })).ids).toEqual([ids.water]);
      expect((await items(t.app, { datetime: '2020-01-01/..' })).ids).toEqual([ids.soil]);
      expect(new Set((await items(t.app, { datetime: '../2030-01-01' })).ids)).toEqual(
        new Set([ids.water, ids.soil]),
      );
      for (const bad of ['yesterday', '2020-13-45', '2020-01-01/2019-01-01', '../..']) {
        expectException(
          await ogcGet(t.app, `/collections/metadata/items?datetime=${bad}`),
          400,
          'InvalidParameterValue',
          'datetime',
        );
      }
    });

    it('type and externalIds keep the records of those types and resource identifiers', async () => {
      expect((await items(t.app, { type: 'service' })).ids).toEqual([ids.aerial]);
      expect(new Set((await items(t.app, { type: 'service,dataset' })).ids).size).toBe(3);
      expect(
        (await items(t.app, { externalIds: 'https://registry.example.org/water-2024' })).ids,
      ).toEqual([ids.water]);
      expect((await items(t.app, { externalIds: 'unknown' })).ids).toEqual([]);
      expect((await items(t.app, { ids: `${ids.soil},${ids.draft}` })).ids).toEqual([ids.soil]);
      const many = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
      expectException(
        await ogcGet(t.app, `/collections/metadata/items?ids=${many}`),
        400,
        'InvalidParameterValue',
        'ids',
      );
      expectException(
        await ogcGet(t.app, `/collections/metadata/items?q=${'wasser,'.repeat(100)}`),
        400,
        'InvalidParameterValue',
        'q is longer',
      );
    });

    it('pages with limit and offset and links the next and previous pages', async () => {
      const first = await items(t.app, { limit: '2', sortby: 'title' });
      expect(first.numberReturned).toBe(2);
      expect(first.numberMatched).toBe(3);
      const next = first.links.find((l) => l.rel === 'next' && l.type === 'application/geo+json');
      expect(first.links.some((l) => l.rel === 'prev')).toBe(false);
      expect(next?.href).toContain('offset=2');
      const second = await items(
        t.app,
        Object.fromEntries(new URL(next?.href as string).searchParams) as Record<string, string>,
      );
      expect(second.numberReturned).toBe(1);
      expect(second.links.some((l) => l.rel === 'next')).toBe(false);
      expect(second.links.find((l) => l.rel === 'prev')?.href).toContain('offset=0');
      expect(new Set([...first.ids, ...second.ids]).size).toBe(3);
      for (const bad of ['limit=0', 'limit=1001', 'limit=x', 'offset=-1', 'offset=10000001']) {
        expectException(
          await ogcGet(t.app, `/collections/metadata/items?${bad}`),
          400,
          'InvalidParameterValue',
        );
      }
    });

    it('sortby orders by title and dates, ascending by default', async () => {
      const de = { 'accept-language': 'de' };
      const titles = async (sortby: string) =>
        (await items(t.app, { sortby }, de)).features.map((f) => f.properties.title);
      // The index sorts by the German title where there is one, as the search API does.
      const ascending = ['Bodenkarte Bayern', 'Grundwassermessnetz', 'Luftbilder Deutschland'];
      expect(await titles('title')).toEqual(ascending);
      expect(await titles('+title')).toEqual(ascending);
      expect(await titles('-title')).toEqual([...ascending].reverse());
      const created = (await items(t.app, { sortby: '+created' })).ids;
      expect(created).toEqual([ids.water, ids.soil, ids.aerial]);
      expect((await items(t.app, { sortby: '-updated' })).ids).toEqual([
        ids.aerial,
        ids.soil,
        ids.water,
      ]);
      expectException(
        await ogcGet(t.app, '/collections/metadata/items?sortby=colour'),
        400,
        'InvalidParameterValue',
        'sortby',
      );
    });

    it('filter (CQL2 text) over the queryables, as the catalogue service translates it', async () => {
      const f = async (filter: string) => new Set((await items(t.app, { filter })).ids);
      expect(await f("keywords = 'Grundwasser'")).toEqual(new Set([ids.water]));
      expect(await f("title LIKE 'boden%'")).toEqual(new Set([ids.soil]));
      expect(await f('S_INTERSECTS(geometry, BBOX(14.5, 54, 15, 55))')).toEqual(
        new Set([ids.aerial]),
      );
      expect(await f("S_WITHIN(geometry, BBOX(5, 47, 16, 56)) AND NOT type = 'service'")).toEqual(
        new Set([ids.water, ids.soil]),
      );
      expect(await f("type IN ('service', 'series')")).toEqual(new Set([ids.aerial]));
      expect(await f(`id = '${ids.soil}' OR id = '${ids.draft}'`)).toEqual(new Set([ids.soil]));
      expect(await f('"updated" >= DATE(\'2000-01-01\')')).toEqual(
        new Set([ids.water, ids.soil, ids.aerial]),
      );
      expect(await f("updated < TIMESTAMP('2000-01-01T00:00:00Z')")).toEqual(new Set());
      expect(
        await f("S_INTERSECTS(geometry, POINT(11 48.5)) AND description LIKE 'böden'"),
      ).toEqual(new Set([ids.soil]));
      for (const [bad, text] of [
        ["colour = 'red'", 'colour'],
        ['title = ', 'ends'],
        ['S_OVERLAPS(geometry, BBOX(1,2,3,4))', 'S_OVERLAPS'],
        ["title < 'b'", 'cannot be applied'],
      ] as const) {
        expectException(
          await ogcGet(
            t.app,
            `/collections/metadata/items?${new URLSearchParams({ filter: bad })}`,
          ),
          400,
          'InvalidParameterValue',
          text,
        );
      }
      expectException(
        await ogcGet(t.app, "/collections/metadata/items?filter=type%3D'x'&filter-lang=cql2-json"),
        400,
        'InvalidParameterValue',
        'filter-lang',
      );
      expectException(
        await ogcGet(t.app, '/collections/metadata/items?colour=red'),
        400,
        'InvalidParameterValue',
        'colour',
      );
    });
  });

  describe('one record', () => {
    it('answers a readable record and 404 for unknown, malformed and unreadable ids', async () => {
      const res = await ogcGet(t.app, `/collections/metadata/items/${ids.soil}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/geo+json');
      expect(res.json()).toMatchObject({
        id: ids.soil,
        type: 'Feature',
        properties: { type: 'dataset' },
      });
      expectException(
        await ogcGet(t.app, `/collections/metadata/items/${ids.draft}`),
        404,
        'NotFound',
      );
      expectException(
        await ogcGet(t.app, '/collections/metadata/items/AAAAAAAAAAAAAAAAAAAAAA'),
        404,
        'NotFound',
      );
      expectException(
        await ogcGet(t.app, '/collections/metadata/items/%3Cscript%3E'),
        404,
        'NotFound',
      );
      // The owner reads the draft, as through the search API.
      const own = await ogcGet(
        t.app,
        `/collections/metadata/items/${ids.draft}`,
        withToken(tokens.owner),
      );
      expect(own.statusCode).toBe(200);
    });
  });

  describe('HTML', () => {
    it('answers HTML for f=html and for browsers, linking each record to its page', async () => {
      for (const [query, headers] of [
        ['?f=html', {}],
        ['', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
      ] as const) {
        const list = await ogcGet(t.app, `/collections/metadata/items${query}`, headers);
        expect(list.statusCode).toBe(200);
        expect(list.headers['content-type']).toContain('text/html');
        expect(list.body).toMatch(/<html lang="(de|en)">/);
        expect(list.body).toContain(`href="${HOST}/metadata/${ids.water}"`);
        expect(list.body).not.toContain('Entwurf');
      }
      const one = await ogcGet(t.app, `/collections/metadata/items/${ids.water}?f=html`, {
        'accept-language': 'de',
      });
      expect(one.headers['content-type']).toContain('text/html');
      expect(one.body).toContain('<h1>Grundwassermessnetz</h1>');
      expect(one.body).toContain(
        `<a href="${HOST}/metadata/${ids.water}">Datensatzseite im Katalog`,
      );
      for (const path of [
        '?f=html',
        '/collections?f=html',
        '/collections/metadata?f=html',
        '/conformance?f=html',
      ]) {
        const page = await ogcGet(t.app, path);
        expect(page.statusCode, path).toBe(200);
        expect(page.body, path).toContain('<h1>');
      }
    });

    it('escapes what records hold', async () => {
      const id = await createRecord(t.app, tokens, {
        title: { en: 'Tags <script>alert(1)</script> & more' },
        abstract: { en: 'An "abstract".' },
        keywords: ['Escapes'],
      });
      const res = await ogcGet(t.app, `/collections/metadata/items/${id}?f=html`);
      expect(res.body).not.toContain('<script>');
      expect(res.body).toContain('&#60;script&#62;');
    });
  });
});
