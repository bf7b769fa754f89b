import { collectErrors } from '../support/console';
import { apiInPage } from '../support/files';
import { hydrated } from '../support/hydration';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { type BrowserContext, expect, type Page, test } from '../support/test';

// What search engines get (issue 24, "Search engines"): robots.txt and the sitemap name the
// public records, a published record's page carries its schema.org Dataset description
// rendered on the server (safely, whatever its title holds), a draft's page never, and only
// the plain search page may be indexed. The file signs in twice (submitter and editor).
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
// A title that tries to end the JSON-LD block and run a script of its own.
const hostileTitle = `E2E Suchmaschinen </script><script>window.__seoInjected=1</script> & «${stamp}»`;
const draftTitle = `E2E Suchmaschinen Entwurf ${stamp}`;

let submitter: BrowserContext;
let editor: BrowserContext;
let publishedId = '';
let draftId = '';

/** The JSON-LD data blocks of an HTML page, parsed. */
function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? ''),
  );
}

/** The robots meta tags of an HTML page. */
const robotsMeta = (html: string) => html.match(/<meta name="robots"[^>]*>/g) ?? [];

/** Uploads a small CSV file into the record's bundle `daten`. */
async function uploadCsv(page: Page, id: string) {
  const status = await page.evaluate(async (recordId) => {
    const form = new FormData();
    form.append('filename', 'messwerte.csv');
    form.append('file', new Blob(['ort;wert\nA;1\n'], { type: 'text/csv' }), 'messwerte.csv');
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
    const response = await fetch(`/api/v1/object/${recordId}/daten/upload`, {
      method: 'POST',
      headers: {
        AccessToken: localStorage.getItem('accessToken') ?? '',
        ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
      },
      body: form,
    });
    return response.status;
  }, id);
  expect(status).toBe(201);
}

test.beforeAll(async ({ browser }) => {
  submitter = await signedIn(browser, 'submitter', 'submitter-demo');
  editor = await signedIn(browser, 'editor', 'editor-demo');
  const own = await submitter.newPage();
  publishedId = await createRecordInPage(own, {
    ...completeMetadata(hostileTitle),
    temporalExtent: { start: '2020-01-01', end: '2024-12-31' },
    onlineResources: [{ url: 'https://data.example/boden.zip', protocol: 'download' }],
  });
  await uploadCsv(own, publishedId);
  expect(
    (await apiInPage(own, 'PUT', `/object/${publishedId}/state`, { state: 'submitted' })).status,
  ).toBe(200);
  draftId = await createRecordInPage(own, completeMetadata(draftTitle));
  await own.close();
  const review = await editor.newPage();
  expect(
    (await apiInPage(review, 'PUT', `/object/${publishedId}/state`, { state: 'published' })).status,
  ).toBe(200);
  await review.close();
});

test.afterAll(async () => {
  await submitter?.close();
  await editor?.close();
});

test('a published record page carries its Dataset description, safely escaped', async ({
  page,
  request,
}) => {
  const response = await request.get(`/metadata/${publishedId}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // The title never ends the block: one data block, and no script of the title's.
  expect(html).not.toContain('<script>window.__seoInjected');
  const blocks = jsonLdBlocks(html);
  expect(blocks).toHaveLength(1);
  const dataset = blocks[0] as Record<string, unknown>;
  expect(dataset).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: hostileTitle,
    description: 'Eine vollständige Beschreibung.',
    url: expect.stringMatching(new RegExp(`/metadata/${publishedId}$`)),
    identifier: publishedId,
    keywords: expect.arrayContaining(['Geologie']),
    license: 'https://www.govdata.de/dl-de/by-2-0',
    isAccessibleForFree: true,
    creator: [
      { '@type': 'Organization', name: 'Landesamt für Geologie', email: 'info@lag.example' },
    ],
    spatialCoverage: { '@type': 'Place', geo: { '@type': 'GeoShape', box: '52.1 9.5 53 11.6' } },
    temporalCoverage: '2020-01-01/2024-12-31',
    dateCreated: '2024-05-01',
    inLanguage: 'de',
  });
  const distribution = dataset.distribution as { contentUrl: string; encodingFormat?: string }[];
  expect(distribution).toContainEqual(
    expect.objectContaining({
      '@type': 'DataDownload',
      contentUrl: expect.stringMatching(
        new RegExp(`^https?://[^/]+/api/v1/object/${publishedId}/daten/messwerte\\.csv$`),
      ),
      encodingFormat: expect.stringMatching(/^text\/(csv|plain)/),
    }),
  );
  expect(distribution).toContainEqual({
    '@type': 'DataDownload',
    contentUrl: 'https://data.example/boden.zip',
    encodingFormat: 'application/zip',
  });
  // The file the description names is there for visitors.
  const file = distribution.find((d) => d.contentUrl.endsWith('messwerte.csv'));
  const download = await request.get(new URL(file?.contentUrl ?? '').pathname);
  expect(download.status()).toBe(200);
  expect(robotsMeta(html)).toEqual([]);

  // In the browser: the page hydrates with the block in place and the title's script never runs.
  const errors = collectErrors(page);
  await page.goto(`/metadata/${publishedId}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostileTitle);
  expect(await page.evaluate(() => (window as { __seoInjected?: number }).__seoInjected)).toBe(
    undefined,
  );
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a draft, even opened by its owner, carries no description and stays out of the index', async ({
  request,
}) => {
  const response = await request.get(`/metadata/${draftId}`);
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(jsonLdBlocks(html)).toEqual([]);
  expect(robotsMeta(html)).toEqual(['<meta name="robots" content="noindex"/>']);

  const own = await submitter.newPage();
  await own.goto(`/metadata/${draftId}`);
  await hydrated(own);
  await expect(own.getByRole('heading', { level: 1, name: draftTitle })).toBeVisible();
  await expect(own.getByText('Status: Entwurf')).toBeVisible();
  await expect(own.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await own.close();
});

test('the plain search page may be indexed, its filtered variants not; home may', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/search']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(robotsMeta(await response.text()), path).toEqual([]);
  }
  for (const path of [
    '/search?q=Boden',
    '/search?fq=type%3Adataset',
    '/search?fq=bbox%3A5%2C47%2C15%2C55',
    '/search?sort=modified+desc',
    '/search?page=2',
  ]) {
    const response = await request.get(path);
    expect(robotsMeta(await response.text()), path).toEqual([
      '<meta name="robots" content="noindex"/>',
    ]);
  }

  // Navigating in the browser: a query adds noindex to the head, clearing it takes it away.
  await page.goto('/search');
  await hydrated(page);
  const robots = page.locator('head meta[name="robots"]');
  await expect(robots).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Suchbegriff' });
  await box.fill('Boden');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Boden/);
  await expect(robots).toHaveAttribute('content', 'noindex');
  await page.goBack();
  await expect(page).toHaveURL(/\/search$/);
  await expect(robots).toHaveCount(0);
});

test('robots.txt names the sitemap, which lists the published record and not the draft', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /api/');
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)?.[1] ?? '';
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const index = await (await request.get(new URL(sitemapUrl).pathname)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
  expect(files[0]).toBe('/sitemap-pages.xml');
  let all = '';
  for (const file of files) {
    const answer = await request.get(file);
    expect(answer.status(), file).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/xml; charset=utf-8');
    all += await answer.text();
  }
  expect(all).toContain(`/metadata/${publishedId}</loc>`);
  expect(all).not.toContain(draftId);
  expect(all).toContain('/content/legal</loc>');
});
