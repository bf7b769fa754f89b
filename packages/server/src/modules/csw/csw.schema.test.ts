import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  CSW_INSPIRE_SCHEMA,
  CSW_ISO_SCHEMA,
  CSW_SCHEMA,
  hasXmllint,
  isoDocuments,
  OWS_EXCEPTION_SCHEMA,
  VALID,
  validateIso,
  validateXml,
  warnWithoutXmllint,
} from '../../test/xml-schema.js';
import { createRecord, searchAccounts } from '../search/search.test-helpers.js';
import { bbox, getRecordsXml, like } from './csw.test-helpers.js';

/**
 * The answers are valid against the OGC schemas of CSW 2.0.2 and OWS 1.0, their ISO records
 * against ISO 19139, the capabilities also against INSPIRE's discovery service schema
 * (xmllint from Debian's libxml2-utils, offline, on the schemas in testdata/schemas).
 * Skipped, saying so, where xmllint is not installed.
 */

const GMD = 'http://www.isotc211.org/2005/gmd';

warnWithoutXmllint('csw.schema.test.ts');

/** The CSW and OWS schemas warn about nothing; the others load the ISO schemas (quiet). */
const validate = (xml: string, schema: string) =>
  validateXml(xml, schema, { quiet: schema !== CSW_SCHEMA && schema !== OWS_EXCEPTION_SCHEMA });

/**
 * Valid against CSW and INSPIRE together. xmllint warns there that it skips the second
 * import of OWS (CSW and INSPIRE name the same file by two locations); only errors count.
 */
function validateWithInspire(xml: string) {
  const { status, errors } = validate(xml, CSW_INSPIRE_SCHEMA);
  const problems = errors
    .split('\n')
    .filter((line) => line !== '' && line !== '- validates' && !/Skipping import/.test(line));
  return { status, problems };
}

