import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { type BrowserContext, expect, type Page, test } from '../support/test';

// Issue 18, points 6–8 and 14: importing a file twice asks instead of duplicating; editors
// review from a page of their own with comments in the history, manage every record in "my
// records", and publishers see states in the search; on a phone the editor's actions stay
// in reach. Serial, with one sign-in per role.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const reviewTitle = `E2E Prüfung Moorkataster ${stamp}`;

let submitter: BrowserContext;
let editor: BrowserContext;
let reviewPath = '';

test.beforeAll(async ({ browser }) => {
  submitter = await signedIn(browser, 'submitter', 'submitter-demo');
  editor = await signedIn(browser, 'editor', 'editor-demo');
});

test.afterAll(async () => {
  await submitter?.close();
  await editor?.close();
});

const main = (page: Page) => page.getByRole('main');

/** The record's ISO 19139 export, read in the page with the user's session. */
async function exportXml(page: Page, id: string): Promise<string> {
  return page.evaluate(async (recordId) => {
    const response = await fetch(`/api/v1/object/${recordId}?format=iso19139`, {
      headers: { AccessToken: localStorage.getItem('accessToken') ?? '' },
    });
    return response.text();
  }, id);
}

/** Chooses `xml` as the file of the editor's import button. */
async function importFile(page: Page, xml: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'moor.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(xml),
  });
}

