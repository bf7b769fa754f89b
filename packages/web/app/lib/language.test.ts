// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { chooseLanguage, pendingLanguage } from './language';
import { createAppStorage } from './storage';
import { MemoryStorage } from './testing/fake-storage';

describe('language choice (SPEC §4)', () => {
  it('stores lang, mirrors it in a cookie and sets the page language', () => {
    const local = new MemoryStorage();
    chooseLanguage('en', createAppStorage({ local, session: null }));
    expect(local.getItem('lang')).toBe('en');
    expect(document.cookie).toContain('lang=en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('reports a stored language the page was not rendered in', () => {
    const storage = createAppStorage({ local: new MemoryStorage({ lang: 'en' }), session: null });
    expect(pendingLanguage('de', storage)).toBe('en');
    expect(pendingLanguage('en', storage)).toBeNull();
    expect(
      pendingLanguage('de', createAppStorage({ local: new MemoryStorage(), session: null })),
    ).toBeNull();
  });
});
