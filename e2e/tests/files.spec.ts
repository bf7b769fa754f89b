import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { apiInPage, recordWebm } from '../support/files';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { type BrowserContext, expect, type Locator, type Page, test } from '../support/test';

// One journey through the files of a record (Files issue, "Shown by"): upload with progress,
// index file, hidden bundle, image and PDF previews, a video with subtitles, accessibility.
// The tests run in order on one draft and share one signed-in context of its owner; the
// editor signs in once at the end to publish it. The sign-in limit is shared with the other
// spec files, so this file signs in twice in all.
test.describe.configure({ mode: 'serial' });

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/files/${name}`, import.meta.url));
const title = `E2E Dateien ${Date.now().toString(36)}`;
// The signed URL and the browser's PDF viewer take a moment on a busy machine.
const slow = { timeout: 15_000 };

let owner: BrowserContext;
let page: Page;
let errors: string[] = [];
let id = '';

const panel = () => page.getByRole('region', { name: 'Dateien', exact: true });
const bundle = (name: string) => page.getByRole('region', { name: `Paket ${name}`, exact: true });
const picker = () => panel().locator('input[type="file"]');

/** The file's entry in its bundle: a download button (drafts are fetched with the token). */
const fileLink = (card: Locator | Page, path: string) =>
  card.getByRole('button', { name: path, exact: true });

test.beforeAll(async ({ browser }) => {
  owner = await signedIn(browser, 'submitter', 'submitter-demo');
  page = await owner.newPage();
  errors = collectErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  id = await createRecordInPage(page, completeMetadata(title));
  await page.goto(`/metadata/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test.afterAll(async () => {
  await owner?.close();
});

test('uploads two files at once with visible progress, then lists both', async () => {
  await expect(panel().getByText(/noch keine Dateien/)).toBeVisible();
  // Loopback is too fast to see progress: slow the upload down to about 16 kB/s, so the
  // 35 kB image takes a couple of seconds.
  const cdp = await owner.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 16 * 1024,
  });
  // Every percentage the page shows, recorded as it changes.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seenPercents: number[] }).seenPercents = seen;
    new MutationObserver(() => {
      for (const bar of Array.from(document.querySelectorAll('[role="progressbar"]'))) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (!seen.includes(value)) seen.push(value);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });

  await picker().setInputFiles([fixture('bild.png'), fixture('bericht.pdf')]);
  const uploads = page.getByRole('region', { name: 'Hochladen', exact: true });
  await expect(uploads.getByText('bild.png', { exact: true })).toBeVisible();
  await expect(uploads.getByText('bericht.pdf', { exact: true })).toBeVisible();
  // A percentage between the ends, in whole percent, and a bar beside it.
  await expect(uploads.getByText(/^(?:[1-9]|[1-9]\d) %$/).first()).toBeVisible();
  await expect(uploads.getByRole('progressbar').first()).toBeVisible();

  await expect(uploads.getByText('Hochgeladen: 2, in Arbeit: 0, mit Fehler: 0')).toBeVisible({
    timeout: 15_000,
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  const seen = await page.evaluate(
    () => (window as unknown as { seenPercents: number[] }).seenPercents,
  );
  expect(seen.some((percent) => percent > 0 && percent < 100)).toBe(true);
  expect(seen.every((percent) => Number.isInteger(percent))).toBe(true);

  const card = bundle('data');
  await expect(fileLink(card, 'bild.png')).toBeVisible();
  await expect(fileLink(card, 'bericht.pdf')).toBeVisible();
  await expect(card.getByText(/· image\/png$/)).toBeVisible();
  await expect(card.getByText(/· application\/pdf$/)).toBeVisible();
});

test('sets the PDF as the index file', async () => {
  const card = bundle('data');
  await card.getByRole('combobox', { name: /^Indexdatei/ }).selectOption('bericht.pdf');
  const item = card.getByRole('listitem').filter({ has: fileLink(page, 'bericht.pdf') });
  await expect(item.getByText('Indexdatei', { exact: true })).toBeVisible();
  // Stored, not only shown: after a reload the index file is still marked, and its preview
  // opens by itself.
  await page.reload();
  await expect(card.getByRole('combobox', { name: /^Indexdatei/ })).toHaveValue('bericht.pdf');
  await expect(item.getByText('Indexdatei', { exact: true })).toBeVisible();
  await expect(card.getByTitle('PDF-Datei bericht.pdf')).toBeVisible(slow);
});

test('previews the PDF in a frame whose signed URL answers the PDF', async ({ request }) => {
  const frame = bundle('data').getByTitle('PDF-Datei bericht.pdf');
  const src = await frame.getAttribute('src');
  // A draft: the frame cannot send the session token, so it gets a signed URL.
  expect(src).toMatch(new RegExp(`/api/v1/object/bearer-${id}/data/[^/]+/bericht\\.pdf$`));
  // The request fixture is a stranger without session or key: the token alone opens the file.
  const answer = await request.get(src as string);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Tampered: refused.
  const tampered = (src as string).replace(
    /\/bearer-([^/]+)\/data\/([^/]+)\//,
    '/bearer-$1/data/x$2/',
  );
  expect((await request.get(tampered)).status()).toBe(403);
});

