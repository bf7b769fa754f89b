import { describe, expect, it } from 'vitest';
import { resolveUrl } from './http-client';

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
