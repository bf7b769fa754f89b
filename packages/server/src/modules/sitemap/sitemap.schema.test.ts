import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { hasXmllint, VALID, validateXml, warnWithoutXmllint } from '../../test/xml-schema.js';
import { createRecord, searchAccounts } from '../search/search.test-helpers.js';
import { readSitemap } from './sitemap.test-helpers.js';

/**
 * The sitemap index and every sitemap file are valid against the sitemaps.org schemas
 * (xmllint from Debian's libxml2-utils, offline, on the schemas in testdata/schemas).
 * Skipped, saying so, without xmllint.
 */

const schemas = new URL('./testdata/schemas/', import.meta.url);
const SITEMAP_SCHEMA = fileURLToPath(new URL('sitemap.xsd', schemas));
const INDEX_SCHEMA = fileURLToPath(new URL('siteindex.xsd', schemas));
const PUBLIC_URL = 'https://geo.example.org';

warnWithoutXmllint('sitemap.schema.test.ts');

describe.skipIf(!hasXmllint)('the sitemap against the sitemaps.org schemas', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' }, { PUBLIC_URL, SITEMAP_PAGE_SIZE: '2' });
    const tokens = await searchAccounts(t.app);
    for (const title of ['Grundwasser <Messnetz> & Partner', 'Böden', 'Straßen']) {
      await createRecord(t.app, tokens, { title: { de: title } });
    }
    await createRecord(t.app, tokens, { title: { de: 'Entwurf' } }, 'draft');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the index and every file it lists', async () => {
    const { index, files } = await readSitemap(t.app, PUBLIC_URL);
    expect(files.size).toBe(3);
    expect(validateXml(index.body, INDEX_SCHEMA)).toEqual(VALID);
    for (const [path, file] of files) {
      expect(validateXml(file.body, SITEMAP_SCHEMA), path).toEqual(VALID);
    }
  });

  it('refuses files that break the protocol (the validator does check them)', async () => {
    const { index, files } = await readSitemap(t.app, PUBLIC_URL);
    const file = files.get('/sitemap-1.xml')?.body ?? '';
    const brokenDate = file.replace(/<lastmod>[^<]*<\/lastmod>/, '<lastmod>yesterday</lastmod>');
    const noLoc = file.replace(/<loc>[^<]*<\/loc>/, '');
    for (const broken of [brokenDate, noLoc]) {
      expect(broken).not.toBe(file);
      expect(validateXml(broken, SITEMAP_SCHEMA).status).not.toBe(0);
    }
    // An index is not a sitemap file, nor the other way round.
    expect(validateXml(index.body, SITEMAP_SCHEMA).status).not.toBe(0);
    expect(validateXml(file, INDEX_SCHEMA).status).not.toBe(0);
  });
});