test('previews the image and zooms it with the keyboard', async () => {
  const card = bundle('data');
  await card.getByRole('button', { name: 'Anzeigen: bild.png' }).click();
  const image = card.getByRole('img', { name: 'Bild bild.png' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(128);
  const frame = card.getByRole('region', { name: 'Bildansicht bild.png' });
  await expect(card.getByText('Zoom: 100 %')).toBeVisible();
  await frame.focus();
  await page.keyboard.press('+');
  await expect(card.getByText('Zoom: 125 %')).toBeVisible();
  await page.keyboard.press('+');
  await expect(card.getByText('Zoom: 156 %')).toBeVisible();
  await page.keyboard.press('0');
  await expect(card.getByText('Zoom: 100 %')).toBeVisible();
  // The thumbnails of the list come from the server's renderer.
  const thumbnails = card.locator('img[alt=""]');
  await expect(thumbnails).toHaveCount(2);
  await expect
    .poll(() =>
      thumbnails.evaluateAll((images: HTMLImageElement[]) =>
        images.map((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toEqual([true, true]);
});

test('plays a short video with German subtitles', async () => {
  test.setTimeout(60_000);
  const video = await recordWebm(page);
  // Into a new bundle, chosen in the upload area.
  await panel().getByRole('combobox', { name: 'Paket', exact: true }).selectOption('Neues Paket …');
  await panel().getByRole('textbox', { name: 'Name des neuen Pakets' }).fill('media');
  await picker().setInputFiles([
    { name: 'video.webm', mimeType: 'video/webm', buffer: video },
    { name: 'video.de.vtt', mimeType: 'text/vtt', buffer: readFileSync(fixture('video.de.vtt')) },
  ]);
  const card = bundle('media');
  await expect(fileLink(card, 'video.webm')).toBeVisible(slow);
  await expect(fileLink(card, 'video.de.vtt')).toBeVisible();
  await card.getByRole('button', { name: 'Anzeigen: video.webm' }).click();

  const player = card.getByLabel('Video video.webm');
  await expect(player).toBeVisible();
  const track = player.locator('track[kind="subtitles"][srclang="de"]');
  await expect(track).toHaveCount(1);
  await expect(track).toHaveAttribute('label', 'Deutsch');
  await expect(track).toHaveAttribute(
    'src',
    new RegExp(`/api/v1/object/bearer-${id}/media/[^/]+/video\\.de\\.vtt$`),
  );
  // Showing the subtitles loads the track (readyState 2) through its signed URL.
  await player.evaluate((element: HTMLVideoElement) => {
    const text = element.textTracks[0];
    if (text) text.mode = 'showing';
  });
  await expect
    .poll(() => track.evaluate((element: HTMLTrackElement) => element.readyState))
    .toBe(2);
  const played = await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    const start = element.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 700));
    element.pause();
    return { start, now: element.currentTime };
  });
  expect(played.now).toBeGreaterThan(played.start);
});

test('shows a GeoJSON file on a small map that pans and zooms with the keyboard', async () => {
  await panel().getByRole('combobox', { name: 'Paket', exact: true }).selectOption('media');
  await picker().setInputFiles(fixture('orte.geojson'));
  const card = bundle('media');
  await expect(fileLink(card, 'orte.geojson')).toBeVisible(slow);
  await card.getByRole('button', { name: 'Anzeigen: orte.geojson' }).click();
  await expect(card.getByText('2 Objekte')).toBeVisible();
  const map = card.getByRole('region', { name: 'Karte von orte.geojson' });
  await expect(map).toBeVisible(slow);
  await expect(map.getByRole('button', { name: 'Hineinzoomen' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Herauszoomen' })).toBeVisible();
  await expect(map.locator('canvas').first()).toBeVisible();
  // The focused map takes + (zoom) and the arrows (pan): the view's resolution changes.
  await map.focus();
  const before = await map.evaluate((element) => element.querySelector('canvas')?.toDataURL());
  await page.keyboard.press('-');
  await page.keyboard.press('ArrowLeft');
  await expect
    .poll(() => map.evaluate((element) => element.querySelector('canvas')?.toDataURL()))
    .not.toBe(before);
  await card.getByRole('button', { name: 'Vorschau schließen' }).click();
});

test('shows a CSV file as a table, readable at 320 px and without axe violations', async () => {
  await panel().getByRole('combobox', { name: 'Paket', exact: true }).selectOption('media');
  await picker().setInputFiles({
    name: 'pegel.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Pegel;Datum;Stand (cm)\nDresden;2026-11-01;142\n"Meißen; Elbe";2026-11-01;151\n',
    ),
  });
  const card = bundle('media');
  await expect(fileLink(card, 'pegel.csv')).toBeVisible(slow);
  await card.getByRole('button', { name: 'Anzeigen: pegel.csv' }).click();
  const table = card.getByRole('region', { name: 'Tabelle pegel.csv' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Pegel', 'Datum', 'Stand (cm)']);
  await expect(table.getByRole('row').nth(2)).toHaveText('Meißen; Elbe2026-11-01151');
  await expect(table.locator('caption')).toHaveText(
    '2 Zeilen unter der Kopfzeile, Trennzeichen: Semikolon',
  );
  await page.setViewportSize({ width: 320, height: 800 });
  await expectAccessible(page, 'CSV table preview@320');
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Vorschau schließen' }).click();
});

test('hides a bundle from visitors', async () => {
  const card = bundle('media');
  await card.getByRole('switch', { name: 'Für Besucher sichtbar' }).click({ force: true });
  await expect(card.getByText('Verborgen', { exact: true })).toBeVisible();
  await page.reload();
  await expect(bundle('media').getByText('Verborgen', { exact: true })).toBeVisible();
  await expect(bundle('data').getByText('Verborgen', { exact: true })).toHaveCount(0);
  // The owner still downloads the hidden bundle as a whole: a ZIP through a signed URL.
  const download = page.waitForEvent('download');
  await bundle('media')
    .getByRole('button', { name: 'Alle Dateien herunterladen (ZIP): media' })
    .click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe('media.zip');
  expect(zip.url()).toMatch(new RegExp(`/api/v1/object/bearer-${id}/media/[^/?]+\\?format=zip$`));
  expect(await zip.failure()).toBeNull();
});

test('the files panel has no accessibility violations, also at 320 px and dark', async () => {
  // Four axe runs over a full record page.
  test.setTimeout(120_000);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme });
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(bundle('data').getByTitle('PDF-Datei bericht.pdf')).toBeVisible(slow);
      await expect(bundle('media').getByText('Verborgen', { exact: true })).toBeVisible();
      await expectAccessible(page, `record with files (owner)@${width}/${colorScheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
});

test('a published record keeps its hidden bundle from visitors', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const submitted = await apiInPage(page, 'PUT', `/object/${id}/state`, { state: 'submitted' });
  expect(submitted.status).toBe(200);
  const editor = await signedIn(browser, 'editor', 'editor-demo');
  try {
    const published = await apiInPage(await editor.newPage(), 'PUT', `/object/${id}/state`, {
      state: 'published',
    });
    expect(published.status).toBe(200);
  } finally {
    await editor.close();
  }

  // The visitor's probes: the displayed bundle is readable, the hidden one does not exist.
  // A probe answers 202 (allowed) without a body.
  expect((await request.get(`/api/v1/object/${id}/data/try`)).status()).toBe(202);
  expect((await request.get(`/api/v1/object/${id}/media/try`)).status()).toBe(404);
  expect((await request.get(`/api/v1/object/${id}/media/video.webm`)).status()).toBe(404);

  // A public file is revalidated on every view (`no-cache`); the 304 must keep the PDF
  // framable by the record page, or a reload of the page blocks its own PDF frame (browsers
  // take the headers of a 304 over the stored ones).
  const pdf = `/api/v1/object/${id}/data/bericht.pdf`;
  const first = await request.get(pdf);
  expect(first.status()).toBe(200);
  const revalidated = await request.get(pdf, {
    headers: { 'if-none-match': first.headers().etag ?? '' },
  });
  expect(revalidated.status()).toBe(304);
  expect
    .soft(revalidated.headers()['content-security-policy'] ?? '', 'CSP of the 304 of a PDF')
    .not.toContain("frame-ancestors 'none'");

  // The visitor's page: only the displayed bundle, with plain links and its ZIP.
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    const visitorErrors = collectErrors(visitorPage);
    await visitorPage.emulateMedia({ reducedMotion: 'reduce' });
    await visitorPage.goto(`/metadata/${id}`);
    const data = visitorPage.getByRole('region', { name: 'Paket data', exact: true });
    await expect(data.getByRole('link', { name: 'bericht.pdf', exact: true })).toHaveAttribute(
      'href',
      `/api/v1/object/${id}/data/bericht.pdf`,
    );
    await expect(visitorPage.getByRole('region', { name: 'Paket media' })).toHaveCount(0);
    const zip = data.getByRole('link', { name: 'Alle Dateien herunterladen (ZIP): data' });
    const href = await zip.getAttribute('href');
    expect(href).toBe(`/api/v1/object/${id}/data?format=zip`);
    const archive = await request.get(href as string);
    expect(archive.status()).toBe(200);
    expect(archive.headers()['content-type']).toMatch(/^application\/zip/);
    expect((await archive.body()).subarray(0, 2).toString()).toBe('PK');
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [320, 'dark'],
    ] as const) {
      await visitorPage.emulateMedia({ reducedMotion: 'reduce', colorScheme });
      await visitorPage.setViewportSize({ width, height: 800 });
      await visitorPage.reload();
      await expect(data.getByTitle('PDF-Datei bericht.pdf')).toBeVisible(slow);
      await expectAccessible(visitorPage, `record with files (visitor)@${width}/${colorScheme}`);
    }
    expect(visitorErrors).toEqual([]);
  } finally {
    await visitor.close();
  }
  expect(errors).toEqual([]);
});
