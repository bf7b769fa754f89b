import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, json } from '../../../lib/testing/fake-fetch';
import { getContentPage } from './get-content-page.server';

const base = 'http://127.0.0.1:8085/api/v1';
const legal = { fileName: 'legal', lang: 'en', title: 'Legal notice', html: '<p>Text</p>' };

/** Stubs the global fetch the server-side loaders use. */
function serve(handler: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(handler);
  vi.stubGlobal('fetch', fake.fetch);
  return fake.requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getContentPage', () => {
  it('reads the page in the language from the SSR API base', async () => {
    const requests = serve(() => json(legal));
    await expect(getContentPage(base, 'en', 'legal')).resolves.toEqual(legal);
    expect(requests.map((r) => r.url)).toEqual([`${base}/content/en/legal`]);
  });

  it.each([
    [404, 'content.not_found'],
    [400, 'content.invalid_name'],
  ])('answers null to a %s (%s), hiding the API error', async (status, code) => {
    serve(() => errorResponse(status, code, 'No.'));
    await expect(getContentPage(base, 'de', 'nope')).resolves.toBeNull();
  });

  it.each(['../../etc/passwd', '..\\..', 'legal.de', 'LEGAL', 'a/b', '', 'a'.repeat(65)])(
    'does not even ask the API for the name %j',
    async (name) => {
      const requests = serve(() => json(legal));
      await expect(getContentPage(base, 'de', name)).resolves.toBeNull();
      expect(requests).toEqual([]);
    },
  );

  it('throws other failures for the error page', async () => {
    serve(() => errorResponse(500, 'server.internal', 'Broken.'));
    await expect(getContentPage(base, 'de', 'legal')).rejects.toMatchObject({ status: 500 });
  });

  it('refuses an answer that is not a content page', async () => {
    serve(() => json({ html: '<script>x</script>' }));
    await expect(getContentPage(base, 'de', 'legal')).rejects.toThrow(/invalid content page/);
  });
});
