import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { apiInPage } from '../support/files';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { expect, type Locator, type Page, test } from '../support/test';

// The catalogue search (`/search`) over the demo records as a visitor: search by word, refine by
// facet and by a box drawn on the map, share the address, walk back, use it by keyboard only,
// and pass axe. The searches use words of the demo data that the other spec files' records
// (published while these run) do not contain, so the counts hold still.

const main = (page: Page) => page.getByRole('main');
const queryBox = (page: Page) => page.getByRole('combobox', { name: 'Suchbegriff' });
const hits = (page: Page) => page.getByTestId('search-hit');
const map = (page: Page) => page.getByRole('region', { name: 'Karte der Treffer' });

/** The number of hits the page announces ("19 Treffer, 1–10 angezeigt"). */
async function hitCount(page: Page): Promise<number> {
  const text = await page.getByTestId('search-count').textContent();
  const match = /^(\d+) Treffer/.exec(text ?? '');
  return match ? Number(match[1]) : 0;
}

/** The titles of the hits on the page, in order. */
async function hitTitles(page: Page): Promise<string[]> {
  return hits(page).getByRole('heading', { level: 3 }).allTextContents();
}

/**
 * Waits until the page shows the answer for its address: the URL changes before React has
 * rendered the new answer, so the results say which address they belong to. After an action
 * the caller first waits for the new address (the router changes it only once its loader has
 * answered), else this would compare with the old one.
 */
async function settled(page: Page) {
  const results = page.getByRole('region', { name: 'Ergebnisse' });
  const search = new URL(page.url()).searchParams.toString();
  await expect(results).toHaveAttribute('data-search', search, { timeout: 30_000 });
  await expect(results).toHaveAttribute('aria-busy', 'false');
}

/** Presses Tab until `target` has the focus (keyboard only, as a person would). */
async function tabTo(page: Page, target: Locator, limit = 200) {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Waits for the map to be drawn and ready to filter. */
async function mapReady(page: Page) {
  // OpenLayers and the borders load after hydration; two busy cores may take a while.
  await expect(map(page).locator('canvas').first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'In diesem Gebiet suchen' })).toBeEnabled();
}

test.beforeEach(async ({ page }) => {
  // Journeys through many searches with the map: give a machine shared by several test runs
  // three times the usual time.
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a visitor gets the results rendered on the server', async ({ request }) => {
  const response = await request.get('/search?q=Grundwasserneubildung');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('Mittlere Grundwasserneubildung');
  expect(html).toMatch(/\d+ Treffer, 1–\d+ angezeigt/);
  expect(html).toContain('data-testid="search-map-placeholder"');

  const refused = await request.get('/search?q=%22offen');
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('A quotation mark is not closed');
});

