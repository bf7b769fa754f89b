import { describe, expect, it } from 'vitest';
import { getJson, resolveUrl } from './http-client';

describe('resolveUrl', () => {
  it('prefixes relative API paths with the API base', () => {
    expect(resolveUrl('/api/v1', '/i18n/de')).toBe('/api/v1/i18n/de');
    expect(resolveUrl('http://127.0.0.1:8085/api/v1', 'health')).toBe(
      'http://127.0.0.1:8085/api/v1/health',
    );
  });

  it('leaves asset paths unprefixed (SPEC §7) and resolves them on the base origin', () => {
    expect(resolveUrl('/api/v1', '/assets/git.json')).toBe('/assets/git.json');
    expect(resolveUrl('http://127.0.0.1:8085/api/v1', '/assets/git.json')).toBe(
      'http://127.0.0.1:8085/assets/git.json',
    );
  });

  it('leaves absolute URLs alone', () => {
    expect(resolveUrl('/api/v1', 'https://example.org/x')).toBe('https://example.org/x');
  });
});

describe('getJson (server-side loaders)', () => {
  it('reads JSON and throws HttpRequestError with the uniform body on failure', async () => {
    const { vi } = await import('vitest');
    const { HttpRequestError } = await import('./http-client');
    const body = { status: 404, code: 'i18n.language_not_found', message: 'No such language.' };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(Response.json({ a: 1 }))
      .mockResolvedValueOnce(Response.json(body, { status: 404, statusText: 'Not Found' }));
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(getJson('http://h/api/v1', '/i18n/de')).resolves.toEqual({ a: 1 });
      const error = await getJson('http://h/api/v1', '/i18n/xx').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpRequestError);
      expect(error).toMatchObject({ status: 404, body, message: 'No such language.' });
      expect(fetch.mock.calls[0]?.[0]).toBe('http://h/api/v1/i18n/de');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
