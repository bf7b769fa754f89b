import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { children, textOf } from '../../xml/xml-document.js';
import {
  createRecord,
  searchAccounts,
  searchOk,
  searchUrl,
  type Tokens,
} from '../search/search.test-helpers.js';
import {
  bbox,
  compare,
  cswGet,
  cswPost,
  exceptionOf,
  getRecordsXml,
  like,
  resultsOf,
} from './csw.test-helpers.js';

/**
 * The catalogue service over HTTP: every operation, the constraints (Filter Encoding and
 * CQL), paging, output schemas, the exception reports, and visibility (what a visitor finds
 * against what the owner of a draft finds; the counts equal the search API's).
 */

const PUBLIC_URL = 'https://geoportal.example.org';
const NRW = { west: 5.87, south: 50.32, east: 9.46, north: 52.53 };
const BAVARIA = { west: 8.97, south: 47.27, east: 13.84, north: 50.56 };

describe.each(testDatabases)('CSW on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const ids: Record<string, string> = {};
  const get = (params: Record<string, string>, token?: string) => cswGet(t.app, params, token);
  const getRecords = (params: Record<string, string>, token?: string) =>
    get(
      {
        service: 'CSW',
        version: '2.0.2',
        request: 'GetRecords',
        typeNames: 'csw:Record',
        resultType: 'results',
        ...params,
      },
      token,
    );
  const post = (xml: string, token?: string) => cswPost(t.app, xml, token);

  beforeAll(async () => {
    t = await createTestApp(database, {
      PUBLIC_URL,
      CSW_TITLE: 'Geodatenkatalog Testland',
      CSW_CONTACT_EMAIL: 'katalog@example.org',
      CSW_MAX_RECORDS: '3',
    });
    tokens = await searchAccounts(t.app);
    ids.water = await createRecord(t.app, tokens, {
      title: {
        de: 'Grundwassermessnetz Nordrhein-Westfalen',
        en: 'Groundwater monitoring network',
      },
      abstract: { de: 'Messstellen des Grundwassers.', en: 'Groundwater gauges.' },
      keywords: ['Grundwasser', 'Messnetz'],
      extent: NRW,
      formats: [{ name: 'GeoTIFF' }],
    });
    ids.soil = await createRecord(t.app, tokens, {
      title: { de: 'Bodenkarte Bayern', en: 'Soil map of Bavaria' },
      abstract: { de: 'Böden und Bodenarten Bayerns.', en: 'Soils and soil types of Bavaria.' },
      keywords: ['Boden'],
      extent: BAVARIA,
      contacts: [{ organisation: 'Landesamt für Umwelt', role: 'pointOfContact' }],
    });
    ids.aerial = await createRecord(
      t.app,
      tokens,
      {
        title: { de: 'Luftbilder Deutschland', en: 'Aerial images of Germany' },
        abstract: { de: 'Luftbilder als Dienst.', en: 'Aerial images as a service.' },
        keywords: ['Luftbild'],
        extent: { west: 5.8, south: 47.2, east: 15.1, north: 55.1 },
      },
      'published',
      'service',
    );
    ids.lakes = await createRecord(t.app, tokens, {
      title: { de: 'Seen in Nordrhein-Westfalen', en: 'Lakes of North Rhine-Westphalia' },
      abstract: { de: 'Stehende Gewässer.', en: 'Standing waters.' },
      keywords: ['Gewässer'],
      extent: NRW,
    });
    ids.draft = await createRecord(
      t.app,
      tokens,
      {
        title: { de: 'Grundwasser Entwurf', en: 'Groundwater draft' },
        keywords: ['Grundwasser', 'Entwurfsgeheimnis'],
      },
      'draft',
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('GetCapabilities', () => {
    it('describes the service from the configuration and names the endpoint of PUBLIC_URL', async () => {
      const res = await get({ SERVICE: 'CSW', REQUEST: 'GetCapabilities' });
      expect(res.status).toBe(200);
      expect(res.contentType).toContain('application/xml');
      expect(res.name).toBe('Capabilities');
      expect(res.root['@version']).toBe('2.0.2');
      const identification = children(res.root, 'ServiceIdentification')[0];
      expect(textOf(children(identification, 'Title')[0])).toBe('Geodatenkatalog Testland');
      expect(textOf(children(identification, 'ServiceType')[0])).toBe('CSW');
      const provider = children(res.root, 'ServiceProvider')[0];
      expect(res.body).toContain('katalog@example.org');
      expect(provider).toBeDefined();
      const operations = children(children(res.root, 'OperationsMetadata')[0], 'Operation');
      expect(operations.map((o) => o['@name'])).toEqual([
        'GetCapabilities',
        'DescribeRecord',
        'GetDomain',
        'GetRecords',
        'GetRecordById',
      ]);
      const href = children(children(children(operations[2], 'DCP')[0], 'HTTP')[0], 'Get')[0];
      expect(href?.['@href']).toBe(`${PUBLIC_URL}/csw`);
      expect(children(res.root, 'Filter_Capabilities')).toHaveLength(1);
    });

    it('answers only the sections asked for', async () => {
      const res = await get({
        service: 'CSW',
        request: 'GetCapabilities',
        sections: 'ServiceIdentification',
      });
      expect(res.status).toBe(200);
      expect(children(res.root, 'ServiceIdentification')).toHaveLength(1);
      expect(children(res.root, 'OperationsMetadata')).toHaveLength(0);
      expect(children(res.root, 'ServiceProvider')).toHaveLength(0);
    });

    it('negotiates the version: 2.0.2 among the accepted ones, else VersionNegotiationFailed', async () => {
      const ok = await get({
        service: 'CSW',
        request: 'GetCapabilities',
        acceptVersions: '3.0.0,2.0.2',
      });
      expect(ok.status).toBe(200);
      const refused = await get({
        service: 'CSW',
        request: 'GetCapabilities',
        acceptVersions: '1.0.0',
      });
      expect(exceptionOf(refused)).toMatchObject({
        status: 400,
        code: 'VersionNegotiationFailed',
        locator: 'acceptVersions',
      });
    });

    it('takes the request as XML by POST', async () => {
      const withCharset = await cswPost(
        t.app,
        '<csw:GetCapabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW"/>',
        undefined,
        'text/xml; charset=UTF-8',
      );
      expect(withCharset.status).toBe(200);
      expect(withCharset.name).toBe('Capabilities');
      const res = await post(
        '<csw:GetCapabilities xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ows="http://www.opengis.net/ows" service="CSW"><ows:Sections><ows:Section>OperationsMetadata</ows:Section></ows:Sections></csw:GetCapabilities>',
      );
      expect(res.status).toBe(200);
      expect(children(res.root, 'OperationsMetadata')).toHaveLength(1);
      expect(children(res.root, 'ServiceIdentification')).toHaveLength(0);
    });
  });

  describe('exception reports', () => {
    it.each([
      [{ service: 'CSW' }, 'MissingParameterValue', 'request'],
      [{ request: 'GetCapabilities' }, 'MissingParameterValue', 'service'],
      [{ service: 'WMS', request: 'GetCapabilities' }, 'InvalidParameterValue', 'service'],
      [{ service: 'CSW', request: 'Transaction' }, 'OperationNotSupported', 'Transaction'],
      [
        { service: 'CSW', request: 'GetRecords', typeNames: 'csw:Record' },
        'MissingParameterValue',
        'version',
      ],
      [
        { service: 'CSW', request: 'GetRecords', version: '3.0.0', typeNames: 'csw:Record' },
        'InvalidParameterValue',
        'version',
      ],
      [
        { service: 'CSW', request: 'GetRecords', version: '2.0.2' },
        'MissingParameterValue',
        'typeNames',
      ],
      [
        { service: 'CSW', request: 'GetRecords', version: '2.0.2', typeNames: 'wfs:Feature' },
        'InvalidParameterValue',
        'typeNames',
      ],
      [
        { service: 'CSW', request: 'GetRecordById', version: '2.0.2' },
        'MissingParameterValue',
        'Id',
      ],
      [
        { service: 'CSW', request: 'GetCapabilities', sections: 'Contents' },
        'InvalidParameterValue',
        'sections',
      ],
    ])('%j → %s at %s', async (params, code, locator) => {
      const res = await get(params);
      expect(res.contentType).toContain('application/xml');
      expect(exceptionOf(res)).toMatchObject({ status: 400, code, locator });
    });

    it.each([
      [{ outputSchema: 'http://example.org/other' }, 'outputSchema', 'is not offered'],
      [{ ElementSetName: 'huge' }, 'ElementSetName', 'brief, summary or full'],
      [{ maxRecords: 'many' }, 'maxRecords', 'whole number'],
      [{ startPosition: '0' }, 'startPosition', 'whole number'],
      [{ resultType: 'everything' }, 'resultType', 'hits, results or validate'],
      [{ outputFormat: 'application/json' }, 'outputFormat', 'application/xml'],
      [{ sortBy: 'Abstract:A' }, 'SortBy', 'cannot be sorted'],
      [{ ElementName: 'dc:colour' }, 'ElementName', 'no element'],
      [{ ElementName: 'dc:title', ElementSetName: 'full' }, 'ElementName', 'not both'],
      [
        { ElementName: 'dc:creator', outputSchema: 'http://www.isotc211.org/2005/gmd' },
        'ElementName',
        'ISO 19139 records have no element',
      ],
      [{ constraint: "AnyText LIKE '%a%'" }, 'constraintLanguage', 'required'],
      [{ constraintLanguage: 'SQL', constraint: 'x' }, 'constraintLanguage', 'FILTER or CQL_TEXT'],
      [{ constraintLanguage: 'CQL_TEXT', constraint: "Creator = 'x'" }, 'Constraint', 'Creator'],
      [{ constraintLanguage: 'CQL_TEXT', constraint: "Title LIKE 'a' AND" }, 'Constraint', 'ends'],
      [
        { constraintLanguage: 'CQL_TEXT', constraint: "Modified > 'yesterday'" },
        'Constraint',
        'dates',
      ],
      [
        { constraintLanguage: 'CQL_TEXT', constraint: 'BBOX(ows:BoundingBox, 10, 60, 12, 50)' },
        'Constraint',
        'south not above north',
      ],
      [
        { constraintLanguage: 'CQL_TEXT', constraint: "Title < 'a'" },
        'Constraint',
        'PropertyIsLessThan',
      ],
      [
        {
          constraintLanguage: 'FILTER',
          constraint:
            '<ogc:Filter xmlns:ogc="http://www.opengis.net/ogc"><ogc:Overlaps><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName></ogc:Overlaps></ogc:Filter>',
        },
        'Constraint',
        'The filter operator Overlaps is not supported',
      ],
      [
        {
          constraintLanguage: 'FILTER',
          constraint: '<ogc:Filter xmlns:ogc="http://www.opengis.net/ogc"><ogc:PropertyIsLike',
        },
        'Constraint',
        'not well-formed',
      ],
    ])(
      'GetRecords %j → InvalidParameterValue/MissingParameterValue at %s',
      async (params, locator, text) => {
        const res = await getRecords(params);
        const exception = exceptionOf(res);
        expect(exception).toMatchObject({ status: 400, locator });
        expect(['InvalidParameterValue', 'MissingParameterValue']).toContain(exception.code);
        expect(exception.text).toContain(text);
      },
    );

    it('refuses a parameter given twice', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/csw?service=CSW&request=GetCapabilities&SERVICE=CSW',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('InvalidParameterValue');
    });

    it('refuses filters nested too deep or holding too many conditions', async () => {
      let deep = like('AnyText', '%a%');
      for (let i = 0; i < 9; i += 1) deep = `<ogc:Not>${deep}</ogc:Not>`;
      expect(exceptionOf(await post(getRecordsXml(deep)))).toMatchObject({
        status: 400,
        code: 'InvalidParameterValue',
        locator: 'Constraint',
      });
      const many = `<ogc:Or>${Array.from({ length: 60 }, (_, i) => like('Title', `w${i}`)).join('')}</ogc:Or>`;
      const res = exceptionOf(await post(getRecordsXml(many)));
      expect(res).toMatchObject({ status: 400, code: 'InvalidParameterValue' });
      expect(res.text).toContain('more than 50 conditions');
    });

    it('refuses XML with a DTD, malformed XML, other media types and bodies over the limit', async () => {
      const dtd = await post(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2">&e;</csw:GetRecords>',
      );
      expect(exceptionOf(dtd)).toMatchObject({ status: 400, code: 'NoApplicableCode' });
      expect(dtd.body).not.toContain('root:');
      const broken = await post(
        '<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2">',
      );
      expect(exceptionOf(broken)).toMatchObject({ status: 400, code: 'NoApplicableCode' });
      const json = await cswPost(t.app, '{"request":"GetRecords"}', undefined, 'application/json');
      expect(exceptionOf(json)).toMatchObject({ status: 415, code: 'NoApplicableCode' });
      const big = await post(
        `<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2"><!--${'x'.repeat(300 * 1024)}--></csw:GetRecords>`,
      );
      expect(exceptionOf(big)).toMatchObject({ status: 413, code: 'NoApplicableCode' });
      const unknown = await post(
        '<csw:Harvest xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2"/>',
      );
      expect(exceptionOf(unknown)).toMatchObject({ status: 400, code: 'OperationNotSupported' });
    });
  });

  describe('GetRecords', () => {
    it('counts what a visitor sees (hits), never the draft', async () => {
      const res = resultsOf(await getRecords({ resultType: 'hits' }));
      expect(res).toMatchObject({ matched: 4, returned: 0, next: 0, ids: [] });
      const search = await searchOk(t.app, searchUrl('*'));
      expect(res.matched).toBe(search.numFound);
    });

    it('pages with startPosition and maxRecords; nextRecord is 0 at the end; maxRecords is capped', async () => {
      const sort = { sortBy: 'Title:A' };
      const first = resultsOf(await getRecords({ ...sort, maxRecords: '2' }));
      expect(first).toMatchObject({ matched: 4, returned: 2, next: 3 });
      const second = resultsOf(await getRecords({ ...sort, maxRecords: '2', startPosition: '3' }));
      expect(second).toMatchObject({ matched: 4, returned: 2, next: 0 });
      expect(new Set([...first.ids, ...second.ids])).toEqual(
        new Set([ids.water, ids.soil, ids.aerial, ids.lakes]),
      );
      const beyond = resultsOf(await getRecords({ ...sort, startPosition: '9' }));
      expect(beyond).toMatchObject({ matched: 4, returned: 0, next: 0 });
      // CSW_MAX_RECORDS=3 cuts a larger ask.
      const capped = resultsOf(await getRecords({ ...sort, maxRecords: '50' }));
      expect(capped).toMatchObject({ matched: 4, returned: 3, next: 4 });
      const none = resultsOf(await getRecords({ ...sort, maxRecords: '0' }));
      expect(none).toMatchObject({ matched: 4, returned: 0, next: 1 });
    });

    it('sorts by title in both directions', async () => {
      const up = resultsOf(await getRecords({ sortBy: 'Title:A', maxRecords: '3' }));
      expect(up.ids).toEqual([ids.soil, ids.water, ids.aerial]);
      for (const sortBy of ['dc:title', 'dc:title:ASC', 'title:a']) {
        expect(resultsOf(await getRecords({ sortBy, maxRecords: '3' })).ids).toEqual(up.ids);
      }
      const byKvp = resultsOf(await getRecords({ sortBy: 'dc:title:D', maxRecords: '3' }));
      expect(byKvp.ids).toEqual([ids.lakes, ids.aerial, ids.water]);
      const down = resultsOf(
        await post(
          getRecordsXml(undefined, {
            maxRecords: 3,
            sortBy:
              '<ogc:SortBy><ogc:SortProperty><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:SortOrder>DESC</ogc:SortOrder></ogc:SortProperty></ogc:SortBy>',
          }),
        ),
      );
      expect(down.ids).toEqual([ids.lakes, ids.aerial, ids.water]);
    });

    it.each([
      ['AnyText like a word', like('csw:AnyText', '%grundwasser%'), ['water']],
      ['AnyText like a word start', like('AnyText', 'Bodenk%'), ['soil']],
      ['Title equal to a phrase', compare('EqualTo', 'dc:title', 'Bodenkarte Bayern'), ['soil']],
      [
        'Title not equal',
        compare('NotEqualTo', 'Title', 'Bodenkarte Bayern'),
        ['water', 'aerial', 'lakes'],
      ],
      [
        'Abstract like a word (a leading wildcard is dropped)',
        like('dct:abstract', '%bodenarten'),
        ['soil'],
      ],
      ['Subject equal to a keyword', compare('EqualTo', 'dc:subject', 'Boden'), ['soil']],
      ['Type', compare('EqualTo', 'dc:type', 'service'), ['aerial']],
      ['Format', compare('EqualTo', 'dc:format', 'GeoTIFF'), ['water']],
      [
        'OrganisationName',
        compare('EqualTo', 'apiso:OrganisationName', 'Landesamt für Umwelt'),
        ['soil'],
      ],
      [
        'Modified from today',
        compare('GreaterThanOrEqualTo', 'dct:modified', '2000-01-01'),
        ['water', 'soil', 'aerial', 'lakes'],
      ],
      ['Modified before 2000', compare('LessThan', 'Modified', '2000-01-01'), []],
      [
        'Modified between',
        '<ogc:PropertyIsBetween><ogc:PropertyName>Modified</ogc:PropertyName><ogc:LowerBoundary><ogc:Literal>1990-01-01</ogc:Literal></ogc:LowerBoundary><ogc:UpperBoundary><ogc:Literal>1999-12-31</ogc:Literal></ogc:UpperBoundary></ogc:PropertyIsBetween>',
        [],
      ],
      ['BBOX over Bavaria', bbox(11, 48, 12, 49), ['soil', 'aerial']],
      [
        'BBOX as latitude first with a URN',
        bbox(48, 11, 49, 12).replace(
          '<gml:Envelope>',
          '<gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326">',
        ),
        ['soil', 'aerial'],
      ],
      ['And', `<ogc:And>${bbox(6, 51, 7, 52)}${like('AnyText', '%seen%')}</ogc:And>`, ['lakes']],
      [
        'Or',
        `<ogc:Or>${compare('EqualTo', 'Subject', 'Boden')}${compare('EqualTo', 'Type', 'service')}</ogc:Or>`,
        ['soil', 'aerial'],
      ],
      ['Not', `<ogc:Not>${bbox(6, 51, 7, 52)}</ogc:Not>`, ['soil']],
    ])('Filter: %s', async (_name, filter, expected) => {
      const res = resultsOf(await post(getRecordsXml(filter, { maxRecords: 3 })));
      const all = resultsOf(await post(getRecordsXml(filter, { resultType: 'hits' })));
      expect(all.matched).toBe(expected.length);
      expect(res.returned).toBe(Math.min(3, expected.length));
      for (const id of res.ids) expect(expected.map((k) => ids[k])).toContain(id);
    });

    it.each([
      ["AnyText LIKE '%grundwasser%'", ['water']],
      ["csw:AnyText ILIKE 'luftbild%' OR Title = 'Bodenkarte Bayern'", ['aerial', 'soil']],
      ['BBOX(ows:BoundingBox, 11, 48, 12, 49)', ['soil', 'aerial']],
      ["NOT Type = 'dataset' AND Modified >= '2001-01-01'", ['aerial']],
      ["(Subject = 'Boden' OR Subject = 'Gewässer') AND dc:type = 'dataset'", ['soil', 'lakes']],
      ["Modified BETWEEN '2000-01-01' AND '2999-12-31' AND Format = 'GeoTIFF'", ['water']],
    ])('CQL_TEXT: %s', async (cql, expected) => {
      const res = resultsOf(await getRecords({ constraintLanguage: 'CQL_TEXT', constraint: cql }));
      expect(new Set(res.ids)).toEqual(new Set(expected.map((k) => ids[k])));
      const posted = resultsOf(
        await post(
          getRecordsXml(undefined, { cql: cql.replace(/&/g, '&amp;').replace(/</g, '&lt;') }),
        ),
      );
      expect(posted.matched).toBe(expected.length);
    });

    it('matches LIKE patterns as the search API matches the same words and prefixes', async () => {
      const cases: [string, string][] = [
        ["AnyText LIKE 'grund%'", 'grund*'],
        ["AnyText LIKE '%grundwasser%'", 'grundwasser*'],
        ["Title LIKE 'boden%'", 'title:boden*'],
        ["Abstract LIKE 'bodenarten%'", 'abstract:bodenarten*'],
        ["Abstract LIKE '%bodenarten'", 'abstract:bodenarten'],
        ["AnyText LIKE 'seen nordrhein%'", 'seen nordrhein*'],
      ];
      for (const [cql, q] of cases) {
        const csw = resultsOf(
          await getRecords({ constraintLanguage: 'CQL_TEXT', constraint: cql }),
        );
        const api = await searchOk(t.app, searchUrl(q, { facets: false }));
        expect(csw.matched, cql).toBe(api.numFound);
        expect(new Set(csw.ids), cql).toEqual(new Set(api.docs.map((d) => d.id)));
      }
    });

    it('filters by record identifiers (ogc:FeatureId, ogc:GmlObjectId) with the same visibility', async () => {
      const filter = `<ogc:FeatureId fid="${ids.soil}"/><ogc:GmlObjectId gml:id="${ids.draft}"/><ogc:FeatureId fid="no such id!"/>`;
      const visitor = resultsOf(await post(getRecordsXml(filter)));
      expect(visitor).toMatchObject({ matched: 1, ids: [ids.soil] });
      const owner = resultsOf(await post(getRecordsXml(filter), tokens.owner));
      expect(owner.matched).toBe(2);
      expect(new Set(owner.ids)).toEqual(new Set([ids.soil, ids.draft]));
      const nested = exceptionOf(
        await post(getRecordsXml(`<ogc:Not><ogc:FeatureId fid="${ids.soil}"/></ogc:Not>`)),
      );
      expect(nested).toMatchObject({ status: 400, code: 'InvalidParameterValue' });
      expect(nested.text).toContain('FeatureId');
    });

    it('restricts to the records an Identifier comparison names, with the same visibility', async () => {
      const cql = async (constraint: string, token?: string) =>
        resultsOf(await getRecords({ constraintLanguage: 'CQL_TEXT', constraint }, token));
      expect((await cql(`Identifier = '${ids.soil}'`)).ids).toEqual([ids.soil]);
      const either = `apiso:Identifier = '${ids.soil}' OR Identifier = '${ids.draft}'`;
      expect(await cql(either)).toMatchObject({ matched: 1, ids: [ids.soil] });
      expect((await cql(either, tokens.owner)).matched).toBe(2);
      expect((await cql(`Identifier = '${ids.soil}' AND Type = 'dataset'`)).ids).toEqual([
        ids.soil,
      ]);
      expect((await cql(`Identifier = '${ids.aerial}' AND Type = 'dataset'`)).matched).toBe(0);
      const filter = `<ogc:And>${compare('EqualTo', 'dc:identifier', ids.water as string)}${bbox(6, 51, 7, 52)}</ogc:And>`;
      expect(resultsOf(await post(getRecordsXml(filter))).ids).toEqual([ids.water]);
      for (const refused of [`Identifier LIKE '${ids.soil}'`, `NOT Identifier = '${ids.soil}'`]) {
        const res = exceptionOf(
          await getRecords({ constraintLanguage: 'CQL_TEXT', constraint: refused }),
        );
        expect(res).toMatchObject({
          status: 400,
          code: 'InvalidParameterValue',
          locator: 'Constraint',
        });
        expect(res.text).toContain('Identifier is compared with PropertyIsEqualTo');
      }
    });

    it('takes a FILTER constraint by GET', async () => {
      const filter = `<ogc:Filter xmlns:ogc="http://www.opengis.net/ogc"><ogc:PropertyIsLike wildCard="*" singleChar="?" escapeChar="\\"><ogc:PropertyName>AnyText</ogc:PropertyName><ogc:Literal>*grundwasser*</ogc:Literal></ogc:PropertyIsLike></ogc:Filter>`;
      const res = resultsOf(
        await getRecords({
          constraintLanguage: 'FILTER',
          constraint_language_version: '1.1.0',
          constraint: filter,
        }),
      );
      expect(res.ids).toEqual([ids.water]);
    });

    it('writes the element sets brief, summary and full as Dublin Core', async () => {
      const q = { constraintLanguage: 'CQL_TEXT', constraint: "Title = 'Bodenkarte Bayern'" };
      const brief = resultsOf(await getRecords({ ...q, ElementSetName: 'brief' }));
      expect(brief.elementSet).toBe('brief');
      const record = brief.records[0];
      expect(
        Object.keys(record ?? {}).filter((k) => !k.startsWith('@') && !k.startsWith('#')),
      ).toEqual(['identifier', 'title', 'type', 'BoundingBox']);
      const summary = resultsOf(await getRecords({ ...q, ElementSetName: 'summary' })).records[0];
      expect(textOf(children(summary, 'abstract')[0])).toBe('Böden und Bodenarten Bayerns.');
      expect(children(summary, 'subject').map((s) => textOf(s))).toContain('Boden');
      const full = resultsOf(await getRecords({ ...q, ElementSetName: 'full' })).records[0];
      // The record's only contact is its point of contact, whom one asks, not who made it:
      // no dc:creator (records/dublin-core.ts; a creator is an originator).
      expect(children(full, 'creator')).toEqual([]);
      expect(children(full, 'language').map((l) => textOf(l))).toEqual(['ger', 'eng']);
      expect(textOf(children(full, 'rights')[0])).toBe('dl-de-by-2.0');
      const box = children(full, 'BoundingBox')[0];
      expect(textOf(children(box, 'LowerCorner')[0])).toBe('8.97 47.27');
    });

    it('writes only the elements ElementName names, in the order of the schema', async () => {
      const res = resultsOf(
        await getRecords({
          constraintLanguage: 'CQL_TEXT',
          constraint: "Title = 'Bodenkarte Bayern'",
          ElementName: 'ows:BoundingBox,dc:title,identifier,dct:abstract',
        }),
      );
      expect(res.elementSet).toBeUndefined();
      expect(
        Object.keys(res.records[0] ?? {}).filter((k) => !k.startsWith('@') && !k.startsWith('#')),
      ).toEqual(['identifier', 'title', 'abstract', 'BoundingBox']);
      const posted = resultsOf(
        await post(
          getRecordsXml(undefined, { maxRecords: 1 }).replace(
            '<csw:ElementSetName>brief</csw:ElementSetName>',
            '<csw:ElementName>dc:type</csw:ElementName>',
          ),
        ),
      );
      expect(Object.keys(posted.records[0] ?? {})).toEqual(['type']);
    });

    it('writes ISO 19139 for the gmd output schema', async () => {
      const res = resultsOf(
        await getRecords({
          outputSchema: 'http://www.isotc211.org/2005/gmd',
          typeNames: 'gmd:MD_Metadata',
          constraintLanguage: 'CQL_TEXT',
          constraint: "AnyText LIKE '%grundwasser%'",
        }),
      );
      expect(res.iso).toHaveLength(1);
      expect(res.ids).toEqual([ids.water]);
    });
  });

  describe('GetRecordById', () => {
    it('answers a record in Dublin Core and ISO 19139', async () => {
      const dc = await get({
        service: 'CSW',
        version: '2.0.2',
        request: 'GetRecordById',
        id: ids.soil as string,
        ElementSetName: 'full',
      });
      expect(dc.status).toBe(200);
      expect(dc.name).toBe('GetRecordByIdResponse');
      expect(textOf(children(children(dc.root, 'Record')[0], 'title')[0])).toBe(
        'Bodenkarte Bayern',
      );
      const iso = await post(
        `<csw:GetRecordById xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2" outputSchema="http://www.isotc211.org/2005/gmd"><csw:Id>${ids.soil}</csw:Id><csw:Id>${ids.water}</csw:Id><csw:ElementSetName>full</csw:ElementSetName></csw:GetRecordById>`,
      );
      const documents = children(iso.root, 'MD_Metadata');
      expect(
        documents.map((m) =>
          textOf(children(children(m, 'fileIdentifier')[0], 'CharacterString')[0]),
        ),
      ).toEqual([ids.soil, ids.water]);
    });

    it('answers nothing for an unknown id, a malformed id and a draft the caller may not read', async () => {
      for (const id of ['0123456789abcdef', 'not an id!', ids.draft as string]) {
        const res = await get({ service: 'CSW', version: '2.0.2', request: 'GetRecordById', id });
        expect(res.status).toBe(200);
        expect(res.name).toBe('GetRecordByIdResponse');
        expect(res.body).not.toContain('Entwurf');
        expect(children(res.root, 'SummaryRecord')).toHaveLength(0);
      }
    });
  });

  describe('GetDomain', () => {
    const domain = (params: Record<string, string>, token?: string) =>
      get({ service: 'CSW', version: '2.0.2', request: 'GetDomain', ...params }, token);
    const valuesOf = (res: Awaited<ReturnType<typeof domain>>) =>
      children(children(children(res.root, 'DomainValues')[0], 'ListOfValues')[0], 'Value').map(
        (v) => textOf(v),
      );

    it('lists the values of a request parameter', async () => {
      const res = await domain({ ParameterName: 'GetRecords.resultType' });
      expect(res.status).toBe(200);
      expect(res.name).toBe('GetDomainResponse');
      expect(valuesOf(res)).toEqual(['hits', 'results']);
      const posted = await post(
        '<csw:GetDomain xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2"><csw:ParameterName>GetRecords.CONSTRAINTLANGUAGE</csw:ParameterName></csw:GetDomain>',
      );
      expect(valuesOf(posted)).toEqual(['FILTER', 'CQL_TEXT']);
    });

    it("lists a queryable's values among the records the caller may see", async () => {
      expect(new Set(valuesOf(await domain({ PropertyName: 'dc:type' })))).toEqual(
        new Set(['dataset', 'service']),
      );
      const visitor = valuesOf(await domain({ PropertyName: 'Subject' }));
      expect(visitor).toContain('Boden');
      expect(visitor).not.toContain('Entwurfsgeheimnis');
      const owner = valuesOf(await domain({ PropertyName: 'Subject' }, tokens.owner));
      expect(owner).toContain('Entwurfsgeheimnis');
      expect(valuesOf(await domain({ PropertyName: 'apiso:Format' }))).toEqual(['GeoTIFF']);
    });

    it.each([
      [{}, 'MissingParameterValue', 'ParameterName'],
      [{ ParameterName: 'GetRecords.maxRecords' }, 'InvalidParameterValue', 'ParameterName'],
      [{ PropertyName: 'Title' }, 'InvalidParameterValue', 'PropertyName'],
      [
        { PropertyName: 'Type', ParameterName: 'GetRecords.resultType' },
        'InvalidParameterValue',
        'ParameterName',
      ],
    ])('%j → %s at %s', async (params, code, locator) => {
      expect(exceptionOf(await domain(params))).toMatchObject({ status: 400, code, locator });
    });
  });

  describe('visibility', () => {
    it('a visitor never finds the draft; its owner finds it; counts equal the search API for each', async () => {
      const q = { constraintLanguage: 'CQL_TEXT', constraint: "AnyText LIKE 'grundwasser'" };
      const visitor = resultsOf(await getRecords(q));
      expect(visitor.ids).toEqual([ids.water]);
      expect(visitor.matched).toBe((await searchOk(t.app, searchUrl('grundwasser'))).numFound);
      const owner = resultsOf(await getRecords(q, tokens.owner));
      expect(new Set(owner.ids)).toEqual(new Set([ids.water, ids.draft]));
      expect(owner.matched).toBe(
        (await searchOk(t.app, searchUrl('grundwasser'), tokens.owner)).numFound,
      );
      const other = resultsOf(await getRecords(q, tokens.other));
      expect(other.ids).toEqual([ids.water]);
      const byId = await get(
        { service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: ids.draft as string },
        tokens.owner,
      );
      expect(textOf(children(children(byId.root, 'SummaryRecord')[0], 'identifier')[0])).toBe(
        ids.draft,
      );
      const byIdOther = await get(
        { service: 'CSW', version: '2.0.2', request: 'GetRecordById', id: ids.draft as string },
        tokens.other,
      );
      expect(children(byIdOther.root, 'SummaryRecord')).toHaveLength(0);
    });
  });
  describe('PropertyIsNull (last: it adds a record)', () => {
    it('finds the records without a box; queryables every record has are never null', async () => {
      // createRecord lays the overrides over the complete fixture: an undefined extent drops its box.
      const withoutExtent = {
        title: { de: 'Ohne Ausdehnung', en: 'No extent' },
        abstract: { de: 'Ein Dienst ohne Box.', en: 'A service without a box.' },
        extent: undefined,
      };
      const noBox = await createRecord(t.app, tokens, withoutExtent, 'published', 'service');
      const isNull = `<ogc:PropertyIsNull><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName></ogc:PropertyIsNull>`;
      expect(resultsOf(await post(getRecordsXml(isNull))).ids).toEqual([noBox]);
      const notNull = resultsOf(
        await post(getRecordsXml(`<ogc:Not>${isNull}</ogc:Not>`, { resultType: 'hits' })),
      );
      expect(notNull.matched).toBe(4);
      const cql = (constraint: string) =>
        getRecords({ constraintLanguage: 'CQL_TEXT', constraint });
      expect(resultsOf(await cql('BoundingBox IS NULL')).ids).toEqual([noBox]);
      expect(resultsOf(await cql('Title IS NULL')).matched).toBe(0);
      expect(resultsOf(await cql('Modified IS NOT NULL')).matched).toBe(5);
      const refused = exceptionOf(await cql('Format IS NULL'));
      expect(refused).toMatchObject({
        status: 400,
        code: 'InvalidParameterValue',
        locator: 'Constraint',
      });
      expect(refused.text).toContain('PropertyIsNull cannot test Format');
    });
  });
});
