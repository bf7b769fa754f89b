import { ErrorBody } from '@geoportal/contract/errors';
import { Messages } from '@geoportal/contract/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('i18n endpoints on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/v1/i18n/availableLanguages lists de and en', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/i18n/availableLanguages' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['de', 'en']);
  });

  it.each([
    ['de', 'route.home', 'Karte'],
    ['en', 'route.home', 'Map'],
  ])('GET /api/v1/i18n/%s answers the translation file', async (lang, key, text) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/i18n/${lang}` });
    expect(res.statusCode).toBe(200);
    const messages = Messages.parse(res.json());
    expect(messages[key]).toBe(text);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/i18n/en' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/i18n/en',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each(['fr', 'EN', 'de-DE', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(30)])(
    'answers an unknown language %s with 404 i18n.language_not_found',
    async (lang) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/i18n/${lang}` });
      expect(res.statusCode).toBe(404);
      const body = ErrorBody.parse(res.json());
      expect(body.code).toBe('i18n.language_not_found');
      expect(body.message).toContain('Available: de, en');
    },
  );

  it('answers an absurdly long language with a 404 error body, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/i18n/${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.safeParse(res.json()).success).toBe(true);
  });
});
