import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { apiInPage } from '../support/files';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { type BrowserContext, expect, test } from '../support/test';

// The link check (issue 20, `links.check`): an administrator runs it for one record whose
// link points at an internal address; the record page shows the editor that finding, and a
// visitor sees nothing of it. (Status codes of real answers are covered by the server test
// against a local web server; the e2e app reaches no outside host.)
test.describe.configure({ mode: 'serial' });

let admin: BrowserContext;
let editor: BrowserContext;
let recordPath = '';
const internalUrl = 'http://10.0.0.7/intern/daten.zip';

test.beforeAll(async ({ browser }) => {
  admin = await signedIn(browser, 'admin', 'admin-demo');
  editor = await signedIn(browser, 'editor', 'editor-demo');
});

test.afterAll(async () => {
  await admin?.close();
  await editor?.close();
});

test('an administrator checks the links of a published record', async () => {
  const page = await editor.newPage();
  const id = await createRecordInPage(page, {
    ...completeMetadata(`Linkprüfung ${Date.now()}`),
    onlineResources: [{ url: internalUrl, protocol: 'download', name: 'Download' }],
  });
  for (const state of ['submitted', 'published']) {
    expect((await apiInPage(page, 'PUT', `/object/${id}/state`, { state })).status).toBe(200);
  }
  recordPath = `/metadata/${id}`;
  await page.close();

  const adminPage = await admin.newPage();
  const started = await apiInPage(adminPage, 'POST', '/processes', {
    kind: 'links.check',
    params: { recordId: id },
  });
  expect(started.status).toBe(202);
  const jobId = (started.body as { id: string }).id;
  await expect
    .poll(
      async () =>
        ((await apiInPage(adminPage, 'GET', `/processes/${jobId}`)).body as { state: string })
          .state,
      { timeout: 20_000 },
    )
    .toBe('succeeded');
  await adminPage.close();
});

test('the editor sees the finding on the record page, in both schemes and at 320 px', async () => {
  const page = await editor.newPage();
  const errors = collectErrors(page);
  await page.goto(recordPath);
  const findings = page.getByRole('region', { name: '1 Link funktioniert nicht' });
  await expect(findings).toBeVisible();
  await expect(findings.getByRole('link', { name: internalUrl })).toBeVisible();
  await expect(findings).toContainText('Nicht geprüft: Die Adresse ist intern');
  await expect(findings.locator('time')).toHaveCount(1);
  await expect(findings).toContainText(/geprüft \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  for (const [width, colorScheme] of [
    [1280, 'light'],
    [320, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `record page with link findings at ${width} px, ${colorScheme}`);
  }
  expect(errors).toEqual([]);
  await page.close();
});

test('a visitor sees the record without the finding', async ({ page }) => {
  await page.goto(recordPath);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Linkprüfung');
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible();
  await expect(page.getByText('funktioniert nicht')).toHaveCount(0);
  await expect(page.getByText('Nicht geprüft')).toHaveCount(0);
});
