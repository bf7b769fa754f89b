import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { children, descend, textOf, type XmlElement } from '../../xml/xml-document.js';
import { createRecord, searchAccounts, type Tokens } from '../search/search.test-helpers.js';
import {
  cswGet,
  cswPost,
  exceptionOf,
  getRecordsXml,
  like,
  resultsOf,
} from './csw.test-helpers.js';

/**
 * ISO 19139 output over HTTP: the ISO Application Profile's element sets brief, summary and
 * full in GetRecords and GetRecordById, and ElementName with the ISO output schema.
 */

const GMD = 'http://www.isotc211.org/2005/gmd';

/** The local names of an element's child elements, in document order. */
const childNames = (element: XmlElement | undefined) =>
  Object.keys(element ?? {}).filter((key) => !key.startsWith('@') && !key.startsWith('#'));

/** The children of gmd:MD_Metadata in a brief record. */
const BRIEF_METADATA = [
  'fileIdentifier',
  'language',
  'hierarchyLevel',
  'contact',
  'dateStamp',
  'locale',
  'identificationInfo',
];

/** The identification element of a record (data or service). */
const identificationOf = (md: XmlElement | undefined) => {
  const info = children(md, 'identificationInfo')[0];
  return (
    children(info, 'MD_DataIdentification')[0] ?? children(info, 'SV_ServiceIdentification')[0]
  );
};

