import { afterEach, describe, expect, it, vi } from 'vitest';

const { createIntlSpy } = vi.hoisted(() => ({ createIntlSpy: vi.fn() }));
vi.mock('react-intl', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-intl')>();
  createIntlSpy.mockImplementation(actual.createIntl);
  return { ...actual, createIntl: createIntlSpy };
});

const { metaFor, pageMeta } = await import('./page-meta');
const { rememberMessages } = await import('./messages');

/** The head's arguments for a page in `lang`, whose translations are `messages`. */
function argsFor(lang: 'de' | 'en', messages: Record<string, string>) {
  rememberMessages(lang, messages);
  return {
    matches: [{ id: 'root', loaderData: { lang, config: { publicUrl: 'https://geo.example' } } }],
    location: { pathname: '/search' },
  };
}

const de = {
  'app.titleSuffix': '{title} · Geoportal',
  'app.description': 'Geodaten finden',
  'nav.search': 'Suche',
};
const en = { ...de, 'nav.search': 'Search', 'app.description': 'Find geodata' };

describe('page meta', () => {
  afterEach(() => createIntlSpy.mockClear());

  it('gives the title with the product suffix, the description and the canonical link', () => {
    expect(pageMeta('nav.search')(argsFor('de', de))).toEqual([
      { title: 'Suche · Geoportal' },
      { name: 'description', content: 'Geodaten finden' },
      { tagName: 'link', rel: 'canonical', href: 'https://geo.example/search' },
    ]);
  });

  it('creates one formatter per message catalogue, however often the head renders', () => {
    const args = argsFor('de', { ...de });
    for (let i = 0; i < 20; i += 1) metaFor(args, (t) => t('nav.search'));
    expect(createIntlSpy).toHaveBeenCalledTimes(1);
  });

  it('follows a change of language (a new catalogue)', () => {
    expect(pageMeta('nav.search')(argsFor('de', de))[0]).toEqual({ title: 'Suche · Geoportal' });
    expect(pageMeta('nav.search')(argsFor('en', en))[0]).toEqual({ title: 'Search · Geoportal' });
  });

  it('falls back to the product name without root data', () => {
    expect(metaFor({ matches: [], location: { pathname: '/' } }, () => 'x')).toEqual([
      { title: 'Geoportal' },
    ]);
  });
});
