import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorBody } from '@geoportal/contract/errors';
import { ObjectNormal } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { seededVocabularies } from '../../test/test-vocabularies.js';
import { RecordFeature } from './geojson.js';
import { carriedByIso19139 } from './iso19139-carried.js';
import { writeIso19139 } from './iso19139-writer.js';

/** A local server standing in for a remote DTD host; it counts every request it gets. */
async function listeningServer() {
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests += 1;
    res.end('<!ENTITY leak "leaked">');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases)('ISO 19139 and GeoJSON through the API on $name', (database) => {
  let t: TestApp;
  let remote: Awaited<ReturnType<typeof listeningServer>>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    remote = await listeningServer();
    for (const [name, role] of [
      ['sub', 'submitter'],
      ['sub2', 'submitter'],
      ['plain', undefined],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, role ? { role } : {});
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  });
  afterAll(async () => {
    await remote.close();
    await t.close();
  });

  const headers = (who?: string, extra: Record<string, string> = {}) => ({
    ...(who ? withToken(tokens[who] as string) : {}),
    ...extra,
  });
  const create = async (metadata: Metadata, type = 'dataset') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/object',
      headers: headers('sub'),
      payload: { type, metadata },
    });
    expect(res.statusCode).toBe(201);
    return ObjectNormal.parse(res.json());
  };
  const get = (id: string, who?: string, extra: Record<string, string> = {}, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/object/${id}${query}`,
      headers: headers(who, extra),
    });
  const importXml = (body: string | Buffer, who?: string, type = 'application/xml') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/object/import',
      headers: headers(who, { 'content-type': type }),
      payload: body,
    });
  const expectImportInvalid = (res: { statusCode: number; json(): unknown }, message: RegExp) => {
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.code).toBe('record.import_invalid');
    expect(body.message).toMatch(message);
  };

  describe('GET /object/{id} in other formats', () => {
    it('answers ISO 19139 XML for Accept application/xml, text/xml and ?format=iso19139', async () => {
      const object = await create(completeMetadata());
      for (const [extra, query] of [
        [{ accept: 'application/xml' }, ''],
        [{ accept: 'text/xml' }, ''],
        [{ accept: 'text/html, application/xml;q=0.9, */*;q=0.8' }, ''],
        [{}, '?format=iso19139'],
        [{ accept: 'application/json' }, '?format=xml'],
      ] as const) {
        const res = await get(object.id, 'sub', extra, query);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(res.headers['content-disposition']).toBe(`inline; filename="${object.id}.xml"`);
        expect(XMLValidator.validate(res.body)).toBe(true);
        expect(res.body).toContain(`<gco:CharacterString>${object.id}</gco:CharacterString>`);
        expect(res.body).toContain(`<gco:DateTime>${object.modified}</gco:DateTime>`);
      }
    });

    it('keeps JSON the default and the detail levels working', async () => {
      const object = await create(completeMetadata());
      for (const extra of [{}, { accept: '*/*' }, { accept: 'application/json' }] as Record<
        string,
        string
      >[]) {
        const res = await get(object.id, 'sub', extra);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json().metadata).toEqual(object.metadata);
      }
      const summary = await get(object.id, 'sub', { accept: 'application/json; detail=summary' });
      expect(Object.keys(summary.json()).sort()).toEqual([
        'extent',
        'id',
        'state',
        'title',
        'type',
      ]);
    });

    it('answers a GeoJSON Feature: the box as Polygon, across the antimeridian as MultiPolygon, null without extent', async () => {
      const box = await create(
        completeMetadata({ extent: { west: 6, south: 50, east: 9, north: 52 } }),
      );
      const res = await get(box.id, 'sub', { accept: 'application/geo+json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
      const feature = RecordFeature.parse(res.json());
      expect(feature).toMatchObject({
        type: 'Feature',
        id: box.id,
        bbox: [6, 50, 9, 52],
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [6, 50],
              [9, 50],
              [9, 52],
              [6, 52],
              [6, 50],
            ],
          ],
        },
        properties: {
          id: box.id,
          type: 'dataset',
          state: 'draft',
          title: box.metadata.title,
          modified: box.modified,
        },
      });

      const pacific = await create(
        completeMetadata({ extent: { west: 170, south: -20, east: -170, north: -10 } }),
      );
      expect((await get(pacific.id, 'sub', {}, '?format=geojson')).json().geometry).toEqual({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [170, -20],
              [180, -20],
              [180, -10],
              [170, -10],
              [170, -20],
            ],
          ],
          [
            [
              [-180, -20],
              [-170, -20],
              [-170, -10],
              [-180, -10],
              [-180, -20],
            ],
          ],
        ],
      });

      const point = { type: 'Point' as const, coordinates: [7.1, 51.2] as [number, number] };
      const exact = await create(completeMetadata({ geometry: point }));
      expect((await get(exact.id, 'sub', {}, '?format=geojson')).json().geometry).toEqual(point);

      const { extent: _extent, ...noExtent } = completeMetadata();
      const none = await create(noExtent);
      const noGeometry = (await get(none.id, 'sub', {}, '?format=geojson')).json();
      expect(noGeometry.geometry).toBeNull();
      expect(noGeometry.bbox).toBeUndefined();
    });

    it('answers 406 for an unknown format or an Accept header it cannot serve', async () => {
      const object = await create(completeMetadata());
      for (const [extra, query] of [
        [{}, '?format=pdf'],
        [{ accept: 'application/xml' }, '?format=shapefile'],
        [{ accept: 'image/png' }, ''],
        [{ accept: 'text/html, application/xml;q=0' }, ''],
      ] as const) {
        const res = await get(object.id, 'sub', extra, query);
        expect(res.statusCode).toBe(406);
        expect(ErrorBody.parse(res.json()).code).toBe('request.not_acceptable');
      }
    });

    it('hides a draft from visitors and others with the same 404 in every format, and honours access keys', async () => {
      const object = await create(completeMetadata());
      const variants = [
        [{}, ''],
        [{ accept: 'application/xml' }, ''],
        [{}, '?format=iso19139'],
        [{ accept: 'application/geo+json' }, ''],
        [{}, '?format=geojson'],
      ] as const;
      const missing = (
        await get('AAAAAAAAAAAAAAAAAAAAAA', undefined, { accept: 'application/xml' })
      ).json();
      for (const who of [undefined, 'sub2', 'plain']) {
        for (const [extra, query] of variants) {
          const res = await get(object.id, who, extra, query);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual(missing);
          expect(res.body).not.toContain('Hydrogeolog');
        }
      }
      const key = await t.app.inject({
        method: 'POST',
        url: `/api/v1/object/${object.id}/accessKeys`,
        headers: headers('sub'),
        payload: { type: 'read' },
      });
      expect(key.statusCode).toBe(201);
      const withKey = await get(object.id, undefined, {
        accept: 'application/xml',
        'x-access-key': key.json().secret,
      });
      expect(withKey.statusCode).toBe(200);
      expect(withKey.body).toContain('<gmd:MD_Metadata');
    });
  });

  it('documents the formats and the import in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const path = (p: string) => doc.paths[p] ?? doc.paths[`/api/v1${p}`];
    const get = path('/object/{id}').get;
    expect(Object.keys(get.responses['200'].content).sort()).toEqual([
      'application/geo+json',
      'application/json',
      'application/ld+json',
      'application/rdf+xml',
      'application/xml',
      'text/turtle',
    ]);
    expect(get.responses['406']).toBeDefined();
    const post = path('/object/import').post;
    expect(post.requestBody.content['application/xml']).toBeDefined();
    expect(post.responses['201']).toBeDefined();
  });

  describe('POST /object/import', () => {
    const sample = (
      metadata: Metadata = completeMetadata(),
      type = 'dataset',
      id = 'ForeignRecord000000001',
    ) =>
      writeIso19139({ id, type, modified: '2025-01-01T00:00:00Z', metadata }, seededVocabularies);

    it('refuses visitors (401) and users without a publishing role (403) before reading the file', async () => {
      expect((await importXml(sample())).statusCode).toBe(401);
      expect((await importXml('<not-xml', 'plain')).statusCode).toBe(403);
    });

    it('creates a draft owned by the caller with the record of the file (201)', async () => {
      const metadata = completeMetadata({
        related: [{ id: 'BBBBBBBBBBBBBBBBBBBBBB', relation: 'source' }],
      });
      for (const contentType of ['application/xml', 'text/xml; charset=utf-8']) {
        // A file identifier per round: the same file twice would be a duplicate (409).
        const fileIdentifier = `Foreign-${contentType.length}-000001`;
        const res = await importXml(sample(metadata, 'series', fileIdentifier), 'sub', contentType);
        expect(res.statusCode).toBe(201);
        const draft = ObjectNormal.parse(res.json());
        expect(draft).toMatchObject({ state: 'draft', owner: 'sub', type: 'series', version: 1 });
        expect(draft.id).not.toBe(fileIdentifier);
        expect(draft.metadata).toEqual(carriedByIso19139('series', metadata));
        const stored = await get(draft.id, 'sub');
        expect(stored.json().metadata).toEqual(draft.metadata);
      }
    });

    it('re-imports its own export of a record to the same record', async () => {
      const object = await create(
        completeMetadata({ useConstraints: { de: 'Quelle: <GD> & "Partner"' } }),
      );
      const xml = (await get(object.id, 'sub', { accept: 'application/xml' })).body;
      // The export names the record itself, so a plain import is a duplicate: import a copy.
      expect((await importXml(xml, 'sub')).statusCode).toBe(409);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/object/import?as=copy',
        headers: headers('sub', { 'content-type': 'application/xml' }),
        payload: xml,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().metadata).toEqual(carriedByIso19139('dataset', object.metadata));
    });

    it('answers 400 with line and column for a malformed file', async () => {
      const res = await importXml(
        '<?xml version="1.0"?>\n<gmd:MD_Metadata xmlns:gmd="x">\n  <gmd:title>\n</gmd:MD_Metadata>',
        'sub',
      );
      expectImportInvalid(res, /at line 4, column \d+/);
    });

    it('answers 400 for well-formed files that are not an ISO 19139 record, saying what is missing', async () => {
      expectImportInvalid(
        await importXml('<rss version="2.0"><channel/></rss>', 'sub'),
        /root element is <rss>.*MD_Metadata/,
      );
      expectImportInvalid(
        await importXml('<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd"/>', 'sub'),
        /no gmd:identificationInfo/,
      );
      expectImportInvalid(
        await importXml(
          '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd"><gmd:identificationInfo><gmd:MD_DataIdentification/></gmd:identificationInfo></gmd:MD_Metadata>',
          'sub',
        ),
        /no title/,
      );
      expectImportInvalid(await importXml('', 'sub'), /empty/);
      expectImportInvalid(
        await importXml(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]), 'sub'),
        /not valid UTF-8/,
      );
    });

    it('refuses XXE, billion laughs and remote DTDs with 400 and makes no request', async () => {
      const xxe = `<?xml version="1.0"?>\n<!DOCTYPE gmd:MD_Metadata [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd"><gmd:identificationInfo><gmd:MD_DataIdentification><gmd:citation><gmd:CI_Citation><gmd:title><gco:CharacterString xmlns:gco="http://www.isotc211.org/2005/gco">&xxe;</gco:CharacterString></gmd:title></gmd:CI_Citation></gmd:citation></gmd:MD_DataIdentification></gmd:identificationInfo></gmd:MD_Metadata>`;
      const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n${Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n')}\n]>\n<lolz>&lol9;</lolz>`;
      const remoteDtd = `<?xml version="1.0"?>\n<!DOCTYPE gmd:MD_Metadata SYSTEM "${remote.url}/evil.dtd">\n<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd">&leak;</gmd:MD_Metadata>`;
      const parameterEntity = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY % remote SYSTEM "${remote.url}/p.dtd"> %remote;]><x/>`;
      for (const hostile of [xxe, laughs, remoteDtd, parameterEntity]) {
        const res = await importXml(hostile, 'sub');
        expectImportInvalid(res, /DOCTYPE declaration at line \d+, column \d+/);
        expect(res.body).not.toContain('root:');
      }
      expectImportInvalid(
        await importXml('<a>&xxe;</a>', 'sub'),
        /undefined entity &xxe; at line 1, column 4/,
      );
      expect(remote.requests()).toBe(0);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/object?owner=me&rows=100',
        headers: headers('sub'),
      });
      // An expanded entity repeats its text; 'lol' alone also turns up in random ids.
      expect(JSON.stringify(list.json())).not.toContain('lollol');
    });

    it('answers 415 for other content types and 413 above the body limit', async () => {
      const wrongType = await importXml(sample(), 'sub', 'application/octet-stream');
      expect(wrongType.statusCode).toBe(415);
      expect(ErrorBody.parse(wrongType.json())).toMatchObject({
        code: 'request.unsupported_media_type',
        message: expect.stringMatching(/Send application\/xml or text\/xml\.$/),
      });
      const huge = `<x>${'a'.repeat(t.config.maxBodyBytes + 1)}</x>`;
      const tooLarge = await importXml(huge, 'sub');
      expect(tooLarge.statusCode).toBe(413);
      expect(ErrorBody.parse(tooLarge.json()).code).toBe('request.too_large');
    });
  });
});
