import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages, messagesOf, messagesUrl } from './messages';
import { provideMessages } from './messages.server';
import { fakeFetch, json, text } from './testing/fake-fetch';

describe('translations of a page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are loaded once from their file, however many ask at the same time', async () => {
    const fake = fakeFetch(() => json({ 'route.search': 'Search' }));
    vi.stubGlobal('fetch', fake.fetch);
    const [first, second] = await Promise.all([loadMessages('en'), loadMessages('en')]);
    expect(first).toEqual({ 'route.search': 'Search' });
    expect(second).toBe(first);
    expect(await loadMessages('en')).toBe(first);
    expect(messagesOf('en')).toBe(first);
    expect(fake.requests.map((r) => r.url)).toEqual([messagesUrl.en]);
  });

  it('reject when the file cannot be read, and are asked for again next time', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => text('gone', 404)).fetch);
    await expect(loadMessages('de')).rejects.toThrow('404');
    expect(messagesOf('de')).toBeUndefined();
    const fake = fakeFetch(() => json({ 'route.search': 'Suche' }));
    vi.stubGlobal('fetch', fake.fetch);
    await expect(loadMessages('de')).resolves.toEqual({ 'route.search': 'Suche' });
    expect(fake.requests).toHaveLength(1);
  });

  it('on the server are the shipped files themselves, without a request', async () => {
    const fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fetch);
    provideMessages('de');
    expect(messagesOf('de')).toEqual(de);
    expect(await loadMessages('de')).toEqual(de);
    expect(fake.requests).toEqual([]);
  });
});
