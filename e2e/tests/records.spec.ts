import { expectAccessible } from '../support/a11y';
import { notTiles, watchBasemap } from '../support/basemap';
import { collectErrors } from '../support/console';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { type BrowserContext, expect, type Page, test } from '../support/test';

// One journey through the record workflow. The tests run in order and share two signed-in
// browser contexts, so the whole file signs in twice: the sign-in limit (60 a minute per
// address) is shared with the other spec files.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const publicTitle = `E2E Bodenrichtwerte ${stamp}`;
const draftTitle = `E2E Entwurf mit Schlüssel ${stamp}`;

let submitter: BrowserContext;
let editor: BrowserContext;
let publishedPath = '';
let draftPath = '';
let secret = '';

/** Creates a complete draft through the API and opens its record page; answers its path. */
async function createDraft(page: Page, title: string) {
  const id = await createRecordInPage(page, {
    ...completeMetadata(title, 'Erster Absatz.\n\nZweiter <b>Absatz</b>.'),
  });
  const path = `/metadata/${id}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Status: Entwurf')).toBeVisible();
  return path;
}

const main = (page: Page) => page.getByRole('main');

test.beforeAll(async ({ browser }) => {
  submitter = await signedIn(browser, 'submitter', 'submitter-demo');
  editor = await signedIn(browser, 'editor', 'editor-demo');
});

test.afterAll(async () => {
  await submitter?.close();
  await editor?.close();
});

test('a submitter creates and submits a record; an editor publishes it from the review queue', async () => {
  const page = await submitter.newPage();
  publishedPath = await createDraft(page, publicTitle);
  // The abstract is plain text: its markup shows as written.
  await expect(main(page).getByText('Zweiter <b>Absatz</b>.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  // Every step asks first, with an optional comment for the history.
  await page
    .getByRole('dialog', { name: 'Zur Prüfung einreichen' })
    .getByRole('button', { name: 'Zur Prüfung einreichen' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'zur Prüfung eingereicht' }),
  ).toBeVisible();
  await expect(page.getByText('Status: Eingereicht')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Einreichung zurücknehmen' })).toBeVisible();

  const review = await editor.newPage();
  await review.goto('/metadata/review');
  await expect(review.getByRole('heading', { level: 1, name: 'Prüfliste' })).toBeVisible();
  await review.getByRole('link', { name: publicTitle }).click();
  await expect(review).toHaveURL(publishedPath);
  await main(review).getByRole('button', { name: 'Veröffentlichen' }).click();
  await review
    .getByRole('dialog', { name: 'Veröffentlichen' })
    .getByRole('button', { name: 'Veröffentlichen' })
    .click();
  await expect(review.getByText('Status: Veröffentlicht')).toBeVisible();
  await expect(review.getByRole('heading', { name: 'Verlauf' })).toBeVisible();
  await expect(
    main(review).getByText(/von Eingereicht nach Veröffentlicht durch editor/),
  ).toBeVisible();
  await review.close();
  await page.close();
});

test('a visitor gets the published record rendered on the server, with JSON-LD', async ({
  page,
  request,
}) => {
  expect(publishedPath).not.toBe('');
  const response = await request.get(publishedPath);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${publicTitle}</h1>`));
  expect(html).toContain(`<title>${publicTitle} · Geoportal</title>`);
  const block = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  expect(block, 'a JSON-LD block').not.toBeNull();
  const jsonLd = JSON.parse(block?.[1] ?? '');
  expect(jsonLd).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: publicTitle,
    url: expect.stringContaining(publishedPath),
  });

  const errors = collectErrors(page);
  // The extent map (Lower Saxony) draws the basemap's vector tiles around the box (with the
  // states' borders and named places), never a whole layer's GeoJSON.
  const basemap = watchBasemap(page);
  await page.goto(publishedPath);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(publicTitle);
  await basemap.firstTile;
  await expect(page.getByTestId('extent-map')).toBeVisible();
  expect(notTiles(basemap.paths)).toEqual([]);
  await expect(page.getByText('Status: Veröffentlicht')).toBeVisible();
  // A visitor gets no workflow step and no way to edit (the map's zoom buttons are all).
  await expect(
    main(page).getByRole('button', { name: /einreichen|Veröffentlichen|zurück|Löschen/ }),
  ).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Teilen und Zugriff' })).toHaveCount(0);
  // From the box to the main map, with the catalogue around it.
  await main(page).getByRole('link', { name: 'Auf der großen Karte zeigen' }).click();
  await expect(page).toHaveURL(/\/\?bbox=9\.5%2C52\.1%2C11\.6%2C53$/);
  await expect(page.getByRole('region', { name: 'Karte' })).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('a visitor opens a draft with a read key from its sharing panel', async ({ browser }) => {
  const page = await submitter.newPage();
  draftPath = await createDraft(page, draftTitle);
  const sharing = page.getByRole('region', { name: 'Teilen und Zugriff' });
  await expect(sharing.getByText('Es gibt noch keine Zugangsschlüssel.')).toBeVisible();
  await sharing.getByLabel(/^Kommentar/).fill('E2E Prüfung');
  await sharing.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zugangsschlüssel erstellt' });
  await expect(dialog.getByText(/wird nicht wieder angezeigt/)).toBeVisible();
  secret = await dialog.getByLabel('Neuer Zugangsschlüssel').inputValue();
  expect(secret.length).toBeGreaterThan(10);
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(sharing.getByText('E2E Prüfung')).toBeVisible();
  await page.close();

  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  const errors = collectErrors(guest);
  const response = await guest.goto(draftPath);
  // The server renders as a visitor: not found for search engines, the browser tries again.
  expect(response?.status()).toBe(404);
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Zugangsschlüssel erforderlich' }),
  ).toBeVisible();
  await guest.getByLabel(/^Zugangsschlüssel/).fill('not-the-key');
  await guest.getByRole('button', { name: 'Datensatz öffnen' }).click();
  await expect(
    guest.getByRole('alert').filter({ hasText: 'Schlüssel nicht angenommen' }),
  ).toBeVisible();
  await guest.getByLabel(/^Zugangsschlüssel/).fill(secret);
  await guest.getByRole('button', { name: 'Datensatz öffnen' }).click();
  await expect(main(guest).getByRole('heading', { level: 1 })).toHaveText(draftTitle);
  await expect(guest.getByText('Status: Entwurf')).toBeVisible();
  // Kept for this session only (not remembered): in session storage, not local storage.
  expect(await guest.evaluate(() => sessionStorage.getItem('AccessKey'))).not.toBeNull();
  expect(await guest.evaluate(() => localStorage.getItem('AccessKey'))).toBeNull();
  expect(errors).toEqual([]);
  await visitor.close();
});

