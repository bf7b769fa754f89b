import { expectAccessible } from '../support/a11y';
import { apiInPage } from '../support/files';
import { signedIn } from '../support/records';
import { expect, test } from '../support/test';

// The audit log (issue 19, point 5) records process control too: an administrator starts and
// cancels a process, then finds both entries by the action filter and by the process id.
test('the audit log lists a started and canceled process under its action and id', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'admin', 'admin-demo');
  const page = await admin.newPage();
  const started = await apiInPage(page, 'POST', '/processes', {
    kind: 'system.selftest',
    params: { steps: 600, stepMs: 100 },
  });
  expect(started.status).toBe(202);
  const { id } = started.body as { id: string };
  expect((await apiInPage(page, 'POST', `/processes/${id}/cancel`)).status).toBe(202);

  await page.goto('/management/audit');
  const entries = page.getByRole('table', { name: 'Änderungen, neueste zuerst' });
  await expect(entries).toBeVisible();
  // The filter offers the new actions by name, grouped by kind.
  await page.getByRole('combobox', { name: 'Aktion' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Zugriffsschlüssel widerrufen' })).toBeVisible();
  await page.getByRole('option', { name: 'Prozess abgebrochen', exact: true }).click();
  await page.keyboard.press('Tab');
  await expect(entries.getByRole('row').nth(1)).toContainText('Prozess abgebrochen');
  await expect(entries.getByRole('row').nth(1)).toContainText(id);

  // A fresh page has no action filter; the target filter finds every entry of the process.
  await page.goto('/management/audit');
  await page.getByLabel(/^Ziel \(Benutzer, Gruppe/).fill(id);
  await expect(entries.getByRole('row')).toHaveCount(3);
  await expect(entries.getByRole('row').nth(1)).toContainText('Prozess abgebrochen');
  await expect(entries.getByRole('row').nth(2)).toContainText('Prozess gestartet');
  await expect(entries.getByRole('row').nth(2)).toContainText('kind: "system.selftest"');
  await expectAccessible(page, 'audit page with process entries');
  await admin.close();
});