test('importing a file a second time asks: update the record or import a copy', async () => {
  test.setTimeout(90_000);
  const page = await submitter.newPage();
  const errors = collectErrors(page);
  const original = await createRecordInPage(page, completeMetadata(`E2E Import ${stamp}`));
  const xml = await exportXml(page, original);
  expect(xml).toContain(original);

  await page.goto('/metadata/create');
  await importFile(page, xml);
  const question = page.getByRole('alert').filter({ hasText: 'schon einmal importiert' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('link', { name: `E2E Import ${stamp}` })).toHaveAttribute(
    'href',
    `/metadata/${original}`,
  );
  await expectAccessible(page, 'import question');

  // A copy gets an identifier of its own and opens in the editor.
  await question.getByRole('button', { name: 'Als Kopie importieren' }).click();
  await expect(page).toHaveURL(/\/metadata\/[\w-]{10,}\/edit$/);
  expect(page.url()).not.toContain(original);
  await expect(page.getByLabel('Titel (Deutsch)')).toHaveValue(`E2E Import ${stamp}`);

  // The same file again, now saved over the original as its next version.
  await page.goto('/metadata/create');
  await importFile(page, xml.replace(`E2E Import ${stamp}`, `E2E Import neu ${stamp}`));
  await page.getByRole('button', { name: 'Vorhandenen Datensatz aktualisieren' }).click();
  await expect(page).toHaveURL(`/metadata/${original}/edit`);
  await expect(page.getByLabel('Titel (Deutsch)')).toHaveValue(`E2E Import neu ${stamp}`);
  // The browser logs the refused imports (409 record.exists) the page then asked about.
  expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  await page.close();
});

test('a submission with a comment waits on the review page; the editor publishes it with one', async () => {
  test.setTimeout(120_000);
  const page = await submitter.newPage();
  const id = await createRecordInPage(page, completeMetadata(reviewTitle));
  reviewPath = `/metadata/${id}`;
  await page.goto(reviewPath);
  await main(page).getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  const submit = page.getByRole('dialog', { name: 'Zur Prüfung einreichen' });
  await submit.getByRole('textbox', { name: /Kommentar/ }).fill('Bitte die Lizenz prüfen');
  await submit.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  await expect(page.getByText('Status: Eingereicht')).toBeVisible();
  await page.close();

  const review = await editor.newPage();
  const errors = collectErrors(review);
  await review.goto('/');
  const nav = review.getByRole('navigation', { name: 'Hauptnavigation' }).first();
  // The contribute menu is not called like the workflow's publish button.
  await expect(nav.getByRole('button', { name: 'Veröffentlichen' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Erfassen' }).click();
  await review.getByRole('menuitem', { name: 'Prüfliste' }).click();
  await expect(review).toHaveURL('/metadata/review');
  await expect(review.getByRole('heading', { level: 1, name: 'Prüfliste' })).toBeVisible();
  const entry = main(review).getByRole('listitem').filter({ hasText: reviewTitle });
  await expect(entry).toContainText(/Eingereicht am .+ von submitter/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await review.emulateMedia({ colorScheme });
    for (const width of [1280, 320]) {
      await review.setViewportSize({ width, height: 800 });
      await expectAccessible(review, `review page@${width}/${colorScheme}`);
    }
  }
  await review.emulateMedia({ colorScheme: 'light' });
  await review.setViewportSize({ width: 1280, height: 800 });

  await entry.getByRole('link', { name: reviewTitle }).click();
  await expect(review).toHaveURL(reviewPath);
  await main(review).getByRole('button', { name: 'Veröffentlichen' }).click();
  const publish = review.getByRole('dialog', { name: 'Veröffentlichen' });
  await publish.getByRole('textbox', { name: /Kommentar/ }).fill('Geprüft, danke');
  await expectAccessible(review, 'publish dialog');
  await publish.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(review.getByText('Status: Veröffentlicht')).toBeVisible();
  const history = review.getByRole('region', { name: 'Verlauf' });
  await expect(history.getByText('Bitte die Lizenz prüfen')).toBeVisible();
  await expect(history.getByText('Geprüft, danke')).toBeVisible();
  expect(errors).toEqual([]);
  await review.close();
});

test('an editor finds every record in "my records", filtered by state and owner', async () => {
  test.setTimeout(90_000);
  expect(reviewPath).not.toBe('');
  const page = await editor.newPage();
  const errors = collectErrors(page);
  await page.goto('/metadata/mine');
  await page.getByRole('tab', { name: /^Alle Datensätze/ }).click();
  await page.getByRole('textbox', { name: /Eigentümer/ }).fill('submitter');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Veröffentlicht' }).click();
  await expect(page).toHaveURL(/tab=all/);
  await expect(page).toHaveURL(/owner=submitter/);
  await expect(page).toHaveURL(/state=published/);
  await expect(main(page).getByRole('link', { name: reviewTitle })).toBeVisible();
  await expect(main(page).getByRole('listitem').first()).toContainText('von submitter');
  await expectAccessible(page, 'all records');
  // The filters live in the address: a reload keeps them.
  await page.reload();
  await expect(main(page).getByRole('link', { name: reviewTitle })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Eigentümer/ })).toHaveValue('submitter');
  expect(errors).toEqual([]);
  await page.close();
});

test('signed-in publishers see the state of each search hit', async () => {
  const page = await submitter.newPage();
  const draftTitle = `E2E Suchstatus ${stamp}`;
  await createRecordInPage(page, completeMetadata(draftTitle));
  await page.goto(`/search?q=${encodeURIComponent(`"${draftTitle}"`)}`);
  const hit = page.getByTestId('search-hit').filter({ hasText: draftTitle });
  await expect(hit).toContainText('Status: Entwurf');
  await page.close();
});

test('on a phone the editor’s actions stay in reach and never cover the focused field', async () => {
  test.setTimeout(90_000);
  const page = await submitter.newPage();
  const errors = collectErrors(page);
  const id = await createRecordInPage(page, completeMetadata(`E2E Telefon ${stamp}`));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/metadata/${id}/edit`);
  const title = page.getByLabel('Titel (Deutsch)');
  await expect(title).toHaveValue(`E2E Telefon ${stamp}`);
  const save = page.getByRole('button', { name: 'Entwurf speichern' });
  const inView = async () => {
    const box = await save.boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 740;
  };
  // At the top of a page thousands of pixels long, the save button is on screen.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2000);
  expect(await inView()).toBe(true);
  await title.fill(`E2E Telefon geändert ${stamp}`);

  // Fields reached by keyboard land above the bar, not under it.
  const bar = page.getByTestId('editor-actions');
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active?.closest('form') || active.closest('[data-testid="editor-actions"]')) return null;
      return { bottom: active.getBoundingClientRect().bottom, tag: active.tagName };
    });
    const barBox = await bar.boundingBox();
    if (focused && barBox) {
      expect(focused.bottom, `${focused.tag} stays above the bar`).toBeLessThanOrEqual(
        barBox.y + 1,
      );
    }
  }
  expect(await inView()).toBe(true);
  // Checked before saving: the fading success toast is no part of the bar.
  await expectAccessible(page, 'editor on a phone');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'editor on a phone@320/dark');
  await save.click();
  await expect(page.getByText('Alle Änderungen gespeichert')).toBeVisible();
  expect(errors).toEqual([]);
  await page.close();
});