describe.each(testDatabases)('CSW ISO 19139 output on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const ids: Record<string, string> = {};
  /** GetRecords by GET for ISO 19139 records. */
  const isoRecords = (params: Record<string, string>) =>
    cswGet(t.app, {
      service: 'CSW',
      version: '2.0.2',
      request: 'GetRecords',
      typeNames: 'gmd:MD_Metadata',
      resultType: 'results',
      outputSchema: GMD,
      ...params,
    });
  const byId = async (id: string, params: Record<string, string> = {}) => {
    const res = await cswGet(t.app, {
      service: 'CSW',
      version: '2.0.2',
      request: 'GetRecordById',
      id,
      outputSchema: GMD,
      ...params,
    });
    expect(res.status).toBe(200);
    return children(res.root, 'MD_Metadata');
  };

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await searchAccounts(t.app);
    ids.map = await createRecord(t.app, tokens, {
      referenceSystem: 'EPSG:25832',
      formats: [{ name: 'GeoTIFF', version: '1.0' }],
      resolution: { kind: 'scale', denominator: 200000 },
      useConstraints: { de: 'Quellenvermerk: GD NRW' },
    });
    ids.service = await createRecord(
      t.app,
      tokens,
      { title: { de: 'Grundwasser WMS', en: 'Groundwater WMS' } },
      'published',
      'service',
    );
    await createRecord(t.app, tokens, { title: { de: 'Grundwasser Entwurf' } }, 'draft');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('brief: identifier, title, type, box and the elements ISO 19139 demands; the abstract withheld', async () => {
    const [md] = await byId(ids.map as string, { ElementSetName: 'brief' });
    expect(childNames(md)).toEqual(BRIEF_METADATA);
    const identification = identificationOf(md);
    expect(childNames(identification)).toEqual(['citation', 'abstract', 'language', 'extent']);
    expect(childNames(descend(identification, 'citation', 'CI_Citation')[0])).toEqual([
      'title',
      'date',
    ]);
    expect(children(identification, 'abstract')[0]?.['@nilReason']).toBe('withheld');
    expect(
      textOf(descend(identification, 'citation', 'CI_Citation', 'title', 'CharacterString')[0]),
    ).toBe('Hydrogeologische Übersichtskarte 1:200 000');
    expect(
      textOf(
        descend(
          identification,
          'extent',
          'EX_Extent',
          'geographicElement',
          'EX_GeographicBoundingBox',
          'westBoundLongitude',
          'Decimal',
        )[0],
      ),
    ).toBe('5.87');
  });

  it('brief for a service keeps its type, extent, coupling and operations', async () => {
    const [md] = await byId(ids.service as string, { ElementSetName: 'brief' });
    const identification = identificationOf(md);
    expect(
      children(children(md, 'identificationInfo')[0], 'SV_ServiceIdentification'),
    ).toHaveLength(1);
    expect(childNames(identification)).toEqual([
      'citation',
      'abstract',
      'serviceType',
      'extent',
      'couplingType',
      'containsOperations',
    ]);
  });

  it('summary adds the abstract, keywords, constraints, reference system, distribution and lineage, not the contacts', async () => {
    const [md] = await byId(ids.map as string, { ElementSetName: 'summary' });
    expect(childNames(md)).toEqual([
      'fileIdentifier',
      'language',
      'characterSet',
      'hierarchyLevel',
      'contact',
      'dateStamp',
      'metadataStandardName',
      'metadataStandardVersion',
      'locale',
      'referenceSystemInfo',
      'identificationInfo',
      'distributionInfo',
      'dataQualityInfo',
    ]);
    const identification = identificationOf(md);
    expect(childNames(identification)).toEqual([
      'citation',
      'abstract',
      'descriptiveKeywords',
      'resourceConstraints',
      'spatialResolution',
      'language',
      'characterSet',
      'topicCategory',
      'extent',
    ]);
    expect(textOf(descend(identification, 'abstract', 'CharacterString')[0])).toContain(
      'Grundwasserleiter',
    );
  });

  it('the default element set is summary; full is the record export of the API', async () => {
    const [summary] = await byId(ids.map as string);
    expect(childNames(summary)).toContain('distributionInfo');
    expect(childNames(identificationOf(summary))).not.toContain('pointOfContact');

    const res = await cswGet(t.app, {
      service: 'CSW',
      version: '2.0.2',
      request: 'GetRecordById',
      id: ids.map as string,
      outputSchema: GMD,
      ElementSetName: 'full',
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/object/${ids.map}?format=iso19139`,
    });
    expect(exported.statusCode).toBe(200);
    // The same document, but for its IDs (and the references to them) made unique to the
    // record, since an answer may hold several records.
    const document = exported.body
      .replace(/^<\?xml[^>]*\?>\s*/, '')
      .trim()
      .replace(/ (id|gml:id)="([^"]+)"/g, ` $1="$2-${ids.map}"`)
      .replace(/ locale="#([^"]+)"/g, ` locale="#$1-${ids.map}"`);
    expect(document).toContain(`id="EN-${ids.map}"`);
    expect(res.body).toContain(document);
    expect(childNames(identificationOf(children(res.root, 'MD_Metadata')[0]))).toContain(
      'pointOfContact',
    );
  });

  it('GetRecords answers the element set asked for, by POST and GET', async () => {
    for (const set of ['brief', 'summary', 'full']) {
      const res = resultsOf(
        await cswPost(
          t.app,
          getRecordsXml(like('AnyText', '%grundwasser%'), { elementSet: set, outputSchema: GMD }),
        ),
      );
      expect(res.elementSet).toBe(set);
      expect(new Set(res.ids)).toEqual(new Set([ids.map, ids.service]));
      const distributed = res.iso.filter((md) => childNames(md).includes('distributionInfo'));
      expect(distributed.length > 0).toBe(set !== 'brief');
    }
    const got = resultsOf(await isoRecords({ ElementSetName: 'brief' }));
    expect(got.iso.map((md) => childNames(identificationOf(md))[1])).toEqual([
      'abstract',
      'abstract',
    ]);
    expect(got.iso.every((md) => !childNames(md).includes('dataQualityInfo'))).toBe(true);
  });

  it('ElementName adds the named queryables and elements to the brief record', async () => {
    const res = resultsOf(
      await isoRecords({
        constraintLanguage: 'CQL_TEXT',
        constraint: `apiso:Identifier = '${ids.map}'`,
        ElementName: 'apiso:Abstract,Format,/gmd:MD_Metadata/gmd:dataQualityInfo',
      }),
    );
    expect(res.elementSet).toBeUndefined();
    const [md] = res.iso;
    expect(childNames(md)).toEqual([...BRIEF_METADATA, 'distributionInfo', 'dataQualityInfo']);
    expect(textOf(descend(identificationOf(md), 'abstract', 'CharacterString')[0])).toContain(
      'Grundwasserleiter',
    );
    // Format is the distribution's formats, not its online resources.
    expect(childNames(descend(md, 'distributionInfo', 'MD_Distribution')[0])).toEqual([
      'distributionFormat',
    ]);

    const posted = await cswPost(
      t.app,
      `<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2" resultType="results" outputSchema="${GMD}">
        <csw:Query typeNames="gmd:MD_Metadata">
          <csw:ElementName>apiso:OrganisationName</csw:ElementName>
          <csw:ElementName>apiso:TopicCategory</csw:ElementName>
        </csw:Query>
      </csw:GetRecords>`,
    );
    const data = resultsOf(posted).iso.find((m) =>
      childNames(identificationOf(m)).includes('topicCategory'),
    );
    expect(childNames(identificationOf(data))).toEqual([
      'citation',
      'abstract',
      'pointOfContact',
      'language',
      'topicCategory',
      'extent',
    ]);
  });

  it.each([
    ['gmd:identificationInfo/gmd:citation', 'no element'],
    ['apiso:Colour', 'apiso:Title'],
    ['gmd:title', 'gmd:identificationInfo'],
  ])(
    'refuses ElementName %s with InvalidParameterValue naming what is accepted',
    async (name, text) => {
      const exception = exceptionOf(await isoRecords({ ElementName: name }));
      expect(exception).toMatchObject({
        status: 400,
        code: 'InvalidParameterValue',
        locator: 'ElementName',
      });
      expect(exception.text).toContain(text);
    },
  );
});
