import type { BoundingBox } from '@geoportal/contract/record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { children, descend, first, textOf } from '../../xml/xml-document.js';
import { createRecord, searchAccounts } from '../search/search.test-helpers.js';
import {
  type CswAnswer,
  cswGet,
  cswOperation,
  cswPost,
  exceptionOf,
  resultsOf,
} from './csw.test-helpers.js';

/**
 * Requests in the style of the OGC CITE test suite for CSW 2.0.2 (the executable test suite
 * the OGC runs, and pycsw's `cite` suite that replays it): full XML requests with the
 * suite's namespaces and wildcard characters, each comparison operator, And/Or/Not, BBOX,
 * element sets and ElementName, hits/results/validate, sorting, paging, GetRecordById and
 * the exceptions. The fixture is a catalogue of our own built through the API; every
 * expected identifier and count below is written out by hand from that fixture, not
 * computed by the code under test.
 *
 * The fixture (published unless said otherwise; titles sort by their German form):
 *
 * | key       | type    | German title                  | keywords              | organisation          | formats   | extent (W S E N)        | reference date |
 * |-----------|---------|-------------------------------|-----------------------|-----------------------|-----------|-------------------------|----------------|
 * | dunes     | dataset | Dünenkarte Sylt               | Küste, Naturschutz    | Landesamt Nord        | GeoTIFF   | 8.2 54.7 8.5 55.1       | 2021-07-01     |
 * | geocoder  | service | Geokodierungsdienst Adressen  | Adressen              | Verkehrsverbund Mitte | –         | none                    | 2016-01-01     |
 * | glaciers  | series  | Gletscherinventar Alpen       | Gletscher, Klima      | Landesamt Süd         | Shapefile | 10.0 47.2 13.0 47.7     | 2017-11-11     |
 * | moor      | dataset | Moorkataster Nordheide        | Moor, Naturschutz     | Landesamt Nord        | Shapefile | 9.5 53.0 10.5 53.6      | 2020-02-10     |
 * | tramways  | service | Straßenbahnnetz Dienst        | Verkehr               | Verkehrsverbund Mitte | –         | 13.2 52.4 13.6 52.6     | 2022-03-03     |
 * | vineyards | dataset | Weinbergslagen Mosel          | Weinbau               | Landesamt Süd         | GeoTIFF   | 6.5 49.6 7.3 50.2       | 2018-09-15     |
 * | draft     | dataset | Moorkataster Entwurf (a draft, never found by a visitor) | Moor, Naturschutz | Landesamt Nord | GeoTIFF | 9.5 53.0 10.5 53.6 | 2023-01-01 |
 */

const box = (west: number, south: number, east: number, north: number): BoundingBox => ({
  west,
  south,
  east,
  north,
});

type Key = 'dunes' | 'geocoder' | 'glaciers' | 'moor' | 'tramways' | 'vineyards' | 'draft';

const ALL_PUBLISHED: Key[] = ['dunes', 'geocoder', 'glaciers', 'moor', 'tramways', 'vineyards'];

const CSW_NAMESPACES = [
  'xmlns:csw="http://www.opengis.net/cat/csw/2.0.2"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:dct="http://purl.org/dc/terms/"',
  'xmlns:gml="http://www.opengis.net/gml"',
  'xmlns:ogc="http://www.opengis.net/ogc"',
  'xmlns:ows="http://www.opengis.net/ows"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
].join(' ');

interface GetRecordsOptions {
  resultType?: string;
  maxRecords?: number;
  startPosition?: number;
  outputSchema?: string;
  outputFormat?: string;
  typeNames?: string;
  elementSet?: string;
  elementNames?: string[];
  filter?: string;
  sortBy?: [string, 'ASC' | 'DESC'][];
}

