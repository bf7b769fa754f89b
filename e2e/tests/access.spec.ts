import { expectAccessible } from '../support/a11y';
import { gotoHydrated } from '../support/hydration';
import { expect, type Page, test } from '../support/test';

/** Signs in through the login form that is on screen. */
async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

async function openUserMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Benutzermenü von ${name}` }).click();
  // Wait for the fade-in to end: half-transparent text would fail the contrast check.
  await expect(page.getByRole('dialog', { name: `Benutzermenü von ${name}` })).toHaveCSS(
    'opacity',
    '1',
  );
}

test.describe('sign-in', () => {
  test('the login form focuses the user name and enables submit only when both fields are filled', async ({
    page,
  }) => {
    await gotoHydrated(page, '/login');
    const username = page.getByLabel('Benutzername');
    const submit = page.getByRole('button', { name: 'Anmelden' });
    await expect(username).toBeFocused();
    await expect(submit).toBeDisabled();
    await username.fill('admin');
    await expect(submit).toBeDisabled();
    await page.getByLabel(/^Passwort/).fill('x');
    await expect(submit).toBeEnabled();
  });

  test('a wrong password shows the error toast and marks both fields invalid', async ({ page }) => {
    await gotoHydrated(page, '/login');
    await signIn(page, 'editor', 'not the password');
    const toast = page.getByRole('alert').filter({ hasText: 'Fehler' });
    await expect(toast).toContainText('Benutzername oder Passwort ist falsch.');
    await expect(page.getByLabel('Benutzername')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/^Passwort/)).toHaveAttribute('aria-invalid', 'true');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a successful sign-in closes the toast of the failed attempt before it', async ({
    page,
  }) => {
    await gotoHydrated(page, '/login');
    await signIn(page, 'editor', 'not the password');
    const toast = page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort' });
    await expect(toast).toBeVisible();
    await page.getByLabel(/^Passwort/).fill('editor-demo');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
    // Closed with the success, not by its own 10 s timer.
    await expect(toast).toHaveCount(0, { timeout: 2_000 });
  });

  test('a guarded address shows the login in place and returns there after sign-in', async ({
    page,
  }) => {
    await page.goto('/metadata/mine');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page).toHaveURL('/metadata/mine');
    expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toContain(
      '/metadata/mine',
    );
    await signIn(page, 'submitter', 'submitter-demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Datensätze' })).toBeVisible();
    await expect(page).toHaveURL('/metadata/mine');
    expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toBeNull();
  });

  test('controls differ for visitor, submitter, editor and administrator', async ({ page }) => {
    // Three sign-ins (each a deliberately slow password hash) and six pages.
    test.slow();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();

    await gotoHydrated(page, '/login');
    await signIn(page, 'submitter', 'submitter-demo');
    await expect(page).toHaveURL('/');
    await openUserMenu(page, 'Sina Submitter');
    await expect(page.getByTestId('user-menu-name')).toHaveText('submitter');
    await expect(page.getByText('submitter@geoportal.example')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profil bearbeiten' })).toBeVisible();
    await page.keyboard.press('Escape');
    // User management is for administrators: a submitter meets the login with a hint.
    await page.goto('/management/users');
    await expect(page.getByText('Sie sind als Sina Submitter angemeldet')).toBeVisible();

    await signIn(page, 'editor', 'editor-demo');
    await expect(page.getByText('Sie sind als Erik Editor angemeldet')).toBeVisible();
    await page.goto('/metadata/mine');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Datensätze' })).toBeVisible();

    await page.goto('/management/users');
    await signIn(page, 'admin', 'admin-demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Benutzermenü von Ada Admin' })).toBeVisible();
  });

  test('logout clears accessToken and principal', async ({ page }) => {
    await gotoHydrated(page, '/login');
    await signIn(page, 'editor', 'editor-demo');
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^[\w-]{43}$/);
    expect(await page.evaluate(() => localStorage.getItem('principal'))).toContain('"editor"');
    await openUserMenu(page, 'Erik Editor');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('principal'))).toBeNull();
  });

  test('a session that ended on the server meets the login with returnTo at its next call', async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, '/login');
    await signIn(page, 'submitter', 'submitter-demo');
    await expect(page).toHaveURL('/');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    // The session ends on the server (as after the idle timeout).
    const dismissed = await request.get('/api/v1/access/dismiss', {
      headers: { AccessToken: token ?? '' },
    });
    expect(dismissed.status()).toBe(204);
    await openUserMenu(page, 'Sina Submitter');
    await page.getByRole('link', { name: 'Profil bearbeiten' }).click();
    await expect(page).toHaveURL('/management/profile/submitter');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toContain(
      '/management/profile/submitter',
    );
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await signIn(page, 'submitter', 'submitter-demo');
    await expect(page).toHaveURL('/management/profile/submitter');
    await expect(page.getByLabel('Vorname')).toHaveValue('Sina');
  });
});

test('the profile page and the open user menu have no accessibility violations, also at 320 px', async ({
  page,
}) => {
  // Without the fade-in, axe sees the popover as it stays, not half transparent.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoHydrated(page, '/login');
  await signIn(page, 'submitter', 'submitter-demo');
  await expect(page).toHaveURL('/');
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/management/profile/submitter');
    await expect(page.getByLabel('Vorname')).toHaveValue('Sina');
    await openUserMenu(page, 'Sina Submitter');
    await expectAccessible(page, `profile@${width}`);
    await page.keyboard.press('Escape');
  }
});
