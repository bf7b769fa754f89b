import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { CSW_SCHEMA, hasXmllint, VALID, validateXml } from '../../test/xml-schema.js';
import { attrOf, children, descend, textOf, type XmlElement } from '../../xml/xml-document.js';
import { cswGet } from '../csw/csw.test-helpers.js';
import { oaiGet } from '../oai/oai.test-helpers.js';
import { createRecord, searchAccounts } from '../search/search.test-helpers.js';

/**
 * One Dublin Core mapping (records/dublin-core.ts): the same record answers the same
 * elements and values through CSW 2.0.2 (GetRecordById, csw:Record, full) and OAI-PMH
 * (GetRecord, oai_dc), over HTTP on a real database. CSW writes refinements as their DCMI
 * terms and each text in one language; oai_dc writes the elements they refine and each text
 * in each language.
 */

const HOST = 'geoportal.example.org';
/** OAI-PMH with oai_dc (the OAI tests' schemas). */
const OAI_DC_SCHEMA = fileURLToPath(
  new URL('../oai/testdata/schemas/oai-pmh-with-oai_dc.xsd', import.meta.url),
);

describe.each(testDatabases)('Dublin Core through CSW and OAI-PMH on $name', (database) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let csw: XmlElement;
  let oai: XmlElement;
  const bodies = { csw: '', oai: '' };

  /** The texts of the children of that local name. */
  const values = (record: XmlElement, name: string) => children(record, name).map((e) => textOf(e));
  /** The texts of oai_dc's element in one language, or without one. */
  const inLanguage = (name: string, lang: string | undefined) =>
    children(oai, name)
      .filter((e) => attrOf(e, 'lang') === lang)
      .map((e) => textOf(e));

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL: `https://${HOST}` });
    const tokens = await searchAccounts(t.app);
    ids.source = await createRecord(t.app, tokens, { title: { de: 'Topographische Karte' } });
    ids.other = await createRecord(t.app, tokens, { title: { de: 'Küstenlinie' } });
    ids.dunes = await createRecord(t.app, tokens, {
      title: { de: 'Dünenkarte Sylt', en: 'Dune map of Sylt' },
      abstract: { de: 'Dünen der Insel.', en: 'Dunes of the island.' },
      identifier: 'https://registry.example.org/dunes',
      keywords: ['Küste', 'Dünen'],
      topicCategories: ['environment'],
      contacts: [
        { organisation: 'Auskunft Küste', email: 'auskunft@example.org', role: 'pointOfContact' },
        { organisation: 'Küstenforschung GmbH', role: 'originator' },
        { person: 'Erika Mustermann', role: 'author' },
        { organisation: 'Landesamt Nord', role: 'publisher' },
        { organisation: 'Kreis Nordfriesland', role: 'custodian' },
        { organisation: 'Land Schleswig-Holstein', role: 'owner' },
      ],
      formats: [{ name: 'GeoTIFF' }],
      dates: { creation: '2020-01-01', publication: '2021-07-01', revision: '2022-03-03' },
      related: [
        { id: ids.source as string, relation: 'source' },
        { id: ids.other as string, relation: 'crossReference' },
      ],
      useConstraints: { de: 'Nutzung frei.', en: 'Free to use.' },
      accessConstraints: { en: 'No limitations.' },
      referenceSystem: 'EPSG:25832',
      temporalExtent: { start: '2020-01-01', end: '2021-12-31' },
      extent: { west: 8.2, south: 54.7, east: 8.5, north: 55.1 },
      onlineResources: [{ url: 'https://example.org/dunes/wms', protocol: 'wms' }],
    });

    const cswAnswer = await cswGet(t.app, {
      service: 'CSW',
      version: '2.0.2',
      request: 'GetRecordById',
      id: ids.dunes,
      ElementSetName: 'full',
    });
    expect(cswAnswer.status).toBe(200);
    bodies.csw = cswAnswer.body;
    csw = descend(cswAnswer.root, 'Record')[0] as XmlElement;
    const oaiAnswer = await oaiGet(t.app, {
      verb: 'GetRecord',
      identifier: `oai:${HOST}:${ids.dunes}`,
      metadataPrefix: 'oai_dc',
    });
    expect(oaiAnswer.errors).toEqual([]);
    bodies.oai = oaiAnswer.body;
    oai = descend(oaiAnswer.root, 'GetRecord', 'record', 'metadata', 'dc')[0] as XmlElement;
    expect(csw).toBeDefined();
    expect(oai).toBeDefined();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the same values for the elements without language', () => {
    const same: [string, string[]][] = [
      // The originator made the resource; not the point of contact, custodian or owner.
      ['creator', ['Küstenforschung GmbH']],
      ['contributor', ['Erika Mustermann']],
      ['publisher', ['Landesamt Nord']],
      // Free keywords, topic categories, then the INSPIRE themes by their register URI.
      ['subject', ['Küste', 'Dünen', 'environment', 'http://inspire.ec.europa.eu/theme/ge']],
      // The reference date: revision, else publication, else creation.
      ['date', ['2022-03-03']],
      ['type', ['dataset']],
      ['format', ['GeoTIFF']],
      ['source', [ids.source as string]],
      // The languages of the resource (its title and abstract), ISO 639-2/B.
      ['language', ['ger', 'eng']],
    ];
    for (const [name, expected] of same) {
      expect(values(csw, name), `csw ${name}`).toEqual(expected);
      expect(values(oai, name), `oai ${name}`).toEqual(expected);
    }
  });

  it('writes texts in one language in CSW, in each with xml:lang in oai_dc', () => {
    expect(values(csw, 'title')).toEqual(['Dünenkarte Sylt']);
    expect(inLanguage('title', 'de')).toEqual(['Dünenkarte Sylt']);
    expect(inLanguage('title', 'en')).toEqual(['Dune map of Sylt']);
    // The abstract: dct:abstract in CSW, the dc:description it refines in oai_dc.
    expect(values(csw, 'abstract')).toEqual(['Dünen der Insel.']);
    expect(values(csw, 'description')).toEqual([]);
    expect(inLanguage('description', 'de')).toEqual(['Dünen der Insel.']);
    expect(inLanguage('description', 'en')).toEqual(['Dunes of the island.']);
    // Rights: the licence, then each text in German when it has German, else English.
    expect(values(csw, 'rights')).toEqual(['dl-de-by-2.0', 'Nutzung frei.', 'No limitations.']);
    expect(inLanguage('rights', undefined)).toEqual(['dl-de-by-2.0']);
    expect(inLanguage('rights', 'de')).toEqual(['Nutzung frei.']);
    expect(inLanguage('rights', 'en')).toEqual(['Free to use.', 'No limitations.']);
  });

  it('identifies the record first; oai_dc adds its page and the resource identifier', () => {
    expect(values(csw, 'identifier')).toEqual([ids.dunes]);
    expect(values(oai, 'identifier')).toEqual([
      ids.dunes,
      `https://${HOST}/metadata/${ids.dunes}`,
      'https://registry.example.org/dunes',
    ]);
  });

  it('writes refinements as DCMI terms in CSW and as the elements they refine in oai_dc', () => {
    const related = [ids.source as string, ids.other as string];
    expect(values(csw, 'relation')).toEqual(related);
    expect(values(csw, 'references')).toEqual(['https://example.org/dunes/wms']);
    expect(attrOf(children(csw, 'references')[0], 'scheme')).toBe('wms');
    expect(values(oai, 'relation')).toEqual([...related, 'https://example.org/dunes/wms']);

    expect(values(csw, 'temporal')).toEqual(['start=2020-01-01; end=2021-12-31; scheme=W3C-DTF']);
    expect(values(csw, 'spatial')).toEqual(['EPSG:25832']);
    expect(textOf(descend(csw, 'BoundingBox', 'LowerCorner')[0])).toBe('8.2 54.7');
    expect(values(oai, 'coverage')).toEqual([
      'westlimit=8.2; southlimit=54.7; eastlimit=8.5; northlimit=55.1; projection=EPSG:4326',
      'start=2020-01-01; end=2021-12-31; scheme=W3C-DTF',
      'EPSG:25832',
    ]);
    // The record's last change: dct:modified in CSW; the header's datestamp in OAI-PMH.
    expect(values(csw, 'modified')).toHaveLength(1);
    expect(values(oai, 'date')).toEqual(['2022-03-03']);
  });

  it.skipIf(!hasXmllint)('both answers are valid against their schemas', () => {
    expect(validateXml(bodies.csw, CSW_SCHEMA)).toEqual(VALID);
    expect(validateXml(bodies.oai, OAI_DC_SCHEMA)).toEqual(VALID);
    // The validators do check the records: an element Dublin Core lacks is refused.
    const misspelt = (xml: string) => xml.replaceAll('dc:contributor>', 'dc:contributer>');
    expect(validateXml(misspelt(bodies.csw), CSW_SCHEMA).status).not.toBe(0);
    expect(validateXml(misspelt(bodies.oai), OAI_DC_SCHEMA).status).not.toBe(0);
  });
});