test('search by word, refine by facet and by a drawn box, share the address, walk back', async ({
  page,
  browser,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search');
  // Hydrated (the map runs only in the browser): from here on every change is the app's.
  await mapReady(page);
  await settled(page);
  const everything = await hitCount(page);
  expect(everything).toBeGreaterThan(50);

  // By word: the query goes into the address on Enter.
  await queryBox(page).fill('Grundwasser');
  await queryBox(page).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Grundwasser$/);
  await settled(page);
  const byWord = await hitCount(page);
  expect(byWord).toBeGreaterThan(0);
  expect(byWord).toBeLessThan(everything);
  await expect(hits(page)).toHaveCount(Math.min(10, byWord));

  // By facet: the count shrinks and a chip appears; removing the chip restores the count.
  const types = main(page).getByRole('group', { name: 'Typ' });
  const series = types.getByRole('checkbox', { name: /^Datensatzreihe \(\d+\)$/ });
  const seriesLabel = await types.locator('label', { hasText: /^Datensatzreihe \(/ }).textContent();
  const seriesCount = Number(/\((\d+)\)/.exec(seriesLabel ?? '')?.[1]);
  await series.click();
  await expect(page).toHaveURL(/fq=type%3Aseries/);
  await settled(page);
  const bySeries = await hitCount(page);
  expect(bySeries).toBeLessThan(byWord);
  expect(bySeries).toBe(seriesCount);
  const chips = page.getByRole('list', { name: 'Aktive Filter' });
  await expect(chips.getByText('Typ: Datensatzreihe')).toBeVisible();
  await page.getByRole('button', { name: 'Filter „Typ: Datensatzreihe“ entfernen' }).click();
  await expect(page).toHaveURL(/\/search\?q=Grundwasser$/);
  await settled(page);
  expect(await hitCount(page)).toBe(byWord);
  await expect(chips).toHaveCount(0);

  // Refine by a facet again, then by a box drawn around the north-west of Germany.
  await main(page)
    .getByRole('group', { name: 'Typ' })
    .getByRole('checkbox', { name: /^Datensatz \(/ })
    .click();
  await expect(page).toHaveURL(/fq=type%3Adataset/);
  await settled(page);
  const byType = await hitCount(page);
  await mapReady(page);
  await page.getByRole('button', { name: 'Rechteck zeichnen' }).click();
  await expect(page.getByRole('button', { name: 'Rechteck zeichnen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const box = await map(page).boundingBox();
  if (!box) throw new Error('The map has no size');
  // From the map's upper left quarter a small box: about Lower Saxony and Bremen.
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.35, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.45, { steps: 8 });
  await page.mouse.up();
  await expect(page).toHaveURL(/fq=bbox%3A/);
  await settled(page);
  const byBox = await hitCount(page);
  expect(byBox).toBeLessThan(byType);
  await expect(chips.getByText(/^Gebiet: /)).toBeVisible();
  const titles = await hitTitles(page);

  // The address alone brings the same results in a fresh browser.
  const shared = page.url();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(shared);
  await settled(other);
  expect(await hitCount(other)).toBe(byBox);
  expect(await hitTitles(other)).toEqual(titles);
  await expect(queryBox(other)).toHaveValue('Grundwasser');
  await expect(
    other.getByRole('list', { name: 'Aktive Filter' }).getByText('Typ: Datensatz'),
  ).toBeVisible();
  await fresh.close();

  // Back: the box goes, the facet stays.
  await page.goBack();
  await expect(page).not.toHaveURL(/bbox/);
  await settled(page);
  expect(await hitCount(page)).toBe(byType);
  await expect(chips.getByText(/^Gebiet: /)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=Grundwasser$/);
  await settled(page);
  expect(await hitCount(page)).toBe(byWord);
  expect(errors).toEqual([]);
});

test('the query box, a facet and the pages work by keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search');
  await mapReady(page);
  await settled(page);

  await tabTo(page, queryBox(page));
  await page.keyboard.type('Geologie');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Geologie$/);
  await settled(page);
  // The box keeps the focus and the text after the search.
  await expect(queryBox(page)).toBeFocused();
  await expect(queryBox(page)).toHaveValue('Geologie');
  const byWord = await hitCount(page);
  expect(byWord).toBeGreaterThan(10);

  const dataset = main(page)
    .getByRole('group', { name: 'Typ' })
    .getByRole('checkbox', { name: /^Datensatz \(/ });
  await tabTo(page, dataset);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/fq=type%3Adataset/);
  await settled(page);
  await expect(dataset).toBeChecked();
  await expect(dataset).toBeFocused();
  const byType = await hitCount(page);
  expect(byType).toBeLessThan(byWord);
  expect(byType).toBeGreaterThan(10);

  const firstPage = await hitTitles(page);
  const next = page.getByRole('navigation', { name: 'Seiten der Ergebnisse' }).getByRole('button', {
    name: 'Seite 2',
  });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await settled(page);
  // The focus moves to the top of the new list.
  await expect(page.getByRole('heading', { level: 2, name: 'Ergebnisse' })).toBeFocused();
  const secondPage = await hitTitles(page);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage).not.toEqual(firstPage);
  await expect(page.getByTestId('search-count')).toContainText('11–');
});

test('a signed-in user also finds their own draft; a visitor does not', async ({
  browser,
  page,
}) => {
  const word = `Zwergfledermausquartiere${Date.now().toString(36)}`;
  const submitter = await signedIn(browser, 'submitter', 'submitter-demo');
  const own = await submitter.newPage();
  await createRecordInPage(own, { title: { de: `${word} im Harz` } });
  // The server renders as a visitor; the browser searches again with the user's token.
  await own.goto(`/search?q=${word}`);
  await expect(hits(own)).toHaveCount(1);
  await expect(hits(own).getByRole('link', { name: `${word} im Harz` })).toBeVisible();
  await submitter.close();

  await page.goto(`/search?q=${word}`);
  await settled(page);
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await expect(page.getByTestId('search-count')).toHaveText('Keine Treffer');
});

/** Uploads a small PNG drawn in the page into the record's bundle and makes it the index file. */
async function addIndexPicture(page: Page, id: string, bundle: string, name: string) {
  const status = await page.evaluate(
    async ({ id, bundle, name }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      context.fillStyle = '#2a7f62';
      context.fillRect(0, 0, 64, 48);
      const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!png) throw new Error('no PNG');
      const form = new FormData();
      form.append('filename', name);
      form.append('file', png, name);
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const response = await fetch(`/api/v1/object/${id}/${bundle}/upload`, {
        method: 'POST',
        headers: {
          AccessToken: localStorage.getItem('accessToken') ?? '',
          ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
        },
        body: form,
      });
      return response.status;
    },
    { id, bundle, name },
  );
  expect(status).toBe(201);
  expect((await apiInPage(page, 'PUT', `/object/${id}/${bundle}/index/${name}`, true)).status).toBe(
    204,
  );
}

