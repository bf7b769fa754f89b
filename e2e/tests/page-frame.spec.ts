import { collectErrors } from '../support/console';
import { expect, test } from '../support/test';

test.describe('page frame', () => {
  test('the server-rendered HTML already holds the page frame', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<html lang="de"/);
    expect(html).toMatch(/<header[\s\S]*>Geoportal<\/a>[\s\S]*<\/header>/);
    expect(html).toMatch(/<main id="main"/);
    expect(html).toMatch(/<footer[\s\S]*Version \d+\.\d+\.\d+/);
    // The map is loaded only in the browser: the server sends its placeholder.
    expect(html).toContain('data-testid="map-placeholder"');
    expect(html).not.toContain('data-testid="map-viewport"');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('shows header, main region and footer', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('banner')).toContainText('Geoportal');
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(/Version \d+\.\d+\.\d+/);
      await expect(page).toHaveTitle('Karte · Geoportal');
    });
  });

  test('hydrates without console errors and loads the map part in the browser', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const mapChunk = page.waitForRequest(/\/assets\/map-view-[\w-]+\.js$/);
    await page.goto('/');
    await mapChunk;
    await expect(page.getByRole('region', { name: 'Karte', exact: true })).toBeVisible();
    await expect(page.getByTestId('map-placeholder')).toHaveCount(0);
    // Client-side navigation works after hydration.
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Suche' })).toBeVisible();
    await page.getByRole('link', { name: 'Geoportal' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('region', { name: 'Karte', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown path goes to the home page', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('region', { name: 'Karte', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown API path answers JSON, never the HTML app', async ({ request }) => {
    const response = await request.get('/api/v1/no/such/endpoint');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toEqual({
      status: 404,
      code: 'route.not_found',
      message: 'No endpoint answers GET /api/v1/no/such/endpoint.',
    });
  });

  test('the version in the footer comes from /assets/git.json', async ({ page, request }) => {
    const git = await (await request.get('/assets/git.json')).json();
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText(`Version ${git.version}`);
    await expect(page.getByRole('contentinfo')).toContainText(git.commit.slice(0, 7));
  });
});
