import type { Page } from '@playwright/test';

/**
 * Console errors and uncaught exceptions of a page (a hydration mismatch shows as one),
 * collected from the first request on. The browser reports a document's own 404 status as
 * a failed resource; pages that answer 404 on purpose are not errors of the app.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
