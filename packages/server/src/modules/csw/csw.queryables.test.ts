import type { ObjectState } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
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
  type CswAnswer,
  compare,
  cswGet,
  cswPost,
  exceptionOf,
  getRecordsXml,
  like,
  resultsOf,
} from './csw.test-helpers.js';

/**
 * The ISO AP queryable CRS, the INSPIRE additional queryables and the spatial operators
 * Intersects, Within, Contains and Disjoint over HTTP, as Filter Encoding and as CQL text:
 * the records each finds, the refusals, what a visitor finds against the owner of a draft,
 * and the counts beside the search API's for the same criteria.
 */

const NRW = { west: 5.87, south: 50.32, east: 9.46, north: 52.53 };
const BAVARIA = { west: 8.97, south: 47.27, east: 13.84, north: 50.56 };
const COLOGNE = { west: 6.8, south: 50.8, east: 7.1, north: 51.0 };
/** Fiji: across the antimeridian. */
const FIJI = { west: 177, south: -19, east: -178, north: -16 };

describe.each(testDatabases)('CSW queryables and spatial operators on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const ids: Record<string, string> = {};
  const post = (xml: string, token?: string) => cswPost(t.app, xml, token);
  /** The ids a filter finds (two pages of three), sorted, and the count. */
  const found = async (filter: string, token?: string) => {
    const first = resultsOf(await post(getRecordsXml(filter, { maxRecords: 3 }), token));
    const second = resultsOf(
      await post(getRecordsXml(filter, { maxRecords: 3, startPosition: 4 }), token),
    );
    return { matched: first.matched, ids: [...first.ids, ...second.ids].sort() };
  };
  /** The same for a CQL text; `res` is the first answer (an exception report, perhaps). */
  const cql = async (text: string, token?: string) => {
    const page = (startPosition: number) =>
      cswGet(
        t.app,
        {
          service: 'CSW',
          version: '2.0.2',
          request: 'GetRecords',
          typeNames: 'csw:Record',
          resultType: 'results',
          maxRecords: '3',
          startPosition: String(startPosition),
          constraintLanguage: 'CQL_TEXT',
          constraint: text,
        },
        token,
      );
    const res = await page(1);
    if (res.name !== 'GetRecordsResponse') return { matched: -1, ids: [], res };
    const first = resultsOf(res);
    const second = resultsOf(await page(4));
    return { matched: first.matched, ids: [...first.ids, ...second.ids].sort(), res };
  };
  /** The answer is a refusal of the constraint that says `text`. */
  const expectRefused = (answer: CswAnswer, text: string) => {
    const e = exceptionOf(answer);
    expect(e).toMatchObject({ status: 400, code: 'InvalidParameterValue', locator: 'Constraint' });
    expect(e.text).toContain(text);
  };
  const named = (...keys: string[]) => keys.map((k) => ids[k] as string).sort();
  const apiCount = async (fq: string[], token?: string) =>
    (await searchOk(t.app, searchUrl('*', { fq, facets: false }), token)).numFound;

  beforeAll(async () => {
    t = await createTestApp(database, { CSW_MAX_RECORDS: '3' });
    tokens = await searchAccounts(t.app);
    // name, metadata, state, type
    const records: [string, Partial<Metadata>, ObjectState?, string?][] = [
      [
        'water',
        {
          title: { de: 'Grundwassermessnetz', en: 'Groundwater network' },
          referenceSystem: 'EPSG:25832',
          contacts: [
            { organisation: 'Geologischer Dienst NRW', role: 'pointOfContact' },
            { organisation: 'Landesamt für Natur', role: 'custodian' },
          ],
          useConstraints: { de: 'Quellenvermerk erforderlich.', en: 'Attribution required.' },
          accessConstraints: {
            de: 'Keine Beschränkungen des öffentlichen Zugangs.',
            en: 'No limitations on public access.',
          },
          lineage: {
            de: 'Digitalisiert aus Luftbildern.',
            en: 'Digitised from aerial photographs.',
          },
          extent: NRW,
        },
      ],
      [
        'soil',
        {
          title: { de: 'Bodenkarte Bayern', en: 'Soil map of Bavaria' },
          referenceSystem: 'EPSG:3035',
          contacts: [
            { organisation: 'Landesamt für Umwelt', role: 'pointOfContact' },
            { organisation: 'Freistaat Bayern', role: 'owner' },
          ],
          licence: 'dl-de-zero-2.0',
          lineage: { de: 'Aus Bohrungen abgeleitet.', en: 'Derived from boreholes.' },
          extent: BAVARIA,
        },
      ],
      [
        'city',
        {
          title: { de: 'Stadtplan Köln', en: 'City map of Cologne' },
          accessConstraints: { en: 'Restricted to public authorities.' },
          extent: COLOGNE,
        },
        'published',
        'service',
      ],
      ['fiji', { title: { de: 'Korallenriffe Fidschi', en: 'Coral reefs of Fiji' }, extent: FIJI }],
      [
        'nowhere',
        { title: { de: 'Verzeichnisdienst', en: 'Directory service' }, extent: undefined },
        'published',
        'service',
      ],
      [
        'draft',
        {
          title: { de: 'Geheimer Entwurf', en: 'Secret draft' },
          referenceSystem: 'EPSG:31467',
          contacts: [{ organisation: 'Entwurfsamt', role: 'custodian' }],
          accessConstraints: { de: 'Nur intern.' },
        },
        'draft',
      ],
    ];
    for (const [name, metadata, state, type] of records) {
      ids[name] = await createRecord(t.app, tokens, metadata, state, type);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('CRS', () => {
    it('finds the records in a reference system, however the client names it', async () => {
      for (const name of [
        'EPSG:25832',
        'urn:ogc:def:crs:EPSG::25832',
        'http://www.opengis.net/def/crs/EPSG/0/25832',
      ]) {
        expect((await found(compare('EqualTo', 'apiso:CRS', name))).ids).toEqual(named('water'));
      }
      expect((await cql("CRS = 'EPSG:3035'")).ids).toEqual(named('soil'));
      expect((await found(compare('EqualTo', 'apiso:CRS', 'EPSG:4326'))).matched).toBe(0);
    });

    it("finds a draft's reference system for its owner only; counts equal the search API's", async () => {
      const draftCrs = compare('EqualTo', 'CRS', 'urn:ogc:def:crs:EPSG::31467');
      expect((await found(draftCrs)).matched).toBe(0);
      expect((await found(draftCrs, tokens.owner)).ids).toEqual(named('draft'));
      const others = await cql("CRS <> 'EPSG:25832'");
      expect(others.matched).toBe(await apiCount(['-crs:"EPSG:25832"']));
      expect(others.matched).toBe(4);
      expect((await found(compare('EqualTo', 'CRS', 'EPSG:25832'))).matched).toBe(
        await apiCount(['crs:"EPSG:25832"']),
      );
    });
  });

  describe('INSPIRE additional queryables', () => {
    it('ResponsiblePartyRole: the role codes of the contacts, also as code list URIs', async () => {
      const custodian = compare('EqualTo', 'apiso:ResponsiblePartyRole', 'custodian');
      expect((await found(custodian)).ids).toEqual(named('water'));
      expect((await found(custodian, tokens.owner)).ids).toEqual(named('water', 'draft'));
      expect(
        (
          await cql(
            "ResponsiblePartyRole = 'http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/owner'",
          )
        ).ids,
      ).toEqual(named('soil'));
      const contact = await found(compare('EqualTo', 'ResponsiblePartyRole', 'pointOfContact'));
      // Every record that may be submitted has a point of contact.
      expect(contact.ids).toEqual(named('water', 'soil', 'city', 'fiji', 'nowhere'));
      expect(contact.matched).toBe(await apiCount(['role:pointOfContact']));
    });

    it('AccessConstraints: otherRestrictions where the record states access constraints', async () => {
      const restricted = compare('EqualTo', 'apiso:AccessConstraints', 'otherRestrictions');
      expect((await found(restricted)).ids).toEqual(named('water', 'city'));
      expect((await found(restricted, tokens.owner)).ids).toEqual(named('water', 'city', 'draft'));
      expect((await found(restricted)).matched).toBe(
        await apiCount(['restriction:otherRestrictions']),
      );
      expect((await cql("AccessConstraints = 'copyright'")).matched).toBe(0);
    });

    it('OtherConstraints: the words of the licence, the use and the access constraints', async () => {
      expect((await found(like('apiso:OtherConstraints', '%quellenvermerk%'))).ids).toEqual(
        named('water'),
      );
      expect((await found(like('OtherConstraints', '%authorities%'))).ids).toEqual(named('city'));
      // The licence's name: "Datenlizenz Deutschland – Zero – Version 2.0".
      expect((await cql("OtherConstraints LIKE '%zero%'")).ids).toEqual(named('soil'));
      // Words elsewhere in the record are not constraints.
      expect((await cql("OtherConstraints LIKE '%korallenriffe%'")).matched).toBe(0);
    });

    it('ConditionApplyingToAccessAndUse: the licence and use constraints, not the access constraints', async () => {
      const condition = 'apiso:ConditionApplyingToAccessAndUse';
      expect(
        (await found(compare('EqualTo', condition, 'Quellenvermerk erforderlich'))).ids,
      ).toEqual(named('water'));
      expect((await found(like(condition, '%zero%'))).ids).toEqual(named('soil'));
      expect((await found(like(condition, '%authorities%'))).matched).toBe(0);
    });

    it('Lineage: words of the lineage statement, stemmed, and nothing else', async () => {
      // "Bohrung" finds "Bohrungen" by its German stem; a prefix finds the plain word.
      expect((await found(compare('EqualTo', 'apiso:Lineage', 'Bohrung'))).ids).toEqual(
        named('soil'),
      );
      expect((await cql("Lineage LIKE 'luftbild%'")).ids).toEqual(named('water'));
      // Every record's title or keywords name Grundwasser (the fixture's keyword) — not its lineage.
      expect((await cql("AnyText LIKE '%grundwasser%'")).matched).toBeGreaterThan(0);
      expect((await cql("Lineage LIKE '%grundwasser%'")).matched).toBe(0);
    });

    it('Degree, Classification and Specification: no record states them, every record is null', async () => {
      const all = await apiCount([]);
      expect(all).toBe(5);
      expect((await found(compare('EqualTo', 'apiso:Degree', 'true'))).matched).toBe(0);
      expect((await cql("Degree <> 'true'")).matched).toBe(all);
      expect((await cql('Degree IS NULL')).matched).toBe(all);
      expect((await cql("NOT Classification = 'secret'")).matched).toBe(all);
      expect((await cql("SpecificationTitle LIKE '%INSPIRE%'")).matched).toBe(0);
      expect((await cql("SpecificationDate > '2010-12-08'")).matched).toBe(0);
      expect(
        (await cql("SpecificationDateType = 'publication' OR Title = 'Stadtplan Köln'")).ids,
      ).toEqual(named('city'));
      expect((await cql('SpecificationDateType IS NOT NULL')).matched).toBe(0);
    });

    it('PropertyIsNull on a queryable whose absence is not indexed is refused', async () => {
      expectRefused((await cql('Lineage IS NULL')).res, 'PropertyIsNull cannot test Lineage');
    });

    it('names the additional queryables when a queryable is unknown', async () => {
      const e = exceptionOf((await cql("Creator = 'x'")).res);
      expect(e.code).toBe('InvalidParameterValue');
      expect(e.text).toContain('CRS');
      expect(e.text).toContain('ResponsiblePartyRole');
    });
  });

  describe('spatial operators', () => {
    const envelope = (w: number, s: number, e: number, n: number) =>
      `<gml:Envelope><gml:lowerCorner>${w} ${s}</gml:lowerCorner><gml:upperCorner>${e} ${n}</gml:upperCorner></gml:Envelope>`;
    const spatial = (op: string, geometry: string) =>
      `<ogc:${op}><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName>${geometry}</ogc:${op}>`;
    const polygon = (posList: string, srsName = 'EPSG:4326') =>
      `<gml:Polygon srsName="${srsName}"><gml:exterior><gml:LinearRing><gml:posList>${posList}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>`;

    it('Intersects with an envelope or a box polygon is BBOX; counts equal the search API', async () => {
      const bbox = await found(spatial('BBOX', envelope(6, 50.5, 9, 52)));
      expect(bbox.ids).toEqual(named('water', 'soil', 'city'));
      expect(await found(spatial('Intersects', envelope(6, 50.5, 9, 52)))).toEqual(bbox);
      expect(await found(spatial('Intersects', polygon('6 50.5 9 50.5 9 52 6 52 6 50.5')))).toEqual(
        bbox,
      );
      expect(bbox.matched).toBe(await apiCount(['bbox:6,50.5,9,52']));
      const text = await cql(
        'INTERSECTS(ows:BoundingBox, POLYGON((6 50.5, 6 52, 9 52, 9 50.5, 6 50.5)))',
      );
      expect(text.ids).toEqual(bbox.ids);
      expect((await cql('INTERSECTS(BoundingBox, ENVELOPE(6, 9, 52, 50.5))')).ids).toEqual(
        bbox.ids,
      );
    });

    it('Within keeps the records whose box lies inside, across the antimeridian too', async () => {
      expect((await found(spatial('Within', envelope(5.5, 50, 10, 53)))).ids).toEqual(
        named('water', 'city'),
      );
      // urn EPSG:4326 is latitude first.
      expect(
        (
          await found(
            spatial(
              'Within',
              polygon('50 5.5 50 10 53 10 53 5.5 50 5.5', 'urn:ogc:def:crs:EPSG::4326'),
            ),
          )
        ).ids,
      ).toEqual(named('water', 'city'));
      expect((await cql('WITHIN(BoundingBox, ENVELOPE(-180, 180, 90, -90))')).ids).toEqual(
        named('water', 'soil', 'city', 'fiji'),
      );
      // A box across the antimeridian: west 170, east -170.
      expect((await cql('WITHIN(BoundingBox, ENVELOPE(170, -170, -10, -25))')).ids).toEqual(
        named('fiji'),
      );
      expect((await cql('WITHIN(BoundingBox, ENVELOPE(170, 180, -10, -25))')).matched).toBe(0);
    });

    it('Contains keeps the records whose box holds the whole box', async () => {
      expect((await found(spatial('Contains', envelope(6.9, 50.9, 7, 50.95)))).ids).toEqual(
        named('water', 'city'),
      );
      expect((await cql('CONTAINS(BoundingBox, ENVELOPE(179, -179, -17, -18))')).ids).toEqual(
        named('fiji'),
      );
      expect((await cql('CONTAINS(BoundingBox, ENVELOPE(6, 10, 53, 50))')).matched).toBe(0);
    });

    it('Disjoint keeps the records with a box that does not meet it', async () => {
      expect((await found(spatial('Disjoint', envelope(6, 50.5, 9, 52)))).ids).toEqual(
        named('fiji'),
      );
      expect((await cql('DISJOINT(BoundingBox, ENVELOPE(-180, 0, 90, -90))')).ids).toEqual(
        named('water', 'soil', 'city'),
      );
      // Not(Within) keeps the records without a box, as Not keeps what is unknown.
      expect(
        (await found(`<ogc:Not>${spatial('Within', envelope(5.5, 50, 10, 53))}</ogc:Not>`)).ids,
      ).toEqual(named('soil', 'fiji', 'nowhere'));
    });

    it.each([
      [
        'a polygon that is not a box',
        spatial('Intersects', polygon('6 50 9 50 7 52 6 50')),
        'is a box',
      ],
      [
        'an unclosed ring',
        spatial('Within', polygon('6 50 9 50 9 52 6 52 6 51')),
        'end where it starts',
      ],
      [
        'an operator the index does not answer',
        spatial('Overlaps', envelope(6, 50, 9, 52)),
        'Within',
      ],
      [
        'no geometry',
        '<ogc:Within><ogc:PropertyName>BoundingBox</ogc:PropertyName></ogc:Within>',
        'gml:Envelope',
      ],
      [
        'another queryable',
        `<ogc:Within><ogc:PropertyName>Title</ogc:PropertyName>${envelope(6, 50, 9, 52)}</ogc:Within>`,
        'BoundingBox only',
      ],
    ])('refuses %s', async (_, filter, text) => {
      expectRefused(await post(getRecordsXml(filter)), text);
    });

    it.each([
      ['OVERLAPS(BoundingBox, ENVELOPE(6, 9, 52, 50))', 'OVERLAPS is not supported'],
      ['WITHIN(BoundingBox, LINESTRING(6 50, 9 52))', 'ENVELOPE'],
      ['WITHIN(BoundingBox, ENVELOPE(6, 9, 52))', '","'],
      ['INTERSECTS(BoundingBox, POLYGON((6 50, 9 50, 7 52, 6 50)))', 'is a box'],
    ])('refuses the CQL %s', async (text, message) => {
      expectRefused((await cql(text)).res, message);
    });
  });

  describe('capabilities and domains', () => {
    it('lists CRS, the additional queryables and the spatial operators', async () => {
      const res = await cswGet(t.app, { service: 'CSW', request: 'GetCapabilities' });
      const getRecords = children(children(res.root, 'OperationsMetadata')[0], 'Operation').find(
        (o) => o['@name'] === 'GetRecords',
      );
      const constraint = (name: string) =>
        children(
          children(getRecords, 'Constraint').find((c) => c['@name'] === name),
          'Value',
        ).map((v) => textOf(v));
      expect(constraint('SupportedISOQueryables')).toContain('apiso:CRS');
      expect(constraint('AdditionalQueryables')).toEqual([
        'apiso:Degree',
        'apiso:AccessConstraints',
        'apiso:OtherConstraints',
        'apiso:Classification',
        'apiso:ConditionApplyingToAccessAndUse',
        'apiso:Lineage',
        'apiso:ResponsiblePartyRole',
        'apiso:SpecificationTitle',
        'apiso:SpecificationDate',
        'apiso:SpecificationDateType',
      ]);
      const spatialCaps = children(
        children(res.root, 'Filter_Capabilities')[0],
        'Spatial_Capabilities',
      )[0];
      expect(
        children(children(spatialCaps, 'SpatialOperators')[0], 'SpatialOperator').map(
          (o) => o['@name'],
        ),
      ).toEqual(['BBOX', 'Intersects', 'Within', 'Contains', 'Disjoint']);
    });

    it('GetDomain lists the values of CRS, ResponsiblePartyRole and AccessConstraints the caller may see', async () => {
      const domain = async (name: string, token?: string) => {
        const res = await cswGet(
          t.app,
          { service: 'CSW', version: '2.0.2', request: 'GetDomain', PropertyName: name },
          token,
        );
        expect(res.name).toBe('GetDomainResponse');
        const values = children(res.root, 'DomainValues')[0];
        return children(children(values, 'ListOfValues')[0], 'Value').map((v) => textOf(v));
      };
      expect(new Set(await domain('apiso:CRS'))).toEqual(new Set(['EPSG:25832', 'EPSG:3035']));
      expect(new Set(await domain('CRS', tokens.owner))).toEqual(
        new Set(['EPSG:25832', 'EPSG:3035', 'EPSG:31467']),
      );
      // The most frequent first.
      expect(await domain('ResponsiblePartyRole')).toEqual([
        'pointOfContact',
        'custodian',
        'owner',
      ]);
      expect(await domain('AccessConstraints')).toEqual(['otherRestrictions']);
      expect(await domain('Degree')).toEqual([]);
    });
  });
});
