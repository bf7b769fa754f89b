import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { signedIn } from '../support/records';
import { type BrowserContext, expect, type Page, test } from '../support/test';

// The command console (issue 23, "Shown by"): an administrator types `reindex search` with
// completion, watches the output stream and finds the run on the processes page; short
// commands answer at once, lines are queued, the history recalls them, and a long output
// keeps only the visible lines in the page.
// One signed-in context for the whole file: the sign-in limit is shared with other specs.
test.describe.configure({ mode: 'serial' });

let admin: BrowserContext;
let page: Page;
let errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  admin = await signedIn(browser, 'admin', 'admin-demo');
  page = await admin.newPage();
  errors = collectErrors(page);
});

test.afterAll(async () => {
  await admin?.close();
});

const line = () => page.getByRole('combobox', { name: 'Befehl' });
const output = () => page.getByTestId('command-output');

test('types reindex search with completion, follows its output and opens the process', async () => {
  await page.goto('/management/command');
  await expect(page.getByRole('heading', { level: 1, name: 'Kommando' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hilfe' })).toBeVisible();
  await expect(page.getByText('reindex search', { exact: true })).toBeVisible();

  await line().click();
  await page.keyboard.type('rei');
  await expect(page.getByRole('option', { name: 'reindex' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(line()).toHaveValue('reindex ');
  await expect(page.getByRole('option', { name: 'search' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(line()).toHaveValue('reindex search ');
  await expectAccessible(page, 'command console with suggestions');
  await page.keyboard.press('Enter');
  await expect(line()).toHaveValue('');

  await expect(output()).toContainText('Läuft als Hintergrundprozess');
  await expect(output()).toContainText('> reindex search');
  await expect(output()).toContainText(/records indexed/, { timeout: 20_000 });
  await expect(output()).toContainText('Der Lauf ist beendet.');
  await expectAccessible(page, 'command console after a process run');

  await output().getByRole('link', { name: 'Prozess öffnen' }).first().click();
  await expect(page).toHaveURL(/\/management\/processes\?process=/);
  const detail = page.getByTestId('process-detail');
  await expect(detail.getByRole('heading', { name: /Lauf der Befehlskonsole/ })).toBeVisible();
  await expect(detail.getByRole('cell', { name: 'Erfolgreich', exact: true })).toBeVisible();
  await expect(detail.getByRole('log', { name: 'Protokoll' })).toContainText('> reindex search');
});

test('answers a short command at once and recalls it from the history', async () => {
  await page.goto('/management/command');
  await line().fill('show statistics');
  await page.keyboard.press('Enter');
  await expect(output()).toContainText('> show statistics');
  await expect(output()).toContainText(/Records: \d+/);
  // A mistyped argument names the expected syntax.
  await line().fill('set state of x to gone');
  await page.keyboard.press('Enter');
  await expect(output()).toContainText('Expected: set state of {id} to {state} [comment {text}]');
  // That 400 was asked for; the browser logs it as a failed resource, which is no app error.
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of 400/.test(e)));
  // ↑ on the empty line brings back the last lines, newest first.
  await page.keyboard.press('ArrowUp');
  await expect(line()).toHaveValue('set state of x to gone');
  await page.keyboard.press('ArrowUp');
  await expect(line()).toHaveValue('show statistics');
  await expect(page.getByTestId('command-history')).toContainText('reindex search');
});

test('runs a queue and keeps only the visible lines of a long output in the page', async () => {
  // A hundred lines typed one by one, then a run of up to 30 s: on two busy cores the
  // typing alone can take half a minute.
  test.slow();
  await page.goto('/management/command');
  await page.getByRole('button', { name: 'Ausgabe leeren' }).click();
  await line().click();
  for (let i = 0; i < 100; i += 1) {
    await line().fill('help');
    await page.keyboard.press('Shift+Enter');
  }
  await expect(page.getByTestId('command-queue').getByRole('listitem')).toHaveCount(100);
  await page.getByRole('button', { name: 'Warteschlange ausführen (100)' }).click();
  await expect(output()).toContainText('Der Lauf ist beendet.', { timeout: 30_000 });
  const lines = Number(await output().getAttribute('data-lines'));
  expect(lines).toBeGreaterThan(2500);
  // Only the rows in view (and a margin) are elements of the page.
  expect(await output().locator('[data-level]').count()).toBeLessThan(100);
  // Scrolling up stops following and offers the way back down.
  await output().evaluate((box) => {
    box.scrollTop = 0;
  });
  await output().focus();
  await page.keyboard.press('PageDown');
  await page.getByRole('button', { name: /Zur neuesten Zeile springen/ }).click();
  await expect(output()).toContainText('Der Lauf ist beendet.');
});

test('exports records to a ZIP and downloads it from the output', async () => {
  await page.goto('/management/command');
  await line().fill('export records to zip');
  await page.keyboard.press('Enter');
  await expect(output()).toContainText(/\d+ records exported: \/api\/v1\/commands\/exports\//, {
    timeout: 30_000,
  });
  const button = output().getByRole('button', { name: /^records-.*\.zip herunterladen$/ });
  await expectAccessible(page, 'command console with an export download');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^records-\d{8}T\d{6}Z-[\w-]+\.zip$/);
  // A ZIP begins with its local file header.
  const stream = await download.createReadStream();
  const head = await new Promise<Buffer>((resolve, reject) => {
    stream.once('data', (chunk) => resolve(Buffer.from(chunk)));
    stream.once('error', reject);
  });
  expect(head.subarray(0, 2).toString()).toBe('PK');
});

test('fits a 320 px phone in the dark scheme', async () => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/management/command');
  await expect(line()).toBeVisible();
  await line().fill('show statistics');
  await page.keyboard.press('Enter');
  await expect(output()).toContainText(/Records: \d+/);
  await expectAccessible(page, 'command console at 320 px, dark');
  expect(errors).toEqual([]);
});
