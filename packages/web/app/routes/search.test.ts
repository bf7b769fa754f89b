import { describe, expect, it } from 'vitest';
import { rememberMessages } from '../lib/messages';
import type { Route } from './+types/search';
import { meta } from './search';

rememberMessages('de', { 'app.titleSuffix': '{title} · Geoportal', 'route.search': 'Suche' });
const root = {
  id: 'root',
  loaderData: { lang: 'de', config: { publicUrl: 'https://geo.example' } },
};

/** The head entries of the search page at `path` (with its query string). */
function metaAt(path: string) {
  const url = new URL(path, 'https://geo.example');
  return meta({
    matches: [root],
    location: { pathname: url.pathname, search: url.search, hash: '' },
  } as unknown as Route.MetaArgs);
}

const noindex = { name: 'robots', content: 'noindex' };

describe('search route head', () => {
  it('lets search engines index the plain search page', () => {
    for (const path of ['/search', '/search/', '/search?q=', '/search?page=1', '/search?utm=x']) {
      const entries = metaAt(path);
      expect(entries, path).not.toContainEqual(noindex);
      expect(entries).toContainEqual({ title: 'Suche · Geoportal' });
      expect(entries).toContainEqual({
        tagName: 'link',
        rel: 'canonical',
        href: `https://geo.example${new URL(path, 'https://geo.example').pathname}`,
      });
    }
  });

  it('keeps every filtered, sorted or later variant out of their index', () => {
    for (const path of [
      '/search?q=Boden',
      '/search?fq=type%3Adataset',
      '/search?fq=bbox%3A5%2C47%2C15%2C55',
      '/search?fq=year%3A%5B2015+TO+2018%5D',
      '/search?sort=modified+desc',
      '/search?page=2',
      '/search/anything',
    ]) {
      const entries = metaAt(path);
      expect(entries, path).toContainEqual(noindex);
      // The variant still names its canonical page.
      expect(entries.some((e) => 'rel' in e && e.rel === 'canonical')).toBe(true);
    }
  });
});
