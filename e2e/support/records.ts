import { type Browser, expect, type Page } from '@playwright/test';
import { gotoHydrated } from './hydration';

/** A context signed in through the login form; the session stays in its local storage. */
export async function signedIn(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, '/login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel(/^Passwort/).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/');
  await page.close();
  return context;
}

/** A record complete enough to be submitted (INSPIRE minimum of the record schema). */
export function completeMetadata(title: string, abstract = 'Eine vollständige Beschreibung.') {
  return {
    title: { de: title },
    abstract: { de: abstract },
    topicCategories: ['geoscientificInformation'],
    classifiedKeywords: [{ classification: 'inspireTheme', code: 'ge' }],
    keywords: ['Geologie'],
    extent: { west: 9.5, south: 52.1, east: 11.6, north: 53.0 },
    dates: { creation: '2024-05-01' },
    contacts: [
      { organisation: 'Landesamt für Geologie', email: 'info@lag.example', role: 'pointOfContact' },
    ],
    licence: 'dl-de-by-2.0',
    lineage: { de: 'Digitalisiert aus Kartierungen 1:25.000.' },
  };
}

/**
 * Creates a record as the page's signed-in user through the API, from inside the page so the
 * session token and the CSRF cookie travel as the app sends them. Answers the new id.
 */
export async function createRecordInPage(page: Page, metadata: unknown, type = 'dataset') {
  if (page.url() === 'about:blank') await page.goto('/');
  return page.evaluate(
    async ({ metadata, type }) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const response = await fetch('/api/v1/object', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          AccessToken: localStorage.getItem('accessToken') ?? '',
          ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
        },
        body: JSON.stringify({ type, metadata }),
      });
      if (response.status !== 201) throw new Error(`create answered ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    },
    { metadata, type },
  );
}
