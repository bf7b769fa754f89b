import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { children } from '../../xml/xml-document.js';
import { type CswAnswer, cswGet, cswPost, exceptionOf } from './csw.test-helpers.js';

/**
 * DescribeRecord (CSW 2.0.2 §10.6) over HTTP, by GET and POST: the XML Schema of csw:Record
 * and of gmd:MD_Metadata, type names resolved through NAMESPACE, and the refusals.
 */

const CSW = 'http://www.opengis.net/cat/csw/2.0.2';
const GMD = 'http://www.isotc211.org/2005/gmd';

/** A schema file as the answer embeds it: without its XML declaration. */
const schemaFile = (name: string) =>
  readFileSync(new URL(`./schemas/${name}`, import.meta.url), 'latin1')
    .replace(/^<\?xml[^>]*\?>\s*/, '')
    .trim();

/** Each SchemaComponent: its attributes and the target namespace of the schema it holds. */
const componentsOf = (answer: CswAnswer) => {
  expect(answer.status).toBe(200);
  expect(answer.name).toBe('DescribeRecordResponse');
  return children(answer.root, 'SchemaComponent').map((c) => ({
    targetNamespace: c['@targetNamespace'],
    schemaLanguage: c['@schemaLanguage'],
    parentSchema: c['@parentSchema'],
    schema: children(c, 'schema')[0]?.['@targetNamespace'],
  }));
};

describe('CSW DescribeRecord', () => {
  let t: TestApp;
  const describeRecord = (params: Record<string, string>) =>
    cswGet(t.app, { service: 'CSW', version: '2.0.2', request: 'DescribeRecord', ...params });

  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('describes both record types when no TypeName is given', async () => {
    const res = await describeRecord({});
    expect(componentsOf(res)).toEqual([
      { targetNamespace: CSW, schemaLanguage: 'XMLSCHEMA', parentSchema: undefined, schema: CSW },
      {
        targetNamespace: GMD,
        schemaLanguage: 'XMLSCHEMA',
        parentSchema: 'http://schemas.opengis.net/iso/19139/20070417/gmd/gmd.xsd',
        schema: GMD,
      },
    ]);
    expect(res.body).toContain(schemaFile('record.xsd'));
    expect(res.body).toContain(schemaFile('metadataEntity.xsd'));
    expect(res.body).toContain('<xs:element name="MD_Metadata"');
  });

  it('describes the types named, resolving prefixes through NAMESPACE', async () => {
    const gmd = componentsOf(
      await describeRecord({ TypeName: 'gmd:MD_Metadata', schemaLanguage: 'XMLSCHEMA' }),
    );
    expect(gmd.map((c) => c.targetNamespace)).toEqual([GMD]);

    const bound = await describeRecord({
      typename: 'iso:MD_Metadata,Record,iso:MD_Metadata',
      NAMESPACE: `xmlns(iso=${GMD}),xmlns(${CSW})`,
    });
    // Each type once, in the service's order.
    expect(componentsOf(bound).map((c) => c.targetNamespace)).toEqual([CSW, GMD]);
  });

  it('takes the request as XML by POST, with the schema language OWSLib sends', async () => {
    const res = await cswPost(
      t.app,
      `<csw:DescribeRecord xmlns:csw="${CSW}" service="CSW" version="2.0.2" outputFormat="application/xml" schemaLanguage="http://www.w3.org/XML/Schema">
        <csw:TypeName>csw:Record</csw:TypeName>
      </csw:DescribeRecord>`,
    );
    expect(componentsOf(res).map((c) => c.targetNamespace)).toEqual([CSW]);
  });

  it.each([
    [{ TypeName: 'csw:Dataset' }, 'TypeName', 'csw:Record or gmd:MD_Metadata'],
    [{ TypeName: 'x:Record' }, 'TypeName', 'not bound'],
    [
      { TypeName: 'gmd:MD_Metadata', NAMESPACE: 'xmlns(gmd=http://example.org/other)' },
      'TypeName',
      'is not offered',
    ],
    [{ TypeName: 'csw:Record', NAMESPACE: 'csw=http://x' }, 'NAMESPACE', 'xmlns(prefix='],
    [{ schemaLanguage: 'http://www.w3.org/TR/REC-xml' }, 'schemaLanguage', 'XMLSCHEMA'],
    [{ outputFormat: 'application/json' }, 'outputFormat', 'application/xml'],
  ])('refuses %j with InvalidParameterValue at %s', async (params, locator, text) => {
    const exception = exceptionOf(await describeRecord(params));
    expect(exception).toMatchObject({ status: 400, code: 'InvalidParameterValue', locator });
    expect(exception.text).toContain(text);
  });

  it('needs the version, as every operation but GetCapabilities', async () => {
    const res = await cswGet(t.app, { service: 'CSW', request: 'DescribeRecord' });
    expect(exceptionOf(res)).toMatchObject({ code: 'MissingParameterValue', locator: 'version' });
  });

  it('refuses an unknown type in an XML body', async () => {
    const res = await cswPost(
      t.app,
      `<DescribeRecord xmlns="${CSW}" service="CSW" version="2.0.2"><TypeName>wfs:FeatureType</TypeName></DescribeRecord>`,
    );
    expect(exceptionOf(res)).toMatchObject({ code: 'InvalidParameterValue', locator: 'TypeName' });
  });
});
