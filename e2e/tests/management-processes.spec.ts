import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { apiInPage } from '../support/files';
import { signedIn } from '../support/records';
import { type BrowserContext, expect, type Page, test } from '../support/test';

// The processes page (issue 20, "Shown by"): an administrator starts a search index rebuild,
// watches its progress reach 100 % and reads its log, then cancels a long-running process.
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

const detail = () => page.getByTestId('process-detail');

test('starts a reindex, follows its progress to 100 % and reads its log', async () => {
  await page.goto('/management/processes');
  await expect(page.getByRole('heading', { level: 1, name: 'Prozesse' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Art des Prozesses' })).toHaveValue(
    'Neuaufbau des Suchindex',
  );
  await page.getByRole('button', { name: 'Starten' }).click();

  await expect(detail().getByRole('heading', { name: /Neuaufbau des Suchindex/ })).toBeVisible();
  await expect(
    detail().getByRole('progressbar', { name: 'Fortschritt von Neuaufbau des Suchindex: 100 %' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(detail().getByRole('cell', { name: 'Erfolgreich', exact: true })).toBeVisible();
  const log = detail().getByRole('log', { name: 'Protokoll' });
  await expect(log).toContainText('Started (try 1 of 3)');
  await expect(log).toContainText(/records indexed/);
  // The list shows it too, with who started it.
  const row = page.getByTestId('process-list').getByRole('row').nth(1);
  await expect(row).toContainText('admin');
  await expect(row).toContainText('Erfolgreich');

  // The log downloads as text.
  const download = page.waitForEvent('download');
  await detail().getByRole('button', { name: 'Protokoll herunterladen' }).click();
  expect((await download).suggestedFilename()).toMatch(/^process-.+\.log$/);

  await expect(page.getByTestId('schedule-list')).toContainText('0 4 * * 0');
  await expectAccessible(page, 'processes page with a finished reindex');
});

test('cancels a running process with the keyboard and sees it stop', async () => {
  // A long self-test stands in for a long reindex: the demo catalogue indexes in a moment.
  const started = await apiInPage(page, 'POST', '/processes', {
    kind: 'system.selftest',
    params: { steps: 600, stepMs: 100 },
  });
  expect(started.status).toBe(202);
  // Other specs on the same server start self-tests too: open this one by its id.
  const { id } = started.body as { id: string };
  const open = page
    .locator(`[data-process-id="${id}"]`)
    .getByRole('button', { name: /^Selbsttest der Worker, eingereiht/ });
  await expect(open).toBeVisible();
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(detail().getByRole('cell', { name: 'Läuft', exact: true })).toBeVisible();
  const cancel = detail().getByRole('button', { name: 'Prozess abbrechen' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(detail().getByRole('cell', { name: 'Abgebrochen', exact: true })).toBeVisible();
  await expect(detail().getByRole('log', { name: 'Protokoll' })).toContainText(
    'Canceled at a checkpoint',
  );
  await expect(detail().getByRole('button', { name: 'Prozess erneut starten' })).toBeVisible();
  await expectAccessible(page, 'processes page with a canceled process');
});

test('fits a 320 px phone in the dark scheme', async () => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/management/processes');
  await expect(page.getByRole('button', { name: 'Starten' })).toBeVisible();
  await expectAccessible(page, 'processes page at 320 px, dark');
  expect(errors).toEqual([]);
});