/** A GetRecords request as the CITE suite writes them. */
function getRecords(o: GetRecordsOptions = {}): string {
  const attributes = [
    'service="CSW"',
    'version="2.0.2"',
    `resultType="${o.resultType ?? 'results'}"`,
    o.maxRecords !== undefined ? `maxRecords="${o.maxRecords}"` : '',
    o.startPosition !== undefined ? `startPosition="${o.startPosition}"` : '',
    o.outputSchema ? `outputSchema="${o.outputSchema}"` : '',
    o.outputFormat ? `outputFormat="${o.outputFormat}"` : '',
  ].join(' ');
  const selection = o.elementNames
    ? o.elementNames.map((n) => `<csw:ElementName>${n}</csw:ElementName>`).join('')
    : `<csw:ElementSetName>${o.elementSet ?? 'brief'}</csw:ElementSetName>`;
  const constraint = o.filter
    ? `<csw:Constraint version="1.1.0"><ogc:Filter>${o.filter}</ogc:Filter></csw:Constraint>`
    : '';
  const sort = o.sortBy
    ? `<ogc:SortBy>${o.sortBy
        .map(
          ([name, order]) =>
            `<ogc:SortProperty><ogc:PropertyName>${name}</ogc:PropertyName><ogc:SortOrder>${order}</ogc:SortOrder></ogc:SortProperty>`,
        )
        .join('')}</ogc:SortBy>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<csw:GetRecords ${attributes} ${CSW_NAMESPACES}>
  <csw:Query typeNames="${o.typeNames ?? 'csw:Record'}">
    ${selection}
    ${constraint}
    ${sort}
  </csw:Query>
</csw:GetRecords>`;
}

const literal = (op: string, property: string, value: string, attributes = '') =>
  `<ogc:PropertyIs${op}${attributes}><ogc:PropertyName>${property}</ogc:PropertyName><ogc:Literal>${value}</ogc:Literal></ogc:PropertyIs${op}>`;
/** PropertyIsLike with the CITE suite's wildcards: `*` any, `.` one, `\` escape. */
const like = (property: string, pattern: string) =>
  `<ogc:PropertyIsLike wildCard="*" singleChar="." escapeChar="\\"><ogc:PropertyName>${property}</ogc:PropertyName><ogc:Literal>${pattern}</ogc:Literal></ogc:PropertyIsLike>`;
const between = (property: string, lower: string, upper: string) =>
  `<ogc:PropertyIsBetween><ogc:PropertyName>${property}</ogc:PropertyName><ogc:LowerBoundary><ogc:Literal>${lower}</ogc:Literal></ogc:LowerBoundary><ogc:UpperBoundary><ogc:Literal>${upper}</ogc:Literal></ogc:UpperBoundary></ogc:PropertyIsBetween>`;
const isNull = (property: string) =>
  `<ogc:PropertyIsNull><ogc:PropertyName>${property}</ogc:PropertyName></ogc:PropertyIsNull>`;
/** BBOX in longitude/latitude order (no srsName, as OWSLib sends it). */
const bbox = (west: number, south: number, east: number, north: number) =>
  `<ogc:BBOX><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName><gml:Envelope><gml:lowerCorner>${west} ${south}</gml:lowerCorner><gml:upperCorner>${east} ${north}</gml:upperCorner></gml:Envelope></ogc:BBOX>`;
/** BBOX as the CITE suite writes it: EPSG 4326 by URN, latitude first. */
const bboxLatLon = (south: number, west: number, north: number, east: number) =>
  `<ogc:BBOX><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName><gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>${south} ${west}</gml:lowerCorner><gml:upperCorner>${north} ${east}</gml:upperCorner></gml:Envelope></ogc:BBOX>`;
const and = (...parts: string[]) => `<ogc:And>${parts.join('')}</ogc:And>`;
const or = (...parts: string[]) => `<ogc:Or>${parts.join('')}</ogc:Or>`;
const not = (part: string) => `<ogc:Not>${part}</ogc:Not>`;

/** Northern Germany around Hamburg and Sylt: dunes and moor. */
const NORTH = [8.0, 52.5, 11.0, 55.5] as const;