describe.skipIf(!hasXmllint)('CSW answers against the CSW 2.0.2 schema', () => {
  let t: TestApp;
  let id = '';
  const get = async (query: string) =>
    (await t.app.inject({ method: 'GET', url: `/csw?${query}` })).body;
  const post = async (xml: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/csw',
        headers: { 'content-type': 'application/xml' },
        payload: xml,
      })
    ).body;

  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      {
        CSW_CONTACT_NAME: 'Katalogteam',
        CSW_CONTACT_EMAIL: 'katalog@example.org',
        CSW_PROVIDER_SITE: 'https://example.org',
      },
    );
    const tokens = await searchAccounts(t.app);
    id = await createRecord(t.app, tokens, {
      keywords: ['Grundwasser', 'Messnetz'],
      formats: [{ name: 'GeoTIFF', version: '1.0' }],
      related: [],
      referenceSystem: 'EPSG:25832',
      useConstraints: { de: 'Quellenvermerk: <GD NRW> & Partner' },
      resolution: { kind: 'distance', value: 0.5, unit: 'm' },
      // Both records have a time period and translations: their gml:id and locale ids
      // must stay unique in an answer holding both.
      temporalExtent: { start: '2020-01-01', end: '2024-12-31' },
    });
    await createRecord(
      t.app,
      tokens,
      { title: { de: 'Zweiter Datensatz' }, temporalExtent: { start: '2021-05-01' } },
      'published',
      'service',
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(['brief', 'summary', 'full'])('GetRecords with the %s element set', async (set) => {
    const xml = await post(
      getRecordsXml(`<ogc:Or>${like('AnyText', '%grundwasser%')}${bbox(5, 47, 15, 55)}</ogc:Or>`, {
        elementSet: set,
      }),
    );
    expect(xml).toContain('numberOfRecordsReturned="2"');
    expect(validate(xml, CSW_SCHEMA)).toEqual({ status: 0, errors: '- validates\n' });
  });

  it('GetRecords with hits, GetRecordById and the capabilities', async () => {
    for (const xml of [
      await get(
        'service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=hits',
      ),
      await get(`service=CSW&version=2.0.2&request=GetRecordById&id=${id}&ElementSetName=full`),
      await get(`service=CSW&version=2.0.2&request=GetRecordById&id=${id}&ElementSetName=brief`),
      await get(
        'service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results&ElementName=dc:title,ows:BoundingBox,dct:references',
      ),
      await get(
        'service=CSW&version=2.0.2&request=GetDomain&ParameterName=GetRecords.ElementSetName',
      ),
      await get('service=CSW&version=2.0.2&request=GetDomain&PropertyName=Subject,Type'),
      await get(
        'service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=validate&constraintLanguage=CQL_TEXT&constraint=AnyText%20LIKE%20%27%25wasser%25%27',
      ),
      await post(getRecordsXml(like('AnyText', '%wasser%'), { resultType: 'validate' })),
    ]) {
      expect(validate(xml, CSW_SCHEMA)).toEqual({ status: 0, errors: '- validates\n' });
    }
  });

  it.each(['brief', 'summary', 'full'])(
    'ISO 19139 %s records: the whole answer and each record on its own',
    async (set) => {
      const answers = [
        await post(
          getRecordsXml(
            `<ogc:Or>${like('AnyText', '%grundwasser%')}${bbox(5, 47, 15, 55)}</ogc:Or>`,
            { elementSet: set, outputSchema: GMD },
          ),
        ),
        await get(
          `service=CSW&version=2.0.2&request=GetRecordById&id=${id}&outputSchema=${GMD}&ElementSetName=${set}`,
        ),
      ];
      expect(answers[0]).toContain('numberOfRecordsReturned="2"');
      // A dataset and a service: MD_DataIdentification and SV_ServiceIdentification.
      expect(answers[0]).toContain('srv:SV_ServiceIdentification');
      for (const xml of answers) {
        expect(validate(xml, CSW_ISO_SCHEMA)).toEqual(VALID);
        const documents = isoDocuments(xml);
        expect(documents.length).toBeGreaterThan(0);
        for (const document of documents) expect(validateIso(document)).toEqual(VALID);
      }
    },
  );

  it('ISO 19139 records with the elements ElementName names', async () => {
    const xml = await get(
      `service=CSW&version=2.0.2&request=GetRecords&typeNames=gmd:MD_Metadata&resultType=results&outputSchema=${GMD}&ElementName=apiso:Subject,apiso:OnlineResource,apiso:CRS,gmd:dataQualityInfo`,
    );
    expect(xml).toContain('numberOfRecordsReturned="2"');
    expect(validate(xml, CSW_ISO_SCHEMA)).toEqual(VALID);
    for (const document of isoDocuments(xml)) expect(validateIso(document)).toEqual(VALID);
  });

  it('refuses an ISO record without a mandatory element (the validator does check them)', async () => {
    const xml = await get(
      `service=CSW&version=2.0.2&request=GetRecordById&id=${id}&outputSchema=${GMD}&ElementSetName=brief`,
    );
    const [document = ''] = isoDocuments(xml);
    const broken = document.replace(/<gmd:dateStamp>[\s\S]*?<\/gmd:dateStamp>/, '');
    expect(broken).not.toBe(document);
    expect(validateIso(broken).status).not.toBe(0);
  });

  it('DescribeRecord', async () => {
    for (const xml of [
      await get('service=CSW&version=2.0.2&request=DescribeRecord'),
      await post(
        '<csw:DescribeRecord xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" service="CSW" version="2.0.2"><csw:TypeName>gmd:MD_Metadata</csw:TypeName></csw:DescribeRecord>',
      ),
    ]) {
      expect(xml).toContain('csw:SchemaComponent');
      expect(validate(xml, CSW_SCHEMA)).toEqual(VALID);
    }
  });

  it.each(['ger', 'eng'])(
    'the capabilities with INSPIRE extended capabilities (LANGUAGE=%s)',
    async (language) => {
      const xml = await get(`service=CSW&request=GetCapabilities&LANGUAGE=${language}`);
      expect(xml).toContain('<inspire_ds:ExtendedCapabilities');
      expect(validateWithInspire(xml)).toEqual({ status: 0, problems: [] });
    },
  );

  it('refuses capabilities whose INSPIRE part breaks the INSPIRE schema', async () => {
    const xml = await get('service=CSW&request=GetCapabilities');
    const broken = xml.replace(
      '<inspire_common:SpatialDataServiceType>discovery<',
      '<inspire_common:SpatialDataServiceType>catalogue<',
    );
    expect(broken).not.toBe(xml);
    expect(validateWithInspire(broken).status).not.toBe(0);
  });

  it('refuses an answer out of schema order (the validator does check the records)', async () => {
    const xml = await get(
      `service=CSW&version=2.0.2&request=GetRecordById&id=${id}&ElementSetName=summary`,
    );
    const swapped = xml.replace(
      /(<dc:identifier>[^<]*<\/dc:identifier>)(<dc:title>[^<]*<\/dc:title>)/,
      '$2$1',
    );
    expect(swapped).not.toBe(xml);
    expect(validate(swapped, CSW_SCHEMA).status).not.toBe(0);
  });

  it('exception reports', async () => {
    const xml = await get(
      'service=CSW&request=GetRecords&version=2.0.2&typeNames=csw:Record&maxRecords=x',
    );
    expect(xml).toContain('InvalidParameterValue');
    expect(validate(xml, OWS_EXCEPTION_SCHEMA)).toEqual({ status: 0, errors: '- validates\n' });
  });
});
