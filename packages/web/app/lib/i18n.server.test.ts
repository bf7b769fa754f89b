import { describe, expect, it } from 'vitest';
import { languageOf } from './i18n.server';

const requestWith = (cookie?: string) =>
  new Request('http://localhost/', cookie ? { headers: { cookie } } : {});

describe('languageOf', () => {
  it('uses the stored language cookie', () => {
    expect(languageOf(requestWith('a=1; lang=en; b=2'))).toBe('en');
  });

  it('falls back to the first available language (de) without or with a bad cookie', () => {
    expect(languageOf(requestWith())).toBe('de');
    expect(languageOf(requestWith('lang=fr'))).toBe('de');
    expect(languageOf(requestWith('lang=<script>'))).toBe('de');
  });
});
