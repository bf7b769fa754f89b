import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Checks the page as it is now against WCAG 2.1 AA with axe and that nothing overflows
 * sideways (a 320 px phone must not scroll horizontally). `where` names the page in
 * failure messages.
 */
export async function expectAccessible(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    result.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow, `${where} overflows sideways`).toBe(false);
}
