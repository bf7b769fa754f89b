import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { type BrowserContext, expect, type Locator, type Page, test } from '../support/test';

// The metadata editor: one submitter fills a record by keyboard, comes back to it and submits
// it; two tabs of the same record run into a lost-update conflict. Serial, one sign-in.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const title = `E2E Grundwassermessstellen ${stamp}`;

let submitter: BrowserContext;
let editPath = '';

test.beforeAll(async ({ browser }) => {
  submitter = await signedIn(browser, 'submitter', 'submitter-demo');
});

test.afterAll(async () => {
  await submitter?.close();
});

/** Focuses a control (as Tab would) and types into it with the keyboard. */
async function typeInto(page: Page, control: Locator, text: string) {
  await control.focus();
  await page.keyboard.type(text);
}

/** Picks the entry of a searchable picker by typing part of its label, ArrowDown and Enter. */
async function pick(page: Page, control: Locator, search: string, option: string) {
  await control.focus();
  await page.keyboard.type(search);
  await expect(page.getByRole('option', { name: option })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  // The first matching option is highlighted; move until ours is.
  for (let i = 0; i < 10; i++) {
    const selected = page.getByRole('option', { name: option });
    if ((await selected.getAttribute('data-combobox-selected')) !== null) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

const progress = (page: Page) => page.getByRole('navigation', { name: 'Fortschritt' });

test('a submitter fills the editor by keyboard, saves a draft, comes back and submits it', async () => {
  test.setTimeout(90_000);
  const page = await submitter.newPage();
  const errors = collectErrors(page);
  await page.goto('/metadata/create');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Only a title: a draft may be incomplete.
  await typeInto(page, page.getByLabel('Titel (Deutsch)'), title);
  await typeInto(
    page,
    page.getByLabel('Kurzbeschreibung (Deutsch)'),
    'Lage und Stammdaten der Grundwassermessstellen des Landes.',
  );
  await expect(page.getByRole('button', { name: 'Zur Prüfung einreichen' })).toBeDisabled();
  await page.getByRole('button', { name: 'Entwurf speichern' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/metadata\/[\w-]{10,}\/edit$/);
  editPath = new URL(page.url()).pathname;

  // Come back later: the saved draft loads into the editor again.
  await page.goto('/');
  await page.goto(editPath);
  await expect(page.getByLabel('Titel (Deutsch)')).toHaveValue(title);
  await expect(progress(page)).toContainText(/fehl/);

  await pick(
    page,
    page.getByRole('combobox', { name: 'Themenkategorien (ISO 19115)' }),
    'Geowiss',
    'Geowissenschaften',
  );
  await pick(page, page.getByRole('combobox', { name: 'INSPIRE-Themen' }), 'Geolo', 'Geologie');
  await typeInto(page, page.getByRole('combobox', { name: 'Freie Schlagwörter' }), 'Grundwasser');
  await page.keyboard.press('Enter');

  // Draw the extent on the map with the pointer, then check the numbers followed.
  const map = page.getByRole('region', { name: 'Karte des Begrenzungsrechtecks' });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('canvas').first()).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map has no size');
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 });
  await page.mouse.up();
  const extent = page.getByRole('group', { name: 'Begrenzungsrechteck' });
  await expect(extent.getByLabel('West', { exact: true })).not.toHaveValue('');
  const west = Number(
    (await extent.getByLabel('West', { exact: true }).inputValue()).replace(',', '.'),
  );
  const east = Number(
    (await extent.getByLabel('Ost', { exact: true }).inputValue()).replace(',', '.'),
  );
  expect(west).toBeLessThan(east);

  await page.getByLabel('Erstellt am').focus();
  await page.keyboard.type('05012024');

  await page.getByRole('button', { name: 'Kontakt hinzufügen' }).focus();
  await page.keyboard.press('Enter');
  const contact = page.getByRole('group', { name: 'Kontakt 1' });
  await typeInto(page, contact.getByLabel('Organisation'), 'Landesamt für Umwelt');
  await typeInto(page, contact.getByLabel('E-Mail'), 'grundwasser@lfu.example');
  await pick(page, contact.getByRole('combobox', { name: 'Rolle' }), 'Ansprech', 'Ansprechpartner');

  await pick(
    page,
    page.getByRole('combobox', { name: 'Lizenz' }),
    'Namensnennung',
    'Datenlizenz Deutschland – Namensnennung – Version 2.0',
  );
  await typeInto(
    page,
    page.getByLabel('Herkunft der Daten (Deutsch)'),
    'Stammdaten aus der Messnetzdatenbank, jährlich fortgeführt.',
  );

  await expect(page.getByRole('button', { name: 'Zur Prüfung einreichen' })).toBeEnabled();
  await page.getByRole('button', { name: 'Zur Prüfung einreichen' }).focus();
  await page.keyboard.press('Enter');
  // It asks first, with an optional comment for the history; typed and confirmed by keyboard.
  const ask = page.getByRole('dialog', { name: 'Zur Prüfung einreichen' });
  await expect(ask.getByRole('textbox', { name: /Kommentar/ })).toBeFocused();
  await page.keyboard.type('Erste Fassung');
  await page.keyboard.press('Tab'); // Abbrechen
  await page.keyboard.press('Tab'); // Zur Prüfung einreichen
  await expect(ask.getByRole('button', { name: 'Zur Prüfung einreichen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /eingereicht/i })
      .first(),
  ).toBeVisible();

  // The record page shows what was entered, in human form.
  const recordPath = editPath.replace(/\/edit$/, '');
  await page.goto(recordPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Status: Eingereicht')).toBeVisible();
  await expect(page.getByText('Erste Fassung')).toBeVisible();
  await expect(page.getByText('Geowissenschaften')).toBeVisible();
  await expect(page.getByRole('link', { name: 'grundwasser@lfu.example' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Datenlizenz Deutschland – Namensnennung – Version 2.0' }),
  ).toHaveAttribute('href', /govdata\.de/);
  expect(errors).toEqual([]);
  await page.close();
});

test('saving by keyboard keeps the focus on the save button, for a new record and after', async () => {
  test.setTimeout(60_000);
  const page = await submitter.newPage();
  await page.goto('/metadata/create');
  await typeInto(page, page.getByLabel('Titel (Deutsch)'), `E2E Fokus ${stamp}`);
  await page.getByRole('button', { name: 'Entwurf speichern' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/metadata\/[\w-]{10,}\/edit$/);
  // The edit page's editor took over from the create page's: the focus is on its button.
  await expect(page.getByRole('button', { name: 'Entwurf speichern' })).toBeFocused();

  await typeInto(page, page.getByLabel('Titel (Deutsch)'), ' geändert');
  await page.getByRole('button', { name: 'Entwurf speichern' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Alle Änderungen gespeichert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entwurf speichern' })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  await page.close();
});

test('a save over a newer version shows the conflict and can overwrite knowingly', async () => {
  test.setTimeout(60_000);
  const first = await submitter.newPage();
  const id = await createRecordInPage(first, completeMetadata(`E2E Konflikt ${stamp}`));
  const path = `/metadata/${id}/edit`;
  const second = await submitter.newPage();
  await first.goto(path);
  await second.goto(path);
  await expect(second.getByLabel('Titel (Deutsch)')).toHaveValue(`E2E Konflikt ${stamp}`);

  await first.getByLabel('Titel (Deutsch)').fill(`E2E Konflikt ${stamp} – erste Fassung`);
  await first.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(
    first
      .getByRole('status')
      .filter({ hasText: /gespeichert/i })
      .first(),
  ).toBeVisible();

  await second.getByLabel('Titel (Deutsch)').fill(`E2E Konflikt ${stamp} – zweite Fassung`);
  await second.getByRole('button', { name: 'Entwurf speichern' }).click();
  const dialog = second.getByRole('dialog', { name: 'Der Datensatz wurde inzwischen geändert' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('cell', { name: `E2E Konflikt ${stamp} – erste Fassung` }),
  ).toBeVisible();
  await expect(
    dialog.getByRole('cell', { name: `E2E Konflikt ${stamp} – zweite Fassung` }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Mit meiner Fassung überschreiben' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    second
      .getByRole('status')
      .filter({ hasText: /gespeichert/i })
      .first(),
  ).toBeVisible();

  await first.goto(`/metadata/${id}`);
  await expect(first.getByRole('heading', { level: 1 })).toHaveText(
    `E2E Konflikt ${stamp} – zweite Fassung`,
  );
  await first.close();
  await second.close();
});

// One test per colour scheme, each with two widths and four axe runs: together they took
// over two minutes in CI on a slow 2-core machine with a second worker beside them.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`the editor has no accessibility violations, at 1280 and 320 px, ${colorScheme}`, async () => {
    test.setTimeout(120_000);
    const page = await submitter.newPage();
    const id = await createRecordInPage(
      page,
      completeMetadata(`E2E Barrierefreiheit ${colorScheme} ${stamp}`),
    );
    const errors = collectErrors(page);
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme });
    for (const width of [1280, 320]) {
      const where = `${width}/${colorScheme}`;
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/metadata/create');
      await expect(page.getByLabel('Titel (Deutsch)')).toBeVisible();
      await expectAccessible(page, `editor (new)@${where}`);
      await page.goto(`/metadata/${id}/edit`);
      await expect(page.getByLabel('Titel (Deutsch)')).toHaveValue(
        `E2E Barrierefreiheit ${colorScheme} ${stamp}`,
      );
      // The extent map starts when the reader comes near it; axe checks it drawn.
      await page.getByRole('group', { name: 'Begrenzungsrechteck' }).scrollIntoViewIfNeeded();
      await expect(
        page
          .getByRole('region', { name: 'Karte des Begrenzungsrechtecks' })
          .locator('canvas')
          .first(),
      ).toBeVisible();
      await expectAccessible(page, `editor (record)@${where}`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
}