test('a visitor follows a keyword of a record to the records with it, shown with their thumbnails', async ({
  browser,
  page,
}) => {
  const word = `Vorschaukarte${Date.now().toString(36)}`;
  const title = `${word} der Talsperren`;
  const submitter = await signedIn(browser, 'submitter', 'submitter-demo');
  const own = await submitter.newPage();
  const id = await createRecordInPage(own, { ...completeMetadata(title), keywords: [word] });
  await addIndexPicture(own, id, 'data', 'karte.png');
  expect((await apiInPage(own, 'PUT', `/object/${id}/state`, { state: 'submitted' })).status).toBe(
    200,
  );
  await submitter.close();
  const editor = await signedIn(browser, 'editor', 'editor-demo');
  const review = await editor.newPage();
  expect(
    (await apiInPage(review, 'PUT', `/object/${id}/state`, { state: 'published' })).status,
  ).toBe(200);
  await editor.close();

  // The record page names the responsible organisation, not the owner's user name.
  await page.goto(`/metadata/${id}`);
  const identifiers = main(page).getByRole('region', { name: 'Kennung' });
  await expect(identifiers.getByText('Verantwortliche Stelle')).toBeVisible();
  await expect(
    identifiers.getByRole('link', { name: 'Landesamt für Geologie', exact: true }),
  ).toBeVisible();
  await expect(identifiers.getByText('Eigentümer')).toHaveCount(0);

  // The keyword links to the search filtered by it.
  await main(page).getByRole('link', { name: word, exact: true }).click();
  await expect(page).toHaveURL(`/search?fq=keyword%3A${word}`);
  await settled(page);
  expect(await hitTitles(page)).toEqual([title]);
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${word}`) })).toBeChecked();

  // The hit shows the record's picture, decorative, loaded.
  const picture = hits(page).first().locator('img');
  await expect(picture).toHaveAttribute('alt', '');
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
});

test('a query the server refuses says what to fix; nothing found offers help', async ({ page }) => {
  await page.goto('/search');
  await mapReady(page);
  await settled(page);
  await queryBox(page).fill('"Grundwasser');
  await queryBox(page).press('Enter');
  await expect(page).toHaveURL(/\?q=%22Grundwasser$/);
  await settled(page);
  await expect(queryBox(page)).toHaveAttribute('aria-invalid', 'true');
  // Said in the page's language, with where the problem is.
  await expect(
    main(page).getByText(/Ein Anführungszeichen ist nicht geschlossen\..*\(bei Zeichen 1\)/),
  ).toBeVisible();
  await expect(main(page).getByText(/quotation mark/)).toHaveCount(0);
  await expect(main(page).getByText('So sieht eine gültige Suche aus')).toBeVisible();

  await queryBox(page).fill('Grundwassr');
  await queryBox(page).press('Enter');
  await expect(page).toHaveURL(/\?q=Grundwassr$/);
  await settled(page);
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await expect(main(page).getByText('Prüfen Sie die Schreibweise.')).toBeVisible();
  // The typo-tolerant suggestions offer the right spelling.
  await expect(
    page
      .getByTestId('search-empty')
      .getByRole('link', { name: /^Grundwasser/ })
      .first(),
  ).toBeVisible();
});

test('the search page has no accessibility violations, also at 320 px and dark', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = collectErrors(page);
  const address = `/search?q=Grundwasser&fq=${encodeURIComponent('type:dataset')}&fq=${encodeURIComponent('bbox:5.8,47.2,15.1,55.1')}`;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme });
    for (const width of [1280, 320]) {
      const where = `${width}/${colorScheme}`;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(address);
      await settled(page);
      await mapReady(page);
      await expect(hits(page).first()).toBeVisible();
      await expectAccessible(page, `search@${where}`);
      if (width === 320) {
        // On phones a hit's text takes the card's whole width, beside no thumbnail column.
        const hit = hits(page).first();
        const text = await hit.locator('p').first().boundingBox();
        const card = await hit.boundingBox();
        expect(text?.width ?? 0).toBeGreaterThan((card?.width ?? 0) * 0.8);
        // On phones the facets fold out and the map folds away.
        await page.getByRole('button', { name: /^Filter anzeigen/ }).click();
        await expect(main(page).getByRole('group', { name: 'Typ' })).toBeVisible();
        await page.getByRole('button', { name: 'Karte ausblenden' }).click();
        await expect(map(page)).toBeHidden();
        await expectAccessible(page, `search (folded)@${where}`);
      }
    }
  }
  await page.goto('/search?q=Grundwassr');
  await settled(page);
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await expectAccessible(page, 'search (nothing found)');
  expect(errors).toEqual([]);
});
