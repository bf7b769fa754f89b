import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { signedIn } from '../support/records';
import { REMOTE_TITLE, type RemoteInstance, startRemoteInstance } from '../support/remote-instance';
import {
  type BrowserContext,
  expect as baseExpect,
  type Locator,
  type Page,
  test,
} from '../support/test';

// Harvesting (issue 25, "Shown by"): an administrator creates a CSW harvester pointing at a
// second instance of the product, tests the connection (the remote's title and record
// count), runs it, watches the counters, and finds a harvested record in the search, whose
// page names its origin and whose editor stays closed. Then the keyboard, a 320 px phone in
// the dark scheme, and deleting the harvester with its records.
// One signed-in context for the whole file: the sign-in limit is shared with other specs.
// Two busy cores run two servers, the browser and axe: each step gets three times the usual time.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

// A word no other record holds, so the searches find only this spec's records.
const word = `Moorkataster${Date.now().toString(36)}`;
const titles = [`${word} Nord`, `${word} Mitte`, `${word} Süd`];

let remote: RemoteInstance;
let admin: BrowserContext;
let page: Page;
let errors: string[] = [];
let harvesterPath = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  remote = await startRemoteInstance();
  for (const title of titles) await remote.publish(title);
  admin = await signedIn(browser, 'admin', 'admin-demo');
  page = await admin.newPage();
  errors = collectErrors(page);
});

test.afterAll(async () => {
  await admin?.close();
  await remote?.stop();
});

const lastRun = () => page.getByTestId('last-run');

/**
 * Closes the open toasts: axe measures a toast's text while it fades against the wrong
 * background, so pages are checked without them.
 */
async function closeToasts() {
  const close = page.getByRole('button', { name: 'Meldung schließen' });
  for (let round = 0; round < 10 && (await close.count()) > 0; round += 1) {
    // A closing toast fades out and leaves; one that left meanwhile is no failure.
    await close
      .first()
      .click({ force: true, timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(400);
  }
  await expect(close).toHaveCount(0, { timeout: 15_000 });
}

/** Checks the page with axe, without the toasts. */
async function accessible(where: string) {
  await closeToasts();
  await expectAccessible(page, where);
}

/** Presses Tab until `target` has the focus (keyboard only, as a person would). */
async function tabTo(target: Locator, limit = 80) {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('creates a CSW harvester and sees the remote’s title and record count', async () => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' }).first();
  await nav.getByRole('button', { name: 'Verwaltung' }).click();
  await page.getByRole('menuitem', { name: 'Harvester' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harvester' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await accessible('harvesters list');

  await page.getByRole('link', { name: 'Neuer Harvester' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neuer Harvester' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Neuer Harvester' });
  await expect(form.getByRole('textbox', { name: /^Adresse/ })).toBeVisible();

  // A wrong address and schedule are named before anything is sent.
  await form.getByRole('textbox', { name: /^Adresse/ }).fill('geo.example.org/csw');
  await form.getByRole('textbox', { name: /^Wann/ }).fill('0 25 * * *');
  await form.getByRole('button', { name: 'Harvester anlegen' }).click();
  await expect(
    form.getByText('Geben Sie einen Namen mit höchstens 200 Zeichen ein.'),
  ).toBeVisible();
  await expect(form.getByText(/beginnend mit http:\/\/ oder https:\/\//)).toBeVisible();
  await expect(form.getByText(/Das ist kein Cron-Ausdruck\. Verwenden Sie/)).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^Name/ })).toBeFocused();
  await accessible('harvester form with refused fields');

  await form.getByRole('textbox', { name: /^Name/ }).fill('Kreis Probstadt');
  await form.getByRole('textbox', { name: /^Adresse/ }).fill(remote.csw);
  await form.getByRole('textbox', { name: /^Wann/ }).fill('0 3 * * *');
  await expect(page.getByTestId('schedule-hint')).toHaveText(
    /^Um 03:00 \(UTC\)\. Nächste Läufe: .+ und .+\.$/,
  );
  await form.getByRole('checkbox', { name: /sofort veröffentlichen/ }).check();

  await form.getByRole('button', { name: 'Verbindung testen' }).click();
  const answer = form.getByRole('alert').filter({ hasText: 'Der Katalog antwortet' });
  await expect(answer).toContainText(REMOTE_TITLE, { timeout: 20_000 });
  await expect(answer).toContainText('Er bietet 3 Datensätze an.');
  await accessible('harvester form after a connection test');

  await form.getByRole('button', { name: 'Harvester anlegen' }).click();
  await expect(page).toHaveURL(/\/management\/harvesters\/[0-9a-f-]{36}$/);
  harvesterPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 2, name: 'Kreis Probstadt' })).toBeVisible();
  await expect(lastRun()).toContainText('Noch nie gelaufen');
});

