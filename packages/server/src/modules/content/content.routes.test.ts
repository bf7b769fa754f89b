import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentPage } from '@geoportal/contract/content';
import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

const hostile = `# Über *uns* &amp; mehr

Text mit <script>alert('x')</script>Skript und <b onclick="steal()">Handler</b>.

<p style="color: red" class="x" id="y">Gestylt</p>

[Böser Link](javascript:alert(1)) [Extern](https://example.org/a) [Intern](/content/legal)
[Mail](mailto:info@example.org) [Tel](tel:+4930123) [Protokoll-relativ](//evil.example/x)
<a href="JaVaScRiPt:alert(2)">gemischt</a> <a href="https://example.org" rel="opener">rel</a>

![Pixel](data:image/png;base64,iVBORw0KGgo=) ![Logo](https://example.org/logo.png)
<img src="x" onerror="alert(3)">
<iframe src="https://example.org"></iframe>

| Spalte | Wert |
|:-------|-----:|
| a      |    1 |

# Zweite Überschrift

> Zitat mit \`code\`
`;

describe.each(testDatabases)('content endpoints on $name', (database) => {
  let t: TestApp;
  let dir: string;
  let outside: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/content/${url}` });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'geoportal-content-'));
    outside = await mkdtemp(path.join(tmpdir(), 'geoportal-outside-'));
    await writeFile(path.join(dir, 'hostile.de.md'), hostile);
    await writeFile(path.join(dir, 'legal.de.md'), '# Impressum\n\nDeutscher Text.\n');
    await writeFile(path.join(dir, 'legal.en.md'), '# Legal notice\n\nEnglish text.\n');
    await writeFile(path.join(dir, 'untitled.de.md'), 'Nur Text, keine Überschrift.\n');
    await mkdir(path.join(dir, 'folder.de.md'));
    await writeFile(path.join(outside, 'secret.md'), '# Geheim\n\nroot:x:0:0\n');
    await symlink(path.join(outside, 'secret.md'), path.join(dir, 'escape.de.md'));
    await symlink(path.join(dir, 'legal.de.md'), path.join(dir, 'alias.de.md'));
    t = await createTestApp(database, { CONTENT_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('answers a page with its title and the HTML without the title heading', async () => {
    const res = await get('en/legal');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(ContentPage.parse(res.json())).toEqual({
      fileName: 'legal',
      lang: 'en',
      title: 'Legal notice',
      html: '<p>English text.</p>',
    });
  });

  it('falls back to the German file and says so', async () => {
    const res = await get('en/hostile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lang: 'de', title: 'Über uns & mehr' });
  });

  it('uses the file name as the title of a file without a "# " heading', async () => {
    expect((await get('de/untitled')).json()).toMatchObject({
      title: 'untitled',
      html: '<p>Nur Text, keine Überschrift.</p>',
    });
  });

  describe('sanitising', () => {
    let html: string;
    beforeAll(async () => {
      html = ContentPage.parse((await get('de/hostile')).json()).html;
    });

    it('drops scripts, event handlers, styles, frames and other attributes', () => {
      expect(html).not.toMatch(/<script|alert\('x'\)|onclick|onerror|style=|class=|iframe/i);
      // Only headings carry ids, all prefixed (see content.render.test.ts).
      expect(html.match(/ id="[^"]*"/g)?.every((id) => id.startsWith(' id="section-'))).toBe(true);
      expect(html).toContain('<p>Text mit Skript und Handler.</p>');
      expect(html).toContain('<p>Gestylt</p>');
    });

    it('keeps http(s), mailto, tel and relative links, marks external ones', () => {
      expect(html).toContain(
        '<a href="https://example.org/a" rel="noopener noreferrer">Extern</a>',
      );
      expect(html).toContain('<a href="/content/legal">Intern</a>');
      expect(html).toContain('<a href="mailto:info@example.org">Mail</a>');
      expect(html).toContain('<a href="tel:+4930123">Tel</a>');
      expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">rel</a>');
    });

    it('strips javascript: and protocol-relative link targets', () => {
      expect(html).not.toMatch(/javascript:|evil\.example/i);
      expect(html).toContain('<a>Böser Link</a>');
      expect(html).toContain('<a>gemischt</a>');
    });

    it('keeps http(s) images and drops data: and broken ones', () => {
      expect(html).toContain('<img src="https://example.org/logo.png" alt="Logo" />');
      expect(html).not.toMatch(/data:|alt="Pixel"|src="x"/);
    });

    it('keeps tables, quotes and code, and turns further h1 into h2', () => {
      expect(html).toContain('<th align="left">Spalte</th>');
      expect(html).toContain('<td align="right">1</td>');
      expect(html).toContain('<blockquote>');
      expect(html).toContain('<code>code</code>');
      expect(html).toContain('<h2 id="section-zweite-ueberschrift">Zweite Überschrift</h2>');
      expect(html).not.toMatch(/<h1|Über <em>uns/);
    });
  });

  it.each(['de/nope', 'en/nope', 'xx/legal', 'EN/legal', 'de/folder', `${'x'.repeat(40)}/legal`])(
    'answers %s with 404 content.not_found',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(ErrorBody.parse(res.json()).code).toBe('content.not_found');
    },
  );

  it.each([
    '%2e%2e%2fetc%2fpasswd',
    '..%2F..%2Fetc%2Fpasswd',
    '..%5c..',
    '.hidden',
    'legal.de',
    'legal.de.md',
    'LEGAL',
    'a/b',
    'a%2Fb',
    '..%2fescape',
    'legal%00',
    '%252e%252e%252f',
    '-legal',
    'legal%20',
    'a'.repeat(65),
    'a'.repeat(5000),
  ])('refuses the name %s with 400 content.invalid_name', async (name) => {
    const res = await get(`de/${name}`);
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.code).toBe('content.invalid_name');
    expect(res.body).not.toMatch(/root:|passwd/);
  });

  it.each(['de/../../../etc/passwd', 'de/%2e%2e/%2e%2e/etc/passwd', 'de/./legal/..'])(
    'never serves a file for the dot segments of %s (the URL is normalised first)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(ErrorBody.safeParse(res.json()).success).toBe(true);
      expect(res.body).not.toMatch(/root:/);
    },
  );

  it('accepts the longest allowed name', async () => {
    expect((await get(`de/${'a'.repeat(64)}`)).statusCode).toBe(404);
  });

  it('never follows a symbolic link out of the content folder', async () => {
    const res = await get('de/escape');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:x');
    // A link that stays inside the folder is an ordinary page.
    expect((await get('de/alias')).json()).toMatchObject({ title: 'Impressum' });
  });

  it('shows an edited file at once (the cache follows the modification time)', async () => {
    const file = path.join(dir, 'edited.de.md');
    await writeFile(file, '# Vorher\n\nAlt.\n');
    expect((await get('de/edited')).json()).toMatchObject({ title: 'Vorher' });
    // Same length, so only the modification time tells the versions apart.
    await writeFile(file, '# Danach\n\nNeu.\n');
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    expect((await get('de/edited')).json()).toMatchObject({ title: 'Danach', html: '<p>Neu.</p>' });
    await rm(file);
    expect((await get('de/edited')).statusCode).toBe(404);
  });

  it('is listed in the OpenAPI document with its schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/content/{lang}/{fileName}']).toBeDefined();
    expect(doc.components.schemas.ContentPage).toBeDefined();
  });
});
