import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { apiCaller, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { descend, first, textOf } from '../../xml/xml-document.js';
import { createRecord, searchAccounts, type Tokens } from '../search/search.test-helpers.js';
import {
  type CswAnswer,
  cswAnswer,
  cswGet,
  cswOperation,
  cswPost,
  exceptionOf,
  getRecordsXml,
  like,
} from './csw.test-helpers.js';
import { updateSequence } from './csw-capabilities.js';

/**
 * The capabilities beyond the first slice: service texts per language and INSPIRE's
 * LANGUAGE parameter, the INSPIRE extended capabilities, updateSequence (OWS 1.0 §7.3.4),
 * and GetRecords with resultType=validate (CSW 2.0.2 §10.8.4.3).
 */

const PUBLIC_URL = 'https://katalog.example.org';
const CSW = 'http://www.opengis.net/cat/csw/2.0.2';

const texts = (res: CswAnswer) => {
  const identification = first(res.root, 'ServiceIdentification');
  const provider = first(res.root, 'ServiceProvider');
  return {
    title: textOf(first(identification, 'Title')),
    abstract: textOf(first(identification, 'Abstract')),
    keywords: descend(identification, 'Keywords', 'Keyword').map((k) => textOf(k)),
    fees: textOf(first(identification, 'Fees')),
    accessConstraints: textOf(first(identification, 'AccessConstraints')),
    providerName: textOf(first(provider, 'ProviderName')),
    contactName: textOf(first(provider, 'ServiceContact', 'IndividualName')),
  };
};

const extended = (res: CswAnswer) => first(res.root, 'OperationsMetadata', 'ExtendedCapabilities');
const languageOf = (res: CswAnswer, ...path: string[]) =>
  textOf(first(extended(res), ...path, 'Language'));

const GERMAN = {
  title: 'Geodatenkatalog Testland',
  abstract: 'Metadaten aller Geodaten des Testlandes.',
  keywords: ['Katalog', 'Geodaten'],
  fees: 'keine Gebühren',
  accessConstraints: 'keine Einschränkungen',
  providerName: 'Landesamt Testland',
  contactName: 'Katalogteam',
};
const ENGLISH = {
  title: 'Testland geodata catalogue',
  abstract: 'Metadata of all geodata of Testland.',
  keywords: ['catalogue', 'geodata'],
  fees: 'no fees',
  accessConstraints: 'no restrictions',
  providerName: 'Testland State Office',
  contactName: 'Catalogue team',
};

describe.each(testDatabases)('CSW capabilities on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  const capabilitiesOf = (params: Record<string, string> = {}) =>
    cswGet(t.app, { service: 'CSW', request: 'GetCapabilities', ...params });

  beforeAll(async () => {
    t = await createTestApp(database, {
      PUBLIC_URL,
      CSW_TITLE_DE: GERMAN.title,
      CSW_TITLE_EN: ENGLISH.title,
      CSW_ABSTRACT_DE: GERMAN.abstract,
      CSW_ABSTRACT_EN: ENGLISH.abstract,
      CSW_KEYWORDS_DE: GERMAN.keywords.join(','),
      CSW_KEYWORDS_EN: ENGLISH.keywords.join(', '),
      CSW_FEES_DE: GERMAN.fees,
      CSW_FEES_EN: ENGLISH.fees,
      CSW_ACCESS_CONSTRAINTS_DE: GERMAN.accessConstraints,
      CSW_ACCESS_CONSTRAINTS_EN: ENGLISH.accessConstraints,
      CSW_PROVIDER_NAME_DE: GERMAN.providerName,
      CSW_PROVIDER_NAME_EN: ENGLISH.providerName,
      CSW_CONTACT_NAME_DE: GERMAN.contactName,
      CSW_CONTACT_NAME_EN: ENGLISH.contactName,
      CSW_CONTACT_EMAIL: 'katalog@testland.example.org',
    });
    tokens = await searchAccounts(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('languages (INSPIRE LANGUAGE)', () => {
    it('answers in the default language (German) without LANGUAGE', async () => {
      const res = await capabilitiesOf();
      expect(res.status).toBe(200);
      expect(texts(res)).toEqual(GERMAN);
      expect(languageOf(res, 'ResponseLanguage')).toBe('ger');
    });

    it.each([
      ['eng', ENGLISH, 'eng'],
      ['ENG', ENGLISH, 'eng'],
      ['ger', GERMAN, 'ger'],
      ['deu', GERMAN, 'ger'],
    ])('LANGUAGE=%s answers in that language', async (code, expected, response) => {
      const res = await capabilitiesOf({ LANGUAGE: code });
      expect(res.status).toBe(200);
      expect(texts(res)).toEqual(expected);
      expect(languageOf(res, 'ResponseLanguage')).toBe(response);
    });

    it.each(['fre', 'xx', ''])(
      'an unsupported LANGUAGE (%j) falls back to the default language, no exception (TG DS requirement 26)',
      async (code) => {
        const res = await capabilitiesOf({ language: code });
        expect(res.status).toBe(200);
        expect(texts(res)).toEqual(GERMAN);
        expect(languageOf(res, 'ResponseLanguage')).toBe('ger');
      },
    );

    it('takes the language of a POST from the language attribute or the URL', async () => {
      const byAttribute = await cswPost(
        t.app,
        `<csw:GetCapabilities xmlns:csw="${CSW}" service="CSW" language="eng"/>`,
      );
      expect(texts(byAttribute).title).toBe(ENGLISH.title);
      expect(languageOf(byAttribute, 'ResponseLanguage')).toBe('eng');
      const byUrl = cswAnswer(
        await t.app.inject({
          method: 'POST',
          url: '/csw?LANGUAGE=eng',
          headers: { 'content-type': 'application/xml' },
          payload: `<csw:GetCapabilities xmlns:csw="${CSW}" service="CSW"/>`,
        }),
      );
      expect(texts(byUrl).title).toBe(ENGLISH.title);
      const attributeWins = cswAnswer(
        await t.app.inject({
          method: 'POST',
          url: '/csw?LANGUAGE=eng',
          headers: { 'content-type': 'application/xml' },
          payload: `<csw:GetCapabilities xmlns:csw="${CSW}" service="CSW" language="ger"/>`,
        }),
      );
      expect(texts(attributeWins).title).toBe(GERMAN.title);
    });
  });

  describe('INSPIRE extended capabilities (scenario 2)', () => {
    it('describe the discovery service with the INSPIRE elements in the response language', async () => {
      for (const [code, regulation] of [
        ['ger', /^Verordnung \(EG\) Nr\. 976\/2009 der Kommission/],
        ['eng', /^Commission Regulation \(EC\) No 976\/2009/],
      ] as const) {
        const res = await capabilitiesOf({ LANGUAGE: code });
        const ext = extended(res);
        expect(ext).toBeDefined();
        expect(textOf(first(ext, 'ResourceLocator', 'URL'))).toBe(
          `${PUBLIC_URL}/csw?service=CSW&version=2.0.2&request=GetCapabilities`,
        );
        expect(textOf(first(ext, 'ResourceType'))).toBe('service');
        expect(textOf(first(ext, 'Conformity', 'Specification', 'Title'))).toMatch(regulation);
        expect(textOf(first(ext, 'Conformity', 'Specification', 'DateOfPublication'))).toBe(
          '2009-10-20',
        );
        expect(textOf(first(ext, 'Conformity', 'Degree'))).toBe('notEvaluated');
        expect(textOf(first(ext, 'MetadataPointOfContact', 'OrganisationName'))).toBe(
          code === 'ger' ? GERMAN.providerName : ENGLISH.providerName,
        );
        expect(textOf(first(ext, 'MetadataPointOfContact', 'EmailAddress'))).toBe(
          'katalog@testland.example.org',
        );
        expect(textOf(first(ext, 'MetadataDate'))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(textOf(first(ext, 'TemporalReference', 'DateOfLastRevision'))).toBe(
          textOf(first(ext, 'MetadataDate')),
        );
        expect(textOf(first(ext, 'SpatialDataServiceType'))).toBe('discovery');
        expect(textOf(first(ext, 'MandatoryKeyword', 'KeywordValue'))).toBe('infoCatalogueService');
        // The list of languages is the same whatever the response language (requirement 28).
        expect(languageOf(res, 'SupportedLanguages', 'DefaultLanguage')).toBe('ger');
        expect(
          descend(ext, 'SupportedLanguages', 'SupportedLanguage', 'Language').map((l) => textOf(l)),
        ).toEqual(['eng']);
        expect(languageOf(res, 'ResponseLanguage')).toBe(code);
        expect(res.root['@schemaLocation']).toContain(
          'http://inspire.ec.europa.eu/schemas/inspire_ds/1.0 ',
        );
      }
    });

    it('come with the OperationsMetadata section only', async () => {
      const res = await capabilitiesOf({ sections: 'ServiceIdentification' });
      expect(extended(res)).toBeUndefined();
    });

    it('lists resultType validate for GetRecords', async () => {
      const res = await capabilitiesOf();
      const getRecords = descend(res.root, 'OperationsMetadata', 'Operation').find(
        (o) => o['@name'] === 'GetRecords',
      );
      const resultTypes = descend(getRecords, 'Parameter').find((p) => p['@name'] === 'resultType');
      expect(descend(resultTypes, 'Value').map((v) => textOf(v))).toEqual([
        'hits',
        'results',
        'validate',
      ]);
    });
  });

  describe('updateSequence (OWS 1.0 §7.3.4)', () => {
    const sequenceOf = async () => {
      const res = await capabilitiesOf({ sections: 'ServiceIdentification' });
      return String(res.root['@updateSequence']);
    };
    const momentOf = (sequence: string) => sequence.split('-')[0] as string;
    const api = () => apiCaller(t.app);

    it('is the same for the same catalogue and answers the bare element to a client holding it', async () => {
      const current = await sequenceOf();
      expect(current).toMatch(/^\d{17}-[0-9a-f]{12}$/);
      expect(await sequenceOf()).toBe(current);
      const res = await capabilitiesOf({ updateSequence: current });
      expect(res.status).toBe(200);
      expect(res.name).toBe('Capabilities');
      expect(res.root['@version']).toBe('2.0.2');
      expect(res.root['@updateSequence']).toBe(current);
      expect(res.body).not.toContain('ServiceIdentification');
      expect(res.body).not.toContain('Filter_Capabilities');
      const posted = await cswPost(
        t.app,
        `<csw:GetCapabilities xmlns:csw="${CSW}" service="CSW" updateSequence="${current}"/>`,
      );
      expect(posted.body).not.toContain('OperationsMetadata');
      expect(posted.root['@updateSequence']).toBe(current);
    });

    it('does not move for a draft, rises when a record is published, withdrawn, hidden or deleted', async () => {
      const start = await sequenceOf();
      await createRecord(t.app, tokens, { title: { de: 'Entwurf ohne Wirkung' } }, 'draft');
      expect(await sequenceOf()).toBe(start);

      const published = await createRecord(t.app, tokens, { title: { de: 'Neu veröffentlicht' } });
      const afterPublish = await sequenceOf();
      expect(momentOf(afterPublish) > momentOf(start)).toBe(true);
      // The client's older copy gets the whole document.
      const full = await capabilitiesOf({ updateSequence: start });
      expect(full.root['@updateSequence']).toBe(afterPublish);
      expect(first(full.root, 'ServiceIdentification')).toBeDefined();
      expect(first(full.root, 'Filter_Capabilities')).toBeDefined();

      const hidden = await api()(
        'POST',
        `/object/${published}/accessControl`,
        withToken(tokens.owner),
        { public: false, grants: [] },
      );
      expect(hidden.statusCode).toBe(200);
      const afterHiding = await sequenceOf();
      expect(momentOf(afterHiding) > momentOf(afterPublish)).toBe(true);

      const withdrawn = await api()('PUT', `/object/${published}/state`, withToken(tokens.editor), {
        state: 'withdrawn',
        comment: 'test',
      });
      expect(withdrawn.statusCode).toBe(200);
      const afterWithdrawal = await sequenceOf();
      expect(momentOf(afterWithdrawal) > momentOf(afterHiding)).toBe(true);

      // The newest published record goes: the value still never goes back.
      const newest = await createRecord(t.app, tokens, { title: { de: 'Gleich gelöscht' } });
      const beforeDelete = await sequenceOf();
      const deleted = await api()('DELETE', `/object/${newest}`, withToken(tokens.editor));
      expect(deleted.statusCode).toBe(204);
      const afterDelete = await sequenceOf();
      expect(momentOf(afterDelete) > momentOf(beforeDelete)).toBe(true);
      expect(momentOf(beforeDelete) > momentOf(afterWithdrawal)).toBe(true);
    });

    it('answers a later value than the service has with InvalidUpdateSequence', async () => {
      const current = await sequenceOf();
      const later = `${String(BigInt(momentOf(current)) + 1n).padStart(17, '0')}-${current.split('-')[1]}`;
      const res = await capabilitiesOf({ updateSequence: later });
      expect(exceptionOf(res)).toMatchObject({
        status: 400,
        code: 'InvalidUpdateSequence',
        locator: 'updateSequence',
      });
    });

    it('answers the whole document when only the service metadata changed (same moment, other digest)', async () => {
      const current = await sequenceOf();
      const res = await capabilitiesOf({ updateSequence: `${momentOf(current)}-000000000000` });
      expect(res.status).toBe(200);
      expect(first(res.root, 'ServiceIdentification')).toBeDefined();
    });

    it('refuses a value this service never gave', async () => {
      const res = await capabilitiesOf({ updateSequence: '42' });
      expect(exceptionOf(res)).toMatchObject({
        status: 400,
        code: 'InvalidParameterValue',
        locator: 'updateSequence',
      });
    });
  });

  describe('resultType=validate (CSW 2.0.2 §10.8.4.3)', () => {
    it('acknowledges a valid GET request and echoes its URL, without results', async () => {
      const res = await cswOperation(t.app, 'GetRecords', {
        resultType: 'validate',
        constraintLanguage: 'CQL_TEXT',
        constraint: "AnyText LIKE '%wasser%'",
      });
      expect(res.status).toBe(200);
      expect(res.name).toBe('Acknowledgement');
      expect(Number.isNaN(Date.parse(String(res.root['@timeStamp'])))).toBe(false);
      const href = String(first(res.root, 'EchoedRequest', 'Get')?.['@href']);
      expect(href.startsWith(`${PUBLIC_URL}/csw?`)).toBe(true);
      const echoed = new URL(href).searchParams;
      expect(echoed.get('resultType')).toBe('validate');
      expect(echoed.get('constraint')).toBe("AnyText LIKE '%wasser%'");
      expect(res.body).not.toContain('SearchResults');
    });

    it('acknowledges a valid POST request and echoes the request element', async () => {
      const request = getRecordsXml(like('AnyText', '%wasser%'), { resultType: 'validate' });
      const res = await cswPost(t.app, request);
      expect(res.status).toBe(200);
      expect(res.name).toBe('Acknowledgement');
      const echoed = first(res.root, 'EchoedRequest', 'GetRecords');
      expect(echoed?.['@resultType']).toBe('validate');
      expect(
        textOf(first(echoed, 'Query', 'Constraint', 'Filter', 'PropertyIsLike', 'Literal')),
      ).toBe('%wasser%');
      expect(res.body).not.toContain('<?xml version="1.0" encoding="UTF-8"?>\n<csw:GetRecords');
    });

    it('answers an invalid request with the usual exception report', async () => {
      const badQueryable = await cswPost(
        t.app,
        getRecordsXml(like('Colour', '%blue%'), { resultType: 'validate' }),
      );
      expect(exceptionOf(badQueryable)).toMatchObject({
        status: 400,
        code: 'InvalidParameterValue',
        locator: 'Constraint',
      });
      const badSet = await cswOperation(t.app, 'GetRecords', {
        resultType: 'validate',
        ElementSetName: 'huge',
      });
      expect(exceptionOf(badSet)).toMatchObject({
        code: 'InvalidParameterValue',
        locator: 'ElementSetName',
      });
    });
  });
});

describe('CSW capabilities without per-language texts or contact e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      { CSW_TITLE: 'Einheitlicher Titel', CSW_DEFAULT_LANGUAGE: 'en' },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('uses the unmarked text in every language and built-in texts for the rest', async () => {
    const english = await cswGet(t.app, { service: 'CSW', request: 'GetCapabilities' });
    expect(texts(english)).toMatchObject({
      title: 'Einheitlicher Titel',
      abstract: 'Metadata of the geodata, services and documents of this Geoportal (CSW 2.0.2).',
      fees: 'none',
    });
    const german = await cswGet(t.app, {
      service: 'CSW',
      request: 'GetCapabilities',
      LANGUAGE: 'ger',
    });
    expect(texts(german)).toMatchObject({
      title: 'Einheitlicher Titel',
      abstract: 'Metadaten der Geodaten, Dienste und Dokumente dieses Geoportals (CSW 2.0.2).',
      fees: 'keine',
    });
  });

  it('leaves the INSPIRE extended capabilities out: their point of contact needs an e-mail address', async () => {
    const res = await cswGet(t.app, { service: 'CSW', request: 'GetCapabilities' });
    expect(extended(res)).toBeUndefined();
    expect(res.root['@schemaLocation']).not.toContain('inspire');
    expect(first(res.root, 'OperationsMetadata')).toBeDefined();
  });
});

describe('CSW configuration per language', () => {
  it('takes a text from its language, else the default language, else the unmarked variable, else built in', () => {
    const { catalogue } = loadConfig({
      CSW_DEFAULT_LANGUAGE: 'de',
      CSW_TITLE: 'Unmarkiert',
      CSW_TITLE_DE: 'Deutsch',
      CSW_ABSTRACT: 'Nur unmarkiert',
      CSW_FEES_EN: 'English fees',
    });
    expect(catalogue.defaultLanguage).toBe('de');
    expect(catalogue.texts.de.title).toBe('Deutsch');
    expect(catalogue.texts.en.title).toBe('Deutsch');
    expect(catalogue.texts.en.abstract).toBe('Nur unmarkiert');
    expect(catalogue.texts.en.fees).toBe('English fees');
    expect(catalogue.texts.de.fees).toBe('keine');
    expect(catalogue.texts.en.accessConstraints).toBe('none');
  });

  it('refuses a default language the product does not have', () => {
    expect(() => loadConfig({ CSW_DEFAULT_LANGUAGE: 'fr' })).toThrow(/CSW_DEFAULT_LANGUAGE/);
  });

  it('derives updateSequence from the moment and the service metadata', () => {
    const base = loadConfig({ CSW_TITLE: 'A' });
    const other = loadConfig({ CSW_TITLE: 'B' });
    const moment = new Date('2026-03-04T05:06:07.089Z');
    const a = updateSequence(base, moment);
    expect(a).toMatch(/^20260304050607089-[0-9a-f]{12}$/);
    expect(updateSequence(base, moment)).toBe(a);
    const b = updateSequence(other, moment);
    expect(b.startsWith('20260304050607089-')).toBe(true);
    expect(b).not.toBe(a);
    expect(updateSequence(base, null)).toMatch(/^0{17}-/);
  });
});
