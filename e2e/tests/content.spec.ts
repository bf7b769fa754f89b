import { expectAccessible } from '../support/a11y';
import { collectErrors } from '../support/console';
import { expect, test } from '../support/test';

// The e2e server reads the repository's own content/ folder (CONTENT_DIR default), so these
// tests see the pages an operator starts with.

test.describe('static pages', () => {
  test('/content/legal shows the Impressum, rendered on the server', async ({ page, request }) => {
    const response = await request.get('/content/legal');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Impressum<\/h1>/);
    expect(html).toContain('<title>Impressum · Geoportal</title>');

    const errors = collectErrors(page);
    await page.goto('/content/legal');
    await expect(page).toHaveTitle('Impressum · Geoportal');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    await expect(main.getByRole('heading', { level: 2, name: 'Anbieter' })).toBeVisible();
    await expect(main).toContainText('[Name der Behörde]');
    // A link inside the page leads to the accessibility statement, in the browser.
    await main.getByRole('link', { name: 'Erklärung zur Barrierefreiheit' }).click();
    await expect(page).toHaveURL('/content/accessibility');
    await expect(page).toHaveTitle('Erklärung zur Barrierefreiheit · Geoportal');
    expect(errors).toEqual([]);
  });

  test('/content/accessibility shows the statement with a feedback contact', async ({ page }) => {
    await page.goto('/content/accessibility');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(
      'Erklärung zur Barrierefreiheit',
    );
    for (const section of [
      'Stand der Vereinbarkeit mit den Anforderungen',
      'Nicht barrierefreie Inhalte',
      'Erstellung dieser Erklärung zur Barrierefreiheit',
      'Feedback und Kontaktangaben',
      'Durchsetzungsverfahren (Schlichtungsstelle)',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(main).toContainText('E-Mail: [E-Mail-Adresse für Rückmeldungen');
  });

  test('the English page is served with the English language cookie', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseURL as string }]);
    await page.goto('/content/accessibility');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'Accessibility statement',
    );
    await expect(page).toHaveTitle('Accessibility statement · Geoportal');
  });

  test('an unknown page answers 404 with a friendly page and a link home', async ({ page }) => {
    const response = await page.goto('/content/nope');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(page).toHaveTitle('Seite nicht gefunden · Geoportal');
    await main.getByRole('link', { name: 'Zur Startseite mit der Karte' }).click();
    await expect(page).toHaveURL('/');
  });

  for (const path of [
    '/content/..%2F..%2Fetc%2Fpasswd',
    '/content/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/content/..%5C..%5Cpackage.json',
    '/content/LEGAL',
    '/content/legal.de',
  ]) {
    test(`${path} shows the not-found page and never a file`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
        'Seite nicht gefunden',
      );
      // Neither a file's content nor the API's error message reaches the page.
      const html = await page.content();
      expect(html).not.toMatch(/root:x:|"workspaces"|A page name consists/);
    });
  }

  for (const path of ['/content/legal', '/content/accessibility', '/content/nope']) {
    test(`${path} has no accessibility violations, also at 320 px and dark`, async ({ page }) => {
      for (const [width, colorScheme] of [
        [1280, 'light'],
        [320, 'light'],
        [1280, 'dark'],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path}@${width}/${colorScheme}`);
      }
    });
  }
});
