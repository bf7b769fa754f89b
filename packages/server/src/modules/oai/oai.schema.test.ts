import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  hasXmllint,
  isoDocuments,
  VALID,
  validateIso,
  validateXml,
  warnWithoutXmllint,
} from '../../test/xml-schema.js';
import { createRecord, searchAccounts } from '../search/search.test-helpers.js';
import { listOf, type OaiAnswer, oaiGet } from './oai.test-helpers.js';

/**
 * The answers are valid against the OAI-PMH 2.0 schema, their Dublin Core records against
 * the oai_dc schema and their ISO 19139 records against the ISO 19139 schemas (xmllint from
 * Debian's libxml2-utils, offline, on the schemas in testdata/schemas and, for ISO 19139, in
 * the CSW tests' testdata/schemas). OAI-PMH.xsd checks metadata strictly, so the records are
 * validated inside the answers, and each ISO record once more on its own. Skipped, saying
 * so, without xmllint.
 */

const schemas = new URL('./testdata/schemas/', import.meta.url);
const WITH_OAI_DC = fileURLToPath(new URL('oai-pmh-with-oai_dc.xsd', schemas));
const WITH_ISO = fileURLToPath(new URL('oai-pmh-with-iso19139.xsd', schemas));

warnWithoutXmllint('oai.schema.test.ts');

const validate = (xml: string) => validateXml(xml, WITH_OAI_DC);
/** An iso19139 answer, the records in it included (the ISO schemas warn of double imports). */
const validateWithIso = (xml: string) => validateXml(xml, WITH_ISO, { quiet: true });

const valid = VALID;

describe.skipIf(!hasXmllint)(
  'OAI-PMH answers against the OAI-PMH 2.0, oai_dc and ISO 19139 schemas',
  () => {
    let t: TestApp;
    let id = '';
    let withdrawn = '';
    let service = '';
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
      service = await createRecord(
        t.app,
        tokens,
        { title: { de: 'Dienst' } },
        'published',
        'service',
      );
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

    /** Every page of a list, following the resumption tokens. */
    async function allPages(args: Record<string, string>): Promise<OaiAnswer[]> {
      const pages = [await oaiGet(t.app, args)];
      for (;;) {
        const token = listOf(pages.at(-1) as OaiAnswer).token?.value;
        if (!token) return pages;
        pages.push(await oaiGet(t.app, { verb: args.verb as string, resumptionToken: token }));
      }
    }

    it('ISO 19139 answers: every page of ListRecords and GetRecord, records and envelope', async () => {
      const pages = await allPages({ verb: 'ListRecords', metadataPrefix: 'iso19139' });
      // Two records and a deleted header at two a page.
      expect(pages.length).toBe(2);
      const answers = [
        ...pages.map((page) => page.body),
        await getRecord(id, 'iso19139'),
        await getRecord(service, 'iso19139'),
        await getRecord(withdrawn, 'iso19139'),
      ];
      const records = answers.flatMap(isoDocuments);
      // The dataset and the service, in the list and once each by GetRecord.
      expect(records).toHaveLength(4);
      expect(records.join('')).toContain('<srv:SV_ServiceIdentification');
      expect(records.join('')).toContain('<gmd:MD_DataIdentification');
      for (const xml of answers) expect(validateWithIso(xml)).toEqual(valid);
      for (const record of records) expect(validateIso(record)).toEqual(valid);
    });

    it('refuses an iso19139 answer whose record breaks ISO 19139 (the records are checked)', async () => {
      const xml = await getRecord(id, 'iso19139');
      const broken = xml.replace(/<gmd:dateStamp>[\s\S]*?<\/gmd:dateStamp>/, '');
      expect(broken).not.toBe(xml);
      expect(validateWithIso(broken).status).not.toBe(0);
      const [record = ''] = isoDocuments(broken);
      expect(validateIso(record).status).not.toBe(0);
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
  },
);