test('a revoked key opens the draft no more', async ({ browser }) => {
  expect(secret).not.toBe('');
  const page = await submitter.newPage();
  await page.goto(draftPath);
  const sharing = page.getByRole('region', { name: 'Teilen und Zugriff' });
  await sharing.getByRole('button', { name: 'Schlüssel „E2E Prüfung“ widerrufen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zugangsschlüssel widerrufen?' });
  await dialog.getByRole('button', { name: 'Schlüssel widerrufen' }).click();
  await expect(sharing.getByText('Widerrufen', { exact: true })).toBeVisible();
  await page.close();

  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(draftPath);
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Datensatz nicht gefunden' }),
  ).toBeVisible();
  await expect(guest.getByLabel(/^Zugangsschlüssel/)).toHaveCount(0);
  // Even presented directly, the revoked key opens nothing.
  const answer = await guest.request.get(`/api/v1/object${draftPath.slice('/metadata'.length)}`, {
    headers: { 'X-Access-Key': secret },
  });
  expect(answer.status()).toBe(404);
  await visitor.close();
});

test('record page and my records have no accessibility violations, also at 320 px and dark', async ({
  page,
}) => {
  // Twelve axe runs over full pages.
  test.setTimeout(120_000);
  const owner = await submitter.newPage();
  const errors = collectErrors(owner);
  for (const colorScheme of ['light', 'dark'] as const) {
    await owner.emulateMedia({ reducedMotion: 'reduce', colorScheme });
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme });
    for (const width of [1280, 320]) {
      const where = `${width}/${colorScheme}`;
      await owner.setViewportSize({ width, height: 800 });
      await owner.goto(draftPath);
      await expect(owner.getByRole('region', { name: 'Teilen und Zugriff' })).toBeVisible();
      await expect(owner.getByText('E2E Prüfung')).toBeVisible();
      await expectAccessible(owner, `record (owner)@${where}`);
      await owner.goto('/metadata/mine');
      await expect(owner.getByRole('link', { name: draftTitle })).toBeVisible();
      await expectAccessible(owner, `my records@${where}`);

      await page.setViewportSize({ width, height: 800 });
      await page.goto(publishedPath);
      await expect(page.getByText('Status: Veröffentlicht')).toBeVisible();
      await expectAccessible(page, `record (visitor)@${where}`);
    }
  }
  expect(errors).toEqual([]);
  await owner.close();
});

test('a submitter deletes a draft from "my records" after confirming; its page is gone', async () => {
  const title = `E2E Zu löschen ${stamp}`;
  const page = await submitter.newPage();
  const path = await createDraft(page, title);
  await page.goto('/metadata/mine');
  const row = main(page).getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: `„${title}“ löschen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Datensatz löschen' });
  await expect(dialog.getByText(`„${title}“ wird mit allen Dateien gelöscht`)).toBeVisible();
  // The keyboard confirms: Tab from "Cancel" (focused first) to the delete button.
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Datensatz löschen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `„${title}“ wurde gelöscht.` }),
  ).toBeVisible();
  await expect(main(page).getByRole('link', { name: title })).toHaveCount(0);

  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Datensatz nicht gefunden' }),
  ).toBeVisible();
  const answer = await page.evaluate(
    async (id) =>
      (
        await fetch(`/api/v1/object/${id}`, {
          headers: { AccessToken: localStorage.getItem('accessToken') ?? '' },
        })
      ).status,
    path.slice('/metadata/'.length),
  );
  expect(answer).toBe(404);
  await page.close();
});
