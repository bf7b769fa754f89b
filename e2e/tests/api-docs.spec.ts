import { collectErrors } from '../support/console';
import { expect, test } from '../support/test';

test.describe('browsable API docs', () => {
  // Both addresses a person types: the assets must load from either, not only from the
  // one with the trailing slash.
  for (const path of ['/api/v1/docs', '/api/v1/docs/']) {
    test(`${path} shows the operations of the API`, async ({ page }) => {
      const errors = collectErrors(page);
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(path);
      // Swagger UI parses 1.7 MB of script and lays out the 250 KB description on the main
      // thread: under a second here, but over 10 s in CI on a slow, loaded 2-core machine.
      await expect(page.getByRole('heading', { name: /Geoportal API/ })).toBeVisible({
        timeout: 30_000,
      });
      // An operation of the catalogue, expanded to show its parameters.
      const search = page.locator('.opblock-summary-path', {
        hasText: '/api/v1/index/search/objects/{q}/{start}/{rows}',
      });
      await expect(search.first()).toBeVisible();
      await search.first().click();
      await expect(page.getByRole('cell', { name: /fq/ }).first()).toBeVisible();
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
