import { expectAccessible } from '../support/a11y';
import { gotoHydrated } from '../support/hydration';
import { expect, type Page, test } from '../support/test';

/** Signs in through the login form that is on screen. */
async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Waits for a success toast with `text`. */
async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Waits until the toasts have gone (10 s each): axe measures a toast's text while it fades
 * (or above a dialog's overlay) against the wrong background, so those pages are checked
 * without them.
 */
async function toastsGone(page: Page) {
  await expect(page.getByRole('button', { name: 'Meldung schließen' })).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** Picks `option` in the Mantine select or multi-select labelled `label`. */
async function pick(page: Page, label: string | RegExp, option: string) {
  // By keyboard: the field's frame, not its input, takes pointer clicks.
  await page.getByRole('combobox', { name: label }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
  // Tab closes the list; Escape would close the dialog around it.
  await page.keyboard.press('Tab');
}

test('an administrator creates a submitter in a group; the submitter replaces the temporary password and writes a draft; disabling sends their open page to the login', async ({
  browser,
}) => {
  // Four sign-ins (each a deliberately slow password hash), a password change and a draft.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const user = `anna-${suffix}`;
  const group = `Erfassung ${suffix}`;
  const temporary = `Start-${suffix}-Kennwort`;
  const chosen = `Eigenes-${suffix}-Kennwort`;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/management/users');
  await signIn(admin, 'admin', 'admin-demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
  await expect(admin.getByRole('table', { name: /Benutzer mit Gruppen/ })).toBeVisible();
  await expectAccessible(admin, 'users page');

  // Create the user; the form checks the contract's rules before sending.
  await admin.getByRole('button', { name: 'Benutzer anlegen' }).click();
  const form = admin.getByRole('dialog', { name: 'Benutzer anlegen' });
  await form.getByRole('button', { name: 'Anlegen' }).click();
  await expect(form.getByLabel('Benutzername')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Benutzername').fill(user);
  await form.getByLabel('Vorläufiges Passwort').fill(temporary);
  await form.getByLabel('Vorname').fill('Anna');
  await form.getByLabel('Nachname').fill('Berg');
  await expectAccessible(admin, 'create user dialog');
  await form.getByRole('button', { name: 'Anlegen' }).click();
  await expectToast(admin, `Benutzer ${user} wurde angelegt.`);
  await expect(form).toBeHidden();

  // A group that gives the role "submitter", with the new user as member.
  await admin.getByRole('tab', { name: 'Gruppen' }).click();
  await expect(admin).toHaveURL('/management/groups');
  await admin.getByRole('button', { name: 'Gruppe anlegen' }).click();
  const groupForm = admin.getByRole('dialog', { name: 'Gruppe anlegen' });
  await groupForm.getByRole('textbox', { name: 'Name', exact: true }).fill(group);
  await groupForm.getByLabel('Bezeichnung (Deutsch)').fill('Erfassung');
  await groupForm.getByLabel('Bezeichnung (Englisch)').fill('Submitters');
  await pick(admin, 'Rollen', 'Erfassung');
  await groupForm.getByRole('button', { name: 'Anlegen' }).click();
  await expectToast(admin, `Gruppe ${group} wurde angelegt.`);
  await admin.getByRole('button', { name: `Mitglieder von ${group}` }).click();
  const members = admin.getByRole('dialog', { name: `Mitglieder von ${group}` });
  await members.getByRole('combobox', { name: 'Benutzer hinzufügen' }).fill(user);
  await admin.getByRole('option', { name: user, exact: true }).click();
  await members.getByRole('button', { name: 'Hinzufügen' }).click();
  await expectToast(admin, `${user} ist jetzt Mitglied von ${group}.`);
  await expect(members.getByRole('listitem')).toHaveText([`${user}Entfernen`]);
  await toastsGone(admin);
  await expectAccessible(admin, 'group members dialog');
  await members.getByRole('button', { name: 'Dialog schließen' }).click();
  // Cells after the name: label, roles, members.
  const groupCells = admin.getByRole('row', { name: new RegExp(group) }).getByRole('cell');
  await expect(groupCells.nth(1)).toHaveText('Erfassung');
  await expect(groupCells.nth(2)).toHaveText('1');

  // The administrator signs out.
  await admin.getByRole('button', { name: /Benutzermenü/ }).click();
  await admin.getByRole('button', { name: 'Abmelden' }).click();
  await expect(admin.getByRole('link', { name: 'Anmelden' })).toBeVisible();

  // The new user signs in with the temporary password and is asked for a new one.
  const userContext = await browser.newContext();
  const page = await userContext.newPage();
  await gotoHydrated(page, '/login');
  await signIn(page, user, temporary);
  await expect(page).toHaveURL(`/management/profile/${user}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Neues Passwort wählen' })).toBeVisible();
  // Another signed-in page leads back here until the password is changed.
  await page.goto('/metadata/create');
  await expect(page).toHaveURL(`/management/profile/${user}`);
  // Password fields by label; their show buttons are labelled after them, too.
  const passwordField = (label: string) =>
    page.getByLabel(label).and(page.locator('input[type="password"]'));
  await passwordField('Aktuelles Passwort').fill(temporary);
  await passwordField('Neues Passwort').first().fill(chosen);
  await passwordField('Neues Passwort wiederholen').fill(chosen);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expectToast(page, 'Ihr Passwort wurde geändert.');
  await expect(page.getByRole('alert').filter({ hasText: 'Neues Passwort wählen' })).toHaveCount(0);

  // The group's role lets them create a draft.
  await page.goto('/metadata/create');
  await page.getByLabel('Titel (Deutsch)').fill(`Entwurf von ${user}`);
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page).toHaveURL(/\/metadata\/[\w-]{10,}\/edit$/);

  // The administrator signs in again and disables the user, after a confirmation.
  await admin.goto('/management/users');
  await signIn(admin, 'admin', 'admin-demo');
  await admin.getByRole('searchbox', { name: 'Suchen' }).fill(suffix);
  await expect(admin.getByRole('status').filter({ hasText: /^1 Benutzer$/ })).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(user) });
  await expect(row).toContainText('Erfassung');
  await expect(row).toContainText('Aktiv');
  await row.getByRole('button', { name: `Aktionen für ${user}` }).click();
  await admin.getByRole('menuitem', { name: 'Sperren' }).click();
  const confirm = admin.getByRole('dialog', { name: `${user} sperren?` });
  await expect(confirm).toContainText('auf allen Geräten abgemeldet');
  await confirm.getByRole('button', { name: 'Sperren' }).click();
  await expectToast(admin, `${user} ist gesperrt.`);
  await expect(row).toContainText('Gesperrt');

  // The user's open page goes to the login on its next request that needs the sign-in.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Erfassen' })
    .click();
  await page.getByRole('menuitem', { name: 'Meine Datensätze' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // The audit log shows what happened, newest first.
  await admin.getByRole('tab', { name: 'Protokoll' }).click();
  await admin.getByLabel(/^Ziel \(Benutzer, Gruppe/).fill(user);
  const entries = admin.getByRole('table', { name: 'Änderungen, neueste zuerst' });
  await expect(entries.getByRole('row').nth(1)).toContainText('Benutzer gesperrt');
  await expect(entries).toContainText('Benutzer angelegt');
  await toastsGone(admin);
  await expectAccessible(admin, 'audit page');

  await userContext.close();
  await adminContext.close();
});

test('the users page works at 320 px and in the dark scheme', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 320, height: 720 },
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  await page.goto('/management/groups');
  await signIn(page, 'admin', 'admin-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Gruppen' })).toBeVisible();
  await expectAccessible(page, 'groups page at 320 px, dark');
  await page.getByRole('tab', { name: 'Benutzer' }).click();
  await expect(page.getByRole('table', { name: /Benutzer mit Gruppen/ })).toBeVisible();
  await expectAccessible(page, 'users page at 320 px, dark');
  await context.close();
});
