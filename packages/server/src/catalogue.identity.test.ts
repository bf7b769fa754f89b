import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from './test/test-app.js';

/**
 * One catalogue, several standards: the `CATALOGUE_*` variables describe it in the CSW
 * capabilities, the OGC API Records landing page and collection, the DCAT-AP.de
 * `dcat:Catalog` and the OAI-PMH `Identify`. A `CSW_*` variable of the same name is only the
 * fallback, so the catalogue's own names win where both are set.
 */

const PUBLIC_URL = 'https://katalog.example.org';

describe.each(testDatabases)('the catalogue identity on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(database, {
      PUBLIC_URL,
      CATALOGUE_TITLE_DE: 'Landeskatalog',
      CATALOGUE_TITLE_EN: 'State catalogue',
      CSW_TITLE_DE: 'Alter Titel',
      CATALOGUE_ABSTRACT_DE: 'Die Geodaten des Landes.',
      CATALOGUE_ABSTRACT_EN: "The state's geodata.",
      CATALOGUE_KEYWORDS_EN: 'geodata, state',
      CATALOGUE_PROVIDER_NAME: 'Landesamt für Geoinformation',
      CATALOGUE_PROVIDER_SITE: 'https://landesamt.example.org',
      CATALOGUE_CONTACT_EMAIL: 'katalog@example.org',
    });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('CSW: the capabilities in the language asked for', async () => {
    const res = await t.app.inject({
      url: '/csw?service=CSW&request=GetCapabilities&LANGUAGE=eng',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<ows:Title>State catalogue</ows:Title>');
    expect(res.body).toContain("<ows:Abstract>The state's geodata.</ows:Abstract>");
    expect(res.body).toContain('<ows:Keyword>geodata</ows:Keyword>');
    expect(res.body).toContain('<ows:ProviderName>Landesamt für Geoinformation</ows:ProviderName>');
    expect(res.body).toContain('xlink:href="https://landesamt.example.org"');
    expect(res.body).toContain(
      '<ows:ElectronicMailAddress>katalog@example.org</ows:ElectronicMailAddress>',
    );
    const german = await t.app.inject({ url: '/csw?service=CSW&request=GetCapabilities' });
    expect(german.body).toContain('<ows:Title>Landeskatalog</ows:Title>');
    expect(german.body).not.toContain('Alter Titel');
  });

  it('OGC API Records: the landing page and the collection', async () => {
    const landing = await t.app.inject({
      url: '/ogcapi?f=json',
      headers: { 'accept-language': 'en' },
    });
    expect(landing.json()).toMatchObject({
      title: 'State catalogue',
      description: "The state's geodata.",
    });
    const collection = await t.app.inject({
      url: '/ogcapi/collections/metadata?f=json',
      headers: { 'accept-language': 'de' },
    });
    expect(collection.json()).toMatchObject({
      title: 'Landeskatalog',
      description: 'Die Geodaten des Landes.',
      // The German keywords are unset: the default language's (de) are unset too, so built in.
      keywords: ['Katalog', 'Metadaten', 'CSW'],
    });
  });

  it('DCAT-AP.de: title, description, publisher and home page of the dcat:Catalog', async () => {
    const res = await t.app.inject({ url: '/dcat/catalog.ttl' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"Landeskatalog"@de');
    expect(res.body).toContain('"State catalogue"@en');
    expect(res.body).toContain('"Die Geodaten des Landes."@de');
    expect(res.body).toContain('"Landesamt für Geoinformation"');
    expect(res.body).toContain('<https://landesamt.example.org>');
  });

  it('OAI-PMH: Identify names the catalogue (default language) and its contact', async () => {
    const res = await t.app.inject({ url: '/oai?verb=Identify' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<repositoryName>Landeskatalog</repositoryName>');
    expect(res.body).toContain('<adminEmail>katalog@example.org</adminEmail>');
  });
});
