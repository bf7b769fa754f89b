import { expect, type Page } from '@playwright/test';

/**
 * Waits until the application has hydrated (`<html data-hydrated>`, set by the root): before
 * that the server-rendered buttons and menus are only drawn, and a click on them is lost. On a
 * busy machine the scripts of a page can take seconds to arrive.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 30_000 });
}

/** Opens `path` and waits for the hydrated application. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}
