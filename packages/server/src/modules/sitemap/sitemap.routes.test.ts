import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, testClock, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { createRecord, searchAccounts, type Tokens } from '../search/search.test-helpers.js';
import { getSitemapFile, readSitemap } from './sitemap.test-helpers.js';

/**
 * The sitemap and robots.txt over HTTP: the index lists the file of pages and as many files
 * of record pages as the public records fill at `SITEMAP_PAGE_SIZE` (2 here), each record
 * exactly once with its modification time; drafts, submissions, withdrawn and hidden records
 * never; static pages as every visitor can open them.
 */

const PUBLIC_URL = 'https://geo.example.org';

describe.each(testDatabases)('sitemap and robots.txt on $name', (database) => {
  let t: TestApp;
  let tokens: Tokens;
  let contentDir = '';
  const clock = testClock();
  const published: string[] = [];
  const notPublic: string[] = [];
  const api = () => apiCaller(t.app);

  /** The modification time of a record, as the API answers it. */
  const modifiedOf = async (id: string) =>
    (await api()('GET', `/object/${id}`, withToken(tokens.editor))).json().modified as string;

  beforeAll(async () => {
    contentDir = await mkdtemp(path.join(tmpdir(), 'sitemap-content-'));
    const page = (name: string, text = '# Seite\n') => writeFile(path.join(contentDir, name), text);
    await page('legal.de.md');
    await page('legal.en.md');
    await utimes(path.join(contentDir, 'legal.de.md'), 1_700_000_000, 1_700_000_000);
    await utimes(path.join(contentDir, 'legal.en.md'), 1_700_000_500, 1_700_000_500);
    await page('accessibility.de.md');
    await utimes(path.join(contentDir, 'accessibility.de.md'), 1_690_000_000, 1_690_000_000);
    // Not pages every visitor opens: English only, a name the server refuses, no language.
    await page('english-only.en.md');
    await page('Upper.de.md');
    await page('README.md');
    // A link out of the folder is not served, so not listed.
    const outside = await mkdtemp(path.join(tmpdir(), 'sitemap-outside-'));
    await writeFile(path.join(outside, 'secret.de.md'), '# Geheim\n');
    await symlink(path.join(outside, 'secret.de.md'), path.join(contentDir, 'secret.de.md'));
    await mkdir(path.join(contentDir, 'folder.de.md'));

    t = await createTestApp(
      database,
      { PUBLIC_URL, SITEMAP_PAGE_SIZE: '2', CONTENT_DIR: contentDir },
      { clock },
    );
    tokens = await searchAccounts(t.app);
    for (let i = 0; i < 5; i++) {
      clock.advance(60);
      published.push(await createRecord(t.app, tokens, { title: { de: `Karte ${i}` } }));
    }
    for (const state of ['draft', 'submitted', 'withdrawn'] as const) {
      notPublic.push(await createRecord(t.app, tokens, { title: { de: state } }, state));
    }
    // Published, but its owner took it out of the public's view.
    const hidden = await createRecord(t.app, tokens, { title: { de: 'Verborgen' } });
    const res = await api()('POST', `/object/${hidden}/accessControl`, withToken(tokens.owner), {
      public: false,
      grants: [],
    });
    expect(res.statusCode).toBe(200);
    notPublic.push(hidden);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(contentDir, { recursive: true, force: true });
  });

  it('robots.txt keeps crawlers out of the API and the signed-in pages and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const path of ['/api/', '/geoth/', '/login', '/management', '/metadata/*/edit']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Record pages, the search, static pages, assets and the catalogue interfaces stay open.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const open of [
      '/metadata/abcdefghij',
      '/search',
      '/content/legal',
      '/assets/a.js',
      '/oai',
    ]) {
      expect(
        disallowed.some((rule) => new RegExp(`^${rule.replace('*', '[^/]+')}`).test(open)),
        open,
      ).toBe(false);
    }
  });

  it('lists every public record once, in files of at most the page size, with lastmod', async () => {
    const { index, files, records } = await readSitemap(t.app, PUBLIC_URL);
    expect(index.entries.map((e) => e.loc)).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      `${PUBLIC_URL}/sitemap-1.xml`,
      `${PUBLIC_URL}/sitemap-2.xml`,
      `${PUBLIC_URL}/sitemap-3.xml`,
    ]);
    expect(records.map((r) => r.id).sort()).toEqual([...published].sort());
    for (const id of notPublic) expect(records.some((r) => r.id === id)).toBe(false);
    for (const record of records) {
      expect(record.loc).toBe(`${PUBLIC_URL}/metadata/${record.id}`);
      expect(record.lastmod).toBe(await modifiedOf(record.id));
    }
    for (const [i, entry] of index.entries.slice(1).entries()) {
      const file = files.get(`/sitemap-${i + 1}.xml`);
      expect(file?.entries.length).toBeLessThanOrEqual(2);
      // The file's lastmod in the index is the newest of its records.
      const newest = file?.entries
        .map((e) => e.lastmod ?? '')
        .sort()
        .at(-1);
      expect(entry.lastmod).toBe(newest);
    }
    expect([...files.values()].map((f) => f.entries.length)).toEqual([4, 2, 2, 1]);
  });

  it('lists home, search and the static pages every visitor can open', async () => {
    const file = await getSitemapFile(t.app, '/sitemap-pages.xml', 'urlset');
    expect(file.entries).toEqual([
      { loc: `${PUBLIC_URL}/` },
      { loc: `${PUBLIC_URL}/search` },
      { loc: `${PUBLIC_URL}/content/accessibility`, lastmod: '2023-07-22T04:26:40.000Z' },
      // The newer of its German and English files.
      { loc: `${PUBLIC_URL}/content/legal`, lastmod: '2023-11-14T22:21:40.000Z' },
    ]);
  });

  it('follows changes: the index is cut afresh, files cut before still hold every record once', async () => {
    const before = await readSitemap(t.app, PUBLIC_URL);
    // Without asking for the index again: a new public record is in exactly one file.
    clock.advance(60);
    const added = await createRecord(t.app, tokens, { title: { de: 'Neu' } });
    const stale = await Promise.all(
      [...before.files.keys()].map((file) => getSitemapFile(t.app, file, 'urlset')),
    );
    const ids = stale.flatMap((f) => f.entries).map((e) => e.loc.split('/').at(-1));
    expect(ids.filter((id) => id === added)).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);

    // Withdrawn: gone at once, whatever the cut.
    const withdrawn = published[0] as string;
    const res = await api()('PUT', `/object/${withdrawn}/state`, withToken(tokens.editor), {
      state: 'withdrawn',
    });
    expect(res.statusCode).toBe(200);
    const after = await readSitemap(t.app, PUBLIC_URL);
    expect(after.records.map((r) => r.id).sort()).toEqual([...published.slice(1), added].sort());
    expect(after.index.entries).toHaveLength(4);
    published.splice(0, 1, added);
  });

  it('answers 404 for a file it does not have', async () => {
    for (const url of [
      '/sitemap-4.xml',
      '/sitemap-0.xml',
      '/sitemap-01.xml',
      '/sitemap-x.xml',
      '/sitemap-1.xml.gz',
      '/sitemap-99999999999.xml',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('route.not_found');
    }
  });

  it('answers HEAD like GET, and clear caches forgets the cut', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap-1.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(t.app.memoryCaches.clearAll()).toContainEqual({ name: 'sitemap files', entries: 3 });
    const { records } = await readSitemap(t.app, PUBLIC_URL);
    expect(records).toHaveLength(5);
  });
});