describe.each(testDatabases)('CSW in the style of the CITE suite on $name', (database) => {
  let t: TestApp;
  const ids = {} as Record<Key, string>;
  const keyOf = (id: string) =>
    (Object.entries(ids).find(([, value]) => value === id)?.[0] ?? id) as Key;
  const post = (xml: string) => cswPost(t.app, xml);
  /** Keys of the records answered, in the order answered. */
  const keys = (answer: CswAnswer) => resultsOf(answer).ids.map(keyOf);
  const sorted = (list: Key[]) => [...list].sort();

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL: 'https://cite.example.org' });
    const tokens = await searchAccounts(t.app);
    // key, type, German and English title, keywords, organisation, formats, extent, date.
    const fixture: [
      Key,
      string,
      string,
      string,
      string[],
      string,
      string[],
      BoundingBox | undefined,
      string,
    ][] = [
      [
        'moor',
        'dataset',
        'Moorkataster Nordheide',
        'Bog register of the northern heath',
        ['Moor', 'Naturschutz'],
        'Landesamt Nord',
        ['Shapefile'],
        box(9.5, 53.0, 10.5, 53.6),
        '2020-02-10',
      ],
      [
        'dunes',
        'dataset',
        'Dünenkarte Sylt',
        'Dune map of Sylt',
        ['Küste', 'Naturschutz'],
        'Landesamt Nord',
        ['GeoTIFF'],
        box(8.2, 54.7, 8.5, 55.1),
        '2021-07-01',
      ],
      [
        'vineyards',
        'dataset',
        'Weinbergslagen Mosel',
        'Vineyard sites of the Moselle',
        ['Weinbau'],
        'Landesamt Süd',
        ['GeoTIFF'],
        box(6.5, 49.6, 7.3, 50.2),
        '2018-09-15',
      ],
      [
        'tramways',
        'service',
        'Straßenbahnnetz Dienst',
        'Tram network service',
        ['Verkehr'],
        'Verkehrsverbund Mitte',
        [],
        box(13.2, 52.4, 13.6, 52.6),
        '2022-03-03',
      ],
      [
        'glaciers',
        'series',
        'Gletscherinventar Alpen',
        'Glacier inventory of the Alps',
        ['Gletscher', 'Klima'],
        'Landesamt Süd',
        ['Shapefile'],
        box(10.0, 47.2, 13.0, 47.7),
        '2017-11-11',
      ],
      [
        'geocoder',
        'service',
        'Geokodierungsdienst Adressen',
        'Address geocoding service',
        ['Adressen'],
        'Verkehrsverbund Mitte',
        [],
        undefined,
        '2016-01-01',
      ],
      [
        'draft',
        'dataset',
        'Moorkataster Entwurf',
        'Bog register draft',
        ['Moor', 'Naturschutz'],
        'Landesamt Nord',
        ['GeoTIFF'],
        box(9.5, 53.0, 10.5, 53.6),
        '2023-01-01',
      ],
    ];
    // One after the other: the order of creation is the order of the table.
    for (const [
      key,
      type,
      de,
      en,
      keywords,
      organisation,
      formats,
      extent,
      publication,
    ] of fixture) {
      ids[key] = await createRecord(
        t.app,
        tokens,
        {
          title: { de, en },
          abstract: { de: `Datensatz ${de}.`, en: `Record ${en}.` },
          keywords,
          contacts: [{ organisation, email: 'kontakt@example.org', role: 'pointOfContact' }],
          formats: formats.map((name) => ({ name })),
          extent,
          dates: { publication },
          onlineResources: [],
        },
        key === 'draft' ? 'draft' : 'published',
        type,
      );
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('comparison operators', () => {
    it.each<[string, string, Key[]]>([
      ['PropertyIsEqualTo dc:title', literal('EqualTo', 'dc:title', 'Dünenkarte Sylt'), ['dunes']],
      [
        'PropertyIsEqualTo dc:subject',
        literal('EqualTo', 'dc:subject', 'Naturschutz'),
        ['dunes', 'moor'],
      ],
      [
        'PropertyIsEqualTo apiso:OrganisationName',
        literal('EqualTo', 'apiso:OrganisationName', 'Landesamt Süd'),
        ['glaciers', 'vineyards'],
      ],
      [
        'PropertyIsEqualTo dc:format',
        literal('EqualTo', 'dc:format', 'GeoTIFF'),
        ['dunes', 'vineyards'],
      ],
      ['PropertyIsEqualTo dc:type', literal('EqualTo', 'dc:type', 'series'), ['glaciers']],
      [
        'PropertyIsNotEqualTo dc:type',
        literal('NotEqualTo', 'dc:type', 'dataset'),
        ['geocoder', 'glaciers', 'tramways'],
      ],
      ['PropertyIsLike dc:title, trailing wildcard', like('dc:title', 'Moor*'), ['moor']],
      [
        'PropertyIsLike csw:AnyText, both wildcards',
        like('csw:AnyText', '*naturschutz*'),
        ['dunes', 'moor'],
      ],
      ['PropertyIsLike dc:subject', like('dc:subject', 'Klim*'), ['glaciers']],
      [
        'PropertyIsLike matches words, not inner parts of words',
        like('dc:title', '*kataster*'),
        [],
      ],
      [
        'PropertyIsGreaterThanOrEqualTo dct:modified',
        literal('GreaterThanOrEqualTo', 'dct:modified', '2000-01-01'),
        ALL_PUBLISHED,
      ],
      [
        'PropertyIsGreaterThan dct:modified',
        literal('GreaterThan', 'dct:modified', '2999-12-31'),
        [],
      ],
      [
        'PropertyIsLessThan apiso:Modified',
        literal('LessThan', 'apiso:Modified', '2000-01-01'),
        [],
      ],
      [
        'PropertyIsLessThanOrEqualTo apiso:Modified',
        literal('LessThanOrEqualTo', 'apiso:Modified', '2999-12-31'),
        ALL_PUBLISHED,
      ],
      [
        'PropertyIsBetween apiso:Modified',
        between('apiso:Modified', '2000-01-01', '2999-12-31'),
        ALL_PUBLISHED,
      ],
      ['PropertyIsNull ows:BoundingBox', isNull('ows:BoundingBox'), ['geocoder']],
    ])('%s', async (_name, filter, expected) => {
      const answer = await post(getRecords({ filter, maxRecords: 20 }));
      expect(answer.status).toBe(200);
      expect(sorted(keys(answer))).toEqual(sorted(expected));
      expect(resultsOf(answer).matched).toBe(expected.length);
    });
  });

  describe('spatial and logical operators', () => {
    it.each<[string, string, Key[]]>([
      ['BBOX, longitude first', bbox(...NORTH), ['dunes', 'moor']],
      ['BBOX, EPSG:4326 by URN, latitude first', bboxLatLon(47.0, 9.0, 48.0, 14.0), ['glaciers']],
      [
        'Not BBOX (a record without extent is kept)',
        not(bbox(...NORTH)),
        ['geocoder', 'glaciers', 'tramways', 'vineyards'],
      ],
      [
        'Not PropertyIsNull',
        not(isNull('ows:BoundingBox')),
        ['dunes', 'glaciers', 'moor', 'tramways', 'vineyards'],
      ],
      [
        'And of a comparison and a BBOX',
        and(literal('EqualTo', 'dc:subject', 'Naturschutz'), bbox(8.0, 54.5, 8.8, 55.2)),
        ['dunes'],
      ],
      [
        'Or of two comparisons',
        or(
          literal('EqualTo', 'dc:title', 'Weinbergslagen Mosel'),
          literal('EqualTo', 'dc:type', 'series'),
        ),
        ['glaciers', 'vineyards'],
      ],
      [
        'Not of a comparison',
        not(literal('EqualTo', 'dc:type', 'dataset')),
        ['geocoder', 'glaciers', 'tramways'],
      ],
      [
        'And of Or and Not',
        and(
          or(
            literal('EqualTo', 'dc:subject', 'Naturschutz'),
            literal('EqualTo', 'dc:subject', 'Weinbau'),
          ),
          not(literal('EqualTo', 'dc:format', 'Shapefile')),
        ),
        ['dunes', 'vineyards'],
      ],
      [
        'Or of a BBOX and a comparison',
        or(bbox(...NORTH), literal('EqualTo', 'apiso:OrganisationName', 'Verkehrsverbund Mitte')),
        ['dunes', 'geocoder', 'moor', 'tramways'],
      ],
    ])('%s', async (_name, filter, expected) => {
      const answer = await post(getRecords({ filter, maxRecords: 20 }));
      expect(answer.status).toBe(200);
      expect(sorted(keys(answer))).toEqual(sorted(expected));
      expect(resultsOf(answer).matched).toBe(expected.length);
    });

    it('finds records by ogc:FeatureId and by Identifier, never a draft', async () => {
      const byFeatureId = await post(
        getRecords({
          filter: `<ogc:FeatureId fid="${ids.glaciers}"/><ogc:FeatureId fid="${ids.draft}"/>`,
        }),
      );
      expect(keys(byFeatureId)).toEqual(['glaciers']);
      const byIdentifier = await post(
        getRecords({
          filter: or(
            literal('EqualTo', 'dc:identifier', ids.dunes),
            literal('EqualTo', 'dc:identifier', ids.draft),
          ),
        }),
      );
      expect(keys(byIdentifier)).toEqual(['dunes']);
    });

    it('the same filter as CQL text by GET', async () => {
      const answer = await cswOperation(t.app, 'GetRecords', {
        constraintLanguage: 'CQL_TEXT',
        constraint: "dc:subject = 'Naturschutz' AND BBOX(ows:BoundingBox, 8.0, 54.5, 8.8, 55.2)",
      });
      expect(keys(answer)).toEqual(['dunes']);
    });
  });

  describe('result types', () => {
    it('hits: the count without records', async () => {
      const answer = await post(getRecords({ resultType: 'hits' }));
      expect(resultsOf(answer)).toMatchObject({ matched: 6, returned: 0, next: 0, ids: [] });
    });

    it('results with maxRecords="0": the count without records, the next record is the first', async () => {
      const answer = await post(getRecords({ maxRecords: 0 }));
      expect(resultsOf(answer)).toMatchObject({ matched: 6, returned: 0, next: 1, ids: [] });
    });

    it('results: the records, ten by default', async () => {
      const answer = await post(getRecords());
      expect(resultsOf(answer)).toMatchObject({ matched: 6, returned: 6, next: 0 });
      expect(sorted(keys(answer))).toEqual(ALL_PUBLISHED);
    });

    it('validate: an Acknowledgement echoing the request, no search results', async () => {
      const request = getRecords({ resultType: 'validate', filter: like('csw:AnyText', '*moor*') });
      const answer = await post(request);
      expect(answer.status).toBe(200);
      expect(answer.name).toBe('Acknowledgement');
      expect(children(answer.root, 'EchoedRequest')).toHaveLength(1);
      expect(first(answer.root, 'EchoedRequest', 'GetRecords')?.['@resultType']).toBe('validate');
      expect(answer.body).not.toContain('SearchResults');
    });
  });

  describe('element sets and ElementName', () => {
    const dunesOnly = literal('EqualTo', 'dc:title', 'Dünenkarte Sylt');

    it.each([
      ['brief', 'BriefRecord', ['identifier', 'title', 'type', 'BoundingBox']],
      [
        'summary',
        'SummaryRecord',
        ['identifier', 'title', 'type', 'subject', 'format', 'modified', 'abstract', 'BoundingBox'],
      ],
      [
        'full',
        'Record',
        [
          'identifier',
          'title',
          'type',
          'subject',
          'format',
          // No creator: the fixture's contacts are points of contact, not originators.
          'date',
          'language',
          'rights',
          'modified',
          'abstract',
          'BoundingBox',
        ],
      ],
    ])('ElementSetName %s answers csw:%s with its elements', async (set, name, elements) => {
      const answer = await post(getRecords({ elementSet: set, filter: dunesOnly }));
      const results = resultsOf(answer);
      expect(results.elementSet).toBe(set);
      const [record] = children(first(answer.root, 'SearchResults'), name);
      expect(record).toBeDefined();
      expect(Object.keys(record ?? {}).filter((k) => !k.startsWith('@'))).toEqual(
        expect.arrayContaining(elements),
      );
      expect(Object.keys(record ?? {}).filter((k) => !k.startsWith('@'))).toHaveLength(
        elements.length,
      );
      expect(textOf(first(record, 'title'))).toBe('Dünenkarte Sylt');
      expect(textOf(first(record, 'type'))).toBe('dataset');
      expect(textOf(first(record, 'BoundingBox', 'LowerCorner'))).toBe('8.2 54.7');
    });

    it('ElementName answers a csw:Record with only the named elements', async () => {
      const answer = await post(
        getRecords({
          elementNames: ['dc:identifier', 'dc:type', 'dc:date'],
          filter: dunesOnly,
        }),
      );
      const [record] = descend(answer.root, 'SearchResults', 'Record');
      expect(Object.keys(record ?? {}).sort()).toEqual(['date', 'identifier', 'type']);
      expect(textOf(first(record, 'identifier'))).toBe(ids.dunes);
      expect(textOf(first(record, 'date'))).toBe('2021-07-01');
    });

    it('ISO 19139 output for the same query', async () => {
      const answer = await post(
        getRecords({
          elementSet: 'full',
          outputSchema: 'http://www.isotc211.org/2005/gmd',
          filter: dunesOnly,
        }),
      );
      const results = resultsOf(answer);
      expect(results.iso).toHaveLength(1);
      expect(results.ids).toEqual([ids.dunes]);
    });
  });

  describe('sorting and paging', () => {
    it.each<[string, [string, 'ASC' | 'DESC'][], Key[]]>([
      [
        'dc:title ascending',
        [['dc:title', 'ASC']],
        ['dunes', 'geocoder', 'glaciers', 'moor', 'tramways', 'vineyards'],
      ],
      [
        'dc:title descending',
        [['dc:title', 'DESC']],
        ['vineyards', 'tramways', 'moor', 'glaciers', 'geocoder', 'dunes'],
      ],
      [
        'dc:date descending',
        [['dc:date', 'DESC']],
        ['tramways', 'dunes', 'moor', 'vineyards', 'glaciers', 'geocoder'],
      ],
      [
        'apiso:RevisionDate ascending',
        [['apiso:RevisionDate', 'ASC']],
        ['geocoder', 'glaciers', 'vineyards', 'moor', 'dunes', 'tramways'],
      ],
    ])('SortBy %s', async (_name, sortBy, expected) => {
      const answer = await post(getRecords({ sortBy, maxRecords: 10 }));
      expect(keys(answer)).toEqual(expected);
    });

    it('pages through the records with startPosition and maxRecords', async () => {
      const page = async (startPosition: number) =>
        resultsOf(
          await post(getRecords({ sortBy: [['dc:title', 'ASC']], maxRecords: 2, startPosition })),
        );
      const first = await page(1);
      expect(first).toMatchObject({ matched: 6, returned: 2, next: 3 });
      expect(first.ids.map(keyOf)).toEqual(['dunes', 'geocoder']);
      const second = await page(3);
      expect(second).toMatchObject({ matched: 6, returned: 2, next: 5 });
      expect(second.ids.map(keyOf)).toEqual(['glaciers', 'moor']);
      const last = await page(5);
      expect(last).toMatchObject({ matched: 6, returned: 2, next: 0 });
      expect(last.ids.map(keyOf)).toEqual(['tramways', 'vineyards']);
      const beyond = await page(7);
      expect(beyond).toMatchObject({ matched: 6, returned: 0, next: 0, ids: [] });
      // Harvesters page through catalogues of any size: deep starts are answered, not refused.
      const deep = await page(250_001);
      expect(deep).toMatchObject({ matched: 6, returned: 0, next: 0, ids: [] });
    });

    it('pages by GET as well, startPosition 3 of 5', async () => {
      const answer = await cswOperation(t.app, 'GetRecords', {
        ElementSetName: 'summary',
        sortBy: 'dc:title:D',
        startPosition: '3',
        maxRecords: '3',
      });
      expect(resultsOf(answer)).toMatchObject({ matched: 6, returned: 3, next: 6 });
      expect(keys(answer)).toEqual(['moor', 'glaciers', 'geocoder']);
    });
  });

  describe('GetRecordById', () => {
    it('answers the records asked for, in both output schemas, never the draft', async () => {
      const brief = await cswGet(t.app, {
        Service: 'CSW',
        Version: '2.0.2',
        Request: 'GetRecordById',
        ElementSetName: 'brief',
        ID: ids.moor,
      });
      expect(brief.status).toBe(200);
      expect(brief.name).toBe('GetRecordByIdResponse');
      expect(descend(brief.root, 'BriefRecord', 'identifier').map((i) => textOf(i))).toEqual([
        ids.moor,
      ]);

      const several = await cswOperation(t.app, 'GetRecordById', {
        id: [ids.vineyards, 'urn:uuid:00000000-0000-0000-0000-000000000000', ids.draft].join(','),
      });
      expect(descend(several.root, 'SummaryRecord', 'identifier').map((i) => textOf(i))).toEqual([
        ids.vineyards,
      ]);

      const iso = await cswOperation(t.app, 'GetRecordById', {
        id: ids.glaciers,
        outputSchema: 'http://www.isotc211.org/2005/gmd',
      });
      expect(
        descend(iso.root, 'MD_Metadata', 'fileIdentifier', 'CharacterString').map((c) => textOf(c)),
      ).toEqual([ids.glaciers]);
    });

    it('answers an unknown identifier with an empty response, not an exception', async () => {
      const answer = await cswOperation(t.app, 'GetRecordById', {
        id: 'urn:uuid:ce8627a0-0000-11db-bd13-0800200c9a66',
      });
      expect(answer.status).toBe(200);
      expect(answer.name).toBe('GetRecordByIdResponse');
      expect(Object.keys(answer.root).filter((k) => !/^[@#]/.test(k))).toEqual([]);
    });
  });

  describe('exceptions', () => {
    it.each<[string, Record<string, string>, string, string]>([
      ['no service', { request: 'GetCapabilities' }, 'MissingParameterValue', 'service'],
      [
        'another service',
        { service: 'FOO', request: 'GetCapabilities' },
        'InvalidParameterValue',
        'service',
      ],
      [
        'no accepted version offered',
        { SERVICE: 'CSW', REQUEST: 'GetCapabilities', ACCEPTVERSIONS: '2006.10.29' },
        'VersionNegotiationFailed',
        'acceptVersions',
      ],
      [
        'GetRecordById without Id',
        { service: 'CSW', version: '2.0.2', request: 'GetRecordById' },
        'MissingParameterValue',
        'Id',
      ],
      [
        'GetRecordById with an output format not offered',
        {
          Service: 'CSW',
          Version: '2.0.2',
          Request: 'GetRecordById',
          OutputFormat: 'application/bogus_xml',
          id: 'x',
        },
        'InvalidParameterValue',
        'outputFormat',
      ],
      [
        'GetRecordById with an output schema not offered',
        {
          Service: 'CSW',
          Version: '2.0.2',
          Request: 'GetRecordById',
          OutputSchema: 'http://www.w3.org/2005/Atom',
          Id: 'x',
        },
        'InvalidParameterValue',
        'outputSchema',
      ],
      [
        'an operation not offered',
        { service: 'CSW', version: '2.0.2', request: 'Transaction' },
        'OperationNotSupported',
        'Transaction',
      ],
    ])('GET: %s', async (_name, params, code, locator) => {
      const answer = await cswGet(t.app, params);
      expect(exceptionOf(answer)).toMatchObject({ status: 400, code, locator });
    });

    it.each<[string, string, string, string]>([
      [
        'an output format not offered',
        getRecords({ outputFormat: 'application/xhtml+xml', maxRecords: 5 }),
        'InvalidParameterValue',
        'outputFormat',
      ],
      [
        'an output schema not offered',
        getRecords({ outputSchema: 'http://www.w3.org/2005/Atom', maxRecords: 5 }),
        'InvalidParameterValue',
        'outputSchema',
      ],
      [
        'a type name not offered',
        getRecords({ typeNames: 'wfs:FeatureType' }),
        'InvalidParameterValue',
        'typeNames',
      ],
      [
        'an element set that does not exist',
        getRecords({ elementSet: 'complete' }),
        'InvalidParameterValue',
        'ElementSetName',
      ],
      [
        'a queryable that does not exist',
        getRecords({ filter: literal('EqualTo', 'dc:colour', 'blue') }),
        'InvalidParameterValue',
        'Constraint',
      ],
      [
        'a function instead of a literal',
        getRecords({
          filter:
            '<ogc:PropertyIsEqualTo><ogc:PropertyName>dc:title</ogc:PropertyName><ogc:Function name="DummyFunction"><ogc:Literal>input.argument</ogc:Literal></ogc:Function></ogc:PropertyIsEqualTo>',
        }),
        'InvalidParameterValue',
        'Constraint',
      ],
      [
        'a sort property records cannot be sorted by',
        getRecords({ sortBy: [['dc:identifier', 'ASC']] }),
        'InvalidParameterValue',
        'SortBy',
      ],
      [
        'startPosition 0',
        getRecords({ startPosition: 0 }),
        'InvalidParameterValue',
        'startPosition',
      ],
      [
        'an invalid request validated',
        getRecords({ resultType: 'validate', elementSet: 'complete' }),
        'InvalidParameterValue',
        'ElementSetName',
      ],
    ])('POST: %s', async (_name, xml, code, locator) => {
      const answer = await post(xml);
      expect(exceptionOf(answer)).toMatchObject({ status: 400, code, locator });
    });
  });
});
