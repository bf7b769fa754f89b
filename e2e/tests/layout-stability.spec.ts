import { watchLayoutShifts } from '../support/layout-shifts';
import { signedIn } from '../support/records';
import { expect, type Page, test } from '../support/test';

// What the server renders and what the browser adds once it knows the session must take the
// same room: Lighthouse's goal is a CLS of at most 0.05 on a phone, and every shift below is
// one the reader sees. The home page's map is checked in map.spec.ts.
const phone = { width: 412, height: 823 };

/** Opens `path` in a phone-sized window, watching its layout shifts from the start. */
async function openOnPhone(page: Page, path: string) {
  await page.setViewportSize(phone);
  const layout = await watchLayoutShifts(page);
  await page.goto(path);
  return layout;
}

test.describe('nothing moves while a page loads on a phone', () => {
  test('a visitor on the search page: the sign-in link comes into room kept for it', async ({
    page,
  }) => {
    const layout = await openOnPhone(page, '/search');
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Suche' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await layout.shifts()).toEqual([]);
  });

  test('a visitor on a page that needs a sign-in: the login form replaces the wait', async ({
    page,
  }) => {
    const layout = await openOnPhone(page, '/metadata/mine');
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await layout.shifts()).toEqual([]);
  });

  test('a visitor on the editor: the login form replaces the empty editor the server sent', async ({
    page,
    request,
  }) => {
    // The empty editor is the same for everyone who may use it, so it comes with the page
    // instead of a wait for the session (the phone's first screen from the first paint on).
    const html = await (await request.get('/metadata/create')).text();
    expect(html).toContain('aria-label="Metadaten-Editor"');
    expect(html).toContain('Haben Sie die Metadaten schon als ISO-19139-XML-Datei?');
    const layout = await openOnPhone(page, '/metadata/create');
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Metadaten-Editor' })).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(await layout.shifts()).toEqual([]);
  });

  test('an editor opening the editor: it stays as the server sent it, the initials come into their room', async ({
    browser,
  }) => {
    const context = await signedIn(browser, 'editor', 'editor-demo');
    try {
      const page = await context.newPage();
      const layout = await openOnPhone(page, '/metadata/create');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByLabel('Titel (Deutsch)')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Benutzermenü/ })).toBeVisible();
      await page.waitForTimeout(1000);
      expect(await layout.shifts()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
