import { describe, expect, it } from 'vitest';
import { languageOf } from './i18n.server';

const requestWith = (cookie?: string, acceptLanguage?: string) =>
  new Request('http://localhost/', {
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
    },
  });

describe('languageOf', () => {
  it('uses the stored language cookie', () => {
    expect(languageOf(requestWith('a=1; lang=en; b=2'))).toBe('en');
  });

  it('falls back to the first available language (de) without or with a bad cookie', () => {
    expect(languageOf(requestWith())).toBe('de');
    expect(languageOf(requestWith('lang=fr'))).toBe('de');
    expect(languageOf(requestWith('lang=<script>'))).toBe('de');
  });

  it("uses the browser's Accept-Language when nothing is stored", () => {
    expect(languageOf(requestWith(undefined, 'en-US,en;q=0.9'))).toBe('en');
    expect(languageOf(requestWith(undefined, 'en-GB'))).toBe('en');
    expect(languageOf(requestWith(undefined, 'fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7'))).toBe('en');
    expect(languageOf(requestWith(undefined, 'en;q=0.5,de-AT;q=0.8'))).toBe('de');
    expect(languageOf(requestWith(undefined, 'de-DE,de;q=0.9,en;q=0.8'))).toBe('de');
  });

  it('keeps the stored language over the browser one', () => {
    expect(languageOf(requestWith('lang=de', 'en-US,en;q=0.9'))).toBe('de');
    expect(languageOf(requestWith('lang=en', 'de-DE'))).toBe('en');
  });

  it('falls back to de for browsers that accept none of the product languages or send junk', () => {
    expect(languageOf(requestWith(undefined, 'fr-FR,fr;q=0.9'))).toBe('de');
    expect(languageOf(requestWith(undefined, 'en;q=0'))).toBe('de');
    expect(languageOf(requestWith(undefined, '<script>;;;,,=q'))).toBe('de');
    expect(languageOf(requestWith(undefined, `${'x-'.repeat(5000)}en`))).toBe('de');
  });
});
