import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createRecord, searchAccounts } from '../search/search.test-helpers.js';
import { listOf, oaiGet } from './oai.test-helpers.js';

/**
 * The answers are valid against the OAI-PMH 2.0 schema, and their Dublin Core records
 * against the oai_dc schema (xmllint from Debian's libxml2-utils, offline, on the schemas in
 * testdata/schemas). OAI-PMH.xsd checks metadata strictly, so the oai_dc records are
 * validated inside the answers; ISO 19139 records are validated by the records module's
 * tests, and here the envelope around them. Skipped, saying so, without xmllint.
 */

const schemas = new URL('./testdata/schemas/', import.meta.url);
const WITH_OAI_DC = fileURLToPath(new URL('oai-pmh-with-oai_dc.xsd', schemas));

const hasXmllint = spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasXmllint) {
  console.warn(
    'oai.schema.test.ts skipped: xmllint is not installed (apt-get install libxml2-utils).',
  );
}

function validate(xml: string) {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', WITH_OAI_DC, '-'], {
    input: xml,
    encoding: 'utf8',
  });
  return { status: run.status, errors: run.stderr };
}

const valid = { status: 0, errors: '- validates\n' };

describe.skipIf(!hasXmllint)('OAI-PMH answers against the OAI-PMH 2.0 and oai_dc schemas', () => {
  let t: TestApp;
  let id = '';
  let withdrawn = '';
  const get = async (args: Record<string, string>) => (await oaiGet(t.app, args)).body;
  const identifier = (recordId: string) => `oai:geoportal.example.org:${recordId}`;
  const getRecord = (recordId: string, metadataPrefix = 'oai_dc') =>
    get({ verb: 'GetRecord', identifier: identifier(recordId), metadataPrefix });

  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      {
        PUBLIC_URL: 'https://geoportal.example.org',
        OAI_ADMIN_EMAIL: 'katalog@example.org',
        OAI_PAGE_SIZE: '2',
      },
    );
    const tokens = await searchAccounts(t.app);
    id = await createRecord(t.app, tokens, {
      title: { de: 'Grundwasser <Messnetz> & Partner', en: 'Groundwater' },
      temporalExtent: { start: '2020-01-01', end: '2024-12-31' },
      useConstraints: { de: 'Quellenvermerk: <GD NRW>' },
      formats: [{ name: 'GeoTIFF', version: '1.0' }],
    });
    await createRecord(t.app, tokens, { title: { de: 'Dienst' } }, 'published', 'service');
    withdrawn = await createRecord(t.app, tokens, { title: { de: 'Alt' } }, 'withdrawn');
    const api = apiCaller(t.app);
    expect(
      (await api('PUT', `/object/${id}/state`, withToken(tokens.editor), { state: 'withdrawn' }))
        .statusCode,
    ).toBe(200);
    for (const [state, token] of [
      ['draft', tokens.editor],
      ['submitted', tokens.owner],
      ['published', tokens.editor],
    ] as const) {
      await api('PUT', `/object/${id}/state`, withToken(token), { state, comment: 'Neu' });
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('Identify, ListMetadataFormats and ListSets', async () => {
    for (const args of [
      { verb: 'Identify' } as Record<string, string>,
      { verb: 'ListMetadataFormats' },
      { verb: 'ListMetadataFormats', identifier: identifier(id) },
      { verb: 'ListSets' },
    ]) {
      expect(validate(await get(args)), JSON.stringify(args)).toEqual(valid);
    }
  });

  it('every page of ListIdentifiers and ListRecords, with deleted records and tokens', async () => {
    for (const verb of ['ListIdentifiers', 'ListRecords']) {
      let answer = await oaiGet(t.app, { verb, metadataPrefix: 'oai_dc' });
      for (;;) {
        expect(validate(answer.body), verb).toEqual(valid);
        const token = listOf(answer).token?.value;
        if (!token) break;
        answer = await oaiGet(t.app, { verb, resumptionToken: token });
      }
    }
  });

  it('GetRecord of a record and of a deleted one', async () => {
    const record = await getRecord(id);
    expect(record).toContain('Grundwasser &lt;Messnetz&gt; &amp; Partner');
    expect(validate(record)).toEqual(valid);
    const deleted = await getRecord(withdrawn);
    expect(deleted).toContain('status="deleted"');
    expect(validate(deleted)).toEqual(valid);
  });

  it('ISO 19139 answers: the envelope around the records', async () => {
    for (const xml of [
      await get({ verb: 'ListRecords', metadataPrefix: 'iso19139' }),
      await getRecord(id, 'iso19139'),
    ]) {
      expect(xml).toContain('<gmd:MD_Metadata');
      // No ISO schemas here: each ISO document stands in as an empty oai_dc record.
      const envelope = xml.replace(
        /<gmd:MD_Metadata[\s\S]*?<\/gmd:MD_Metadata>/g,
        '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/"/>',
      );
      expect(validate(envelope)).toEqual(valid);
    }
  });

  it('DCAT-AP answers: the envelope around the RDF/XML datasets', async () => {
    for (const xml of [
      await get({ verb: 'ListRecords', metadataPrefix: 'dcat_ap' }),
      await getRecord(id, 'dcat_ap'),
    ]) {
      expect(xml).toContain('<rdf:RDF');
      // RDF/XML has no XML schema: each rdf:RDF stands in as an empty oai_dc record.
      const envelope = xml.replace(
        /<rdf:RDF[\s\S]*?<\/rdf:RDF>/g,
        '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/"/>',
      );
      expect(envelope).not.toContain('rdf:RDF');
      expect(validate(envelope)).toEqual(valid);
    }
  });

  it('errors', async () => {
    for (const args of [
      {},
      { verb: 'Nope' },
      { verb: 'ListRecords' },
      { verb: 'ListRecords', metadataPrefix: 'marc21' },
      { verb: 'ListRecords', resumptionToken: 'forged' },
      { verb: 'ListRecords', metadataPrefix: 'oai_dc', from: '2099-01-01' },
      { verb: 'GetRecord', identifier: 'oai:elsewhere.org:1', metadataPrefix: 'oai_dc' },
      { verb: 'ListMetadataFormats', identifier: identifier(withdrawn) },
    ]) {
      const xml = await get(args as Record<string, string>);
      expect(xml).toContain('<error code=');
      expect(validate(xml), JSON.stringify(args)).toEqual(valid);
    }
  });

  it('refuses an answer whose record breaks oai_dc (the validator does check the records)', async () => {
    const record = await getRecord(id);
    const broken = record.replace('<dc:title', '<dc:name').replace('</dc:title>', '</dc:name>');
    expect(broken).not.toBe(record);
    expect(validate(broken).status).not.toBe(0);
  });
});