test('runs the harvester and watches the counters arrive', async () => {
  await page.getByRole('button', { name: 'Jetzt ernten' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Der Lauf von Kreis Probstadt ist eingereiht.' }),
  ).toBeVisible();
  await expect(lastRun().getByText('Erfolgreich')).toBeVisible({ timeout: 60_000 });
  const counts = lastRun().getByRole('list', { name: 'Datensätze des Laufs' });
  await expect(counts).toContainText('3 neu');
  await expect(counts).toContainText('0 fehlerhaft');
  await expect(page.getByTestId('harvester-records')).toHaveText('Hält 3 Datensätze');

  // The history links the run to its process and log.
  const history = page.getByTestId('run-history');
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('3 neu');
  await accessible('harvester after a run');
  await history.getByRole('link', { name: /^Protokoll des Laufs vom/ }).click();
  await expect(page).toHaveURL(/\/management\/processes\?process=/);
  const detail = page.getByTestId('process-detail');
  await expect(
    detail.getByRole('heading', { name: /Ernte aus einem entfernten Katalog/ }),
  ).toBeVisible();
  await expect(detail.getByRole('log', { name: 'Protokoll' })).not.toBeEmpty();

  // The list shows the run too.
  await page.goto('/management/harvesters');
  const row = page
    .getByTestId('harvester-list')
    .getByRole('row')
    .filter({ hasText: 'Kreis Probstadt' });
  await expect(row).toContainText('Erfolgreich');
  await expect(row).toContainText('3 neu');
});

test('finds a harvested record in the search; its page names the origin', async () => {
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(3, { timeout: 20_000 });
  await hits.getByRole('link', { name: titles[1] }).click();
  await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();
  const origin = page.getByRole('region', { name: 'Herkunft' });
  await expect(origin).toContainText('aus einem anderen Katalog geerntet');
  await expect(origin.getByRole('link', { name: remote.csw })).toBeVisible();
  await expect(origin.getByRole('link', { name: 'Kreis Probstadt' })).toHaveAttribute(
    'href',
    harvesterPath,
  );
  // Harvested records change at their source: no way into the editor.
  await expect(page.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
  await accessible('harvested record');

  await page.goto(`${new URL(page.url()).pathname}/edit`);
  await expect(page.getByText('Dieser Datensatz kann hier nicht bearbeitet werden')).toBeVisible();
  await expect(page.getByText(/vom Harvester „Kreis Probstadt“ geerntet/)).toBeVisible();
});

test('works by keyboard: a run started and the log reached without a mouse', async () => {
  await page.goto(harvesterPath);
  const run = page.getByRole('button', { name: 'Jetzt ernten' });
  await expect(run).toBeEnabled();
  await tabTo(run);
  await page.keyboard.press('Enter');
  // Nothing changed at the remote: the second run finds every record unchanged.
  await expect(lastRun().getByRole('list', { name: 'Datensätze des Laufs' })).toContainText(
    '3 unverändert',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('run-history').getByRole('row')).toHaveCount(3);
  const log = lastRun().getByRole('link', { name: 'Prozess und Protokoll des Laufs anzeigen' });
  await tabTo(log);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/management\/processes\?process=/);
});

test('fits a 320 px phone in the dark scheme', async () => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/management/harvesters');
  await expect(page.getByTestId('harvester-list')).toBeVisible();
  await accessible('harvesters list at 320 px, dark');
  await page.goto(harvesterPath);
  await expect(lastRun()).toBeVisible();
  await accessible('harvester at 320 px, dark');
  await page.goto('/management/harvesters/new');
  await expect(page.getByRole('button', { name: 'Verbindung testen' })).toBeVisible();
  await accessible('harvester form at 320 px, dark');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
});

test('deletes the harvester after a confirmation, and its records with it', async () => {
  await page.goto(harvesterPath);
  await page.getByRole('button', { name: 'Harvester löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Den Harvester Kreis Probstadt löschen?' });
  await expect(dialog).toContainText('Die 3 von Kreis Probstadt geernteten Datensätze');
  // Cancel has the focus: Enter alone deletes nothing.
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await accessible('delete confirmation');
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(page).toHaveURL(/\/management\/harvesters$/);
  await expect(page.getByTestId('harvester-list')).toHaveCount(0, { timeout: 30_000 });

  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByTestId('search-count')).toHaveText('Keine Treffer', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
