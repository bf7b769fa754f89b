// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createAppStorage } from '../storage';
import { MemoryStorage } from '../testing/fake-storage';
import {
  clearReturnTo,
  readReturnTo,
  resolveReturnTo,
  safeInAppPath,
  storeReturnTo,
  takeReturnPath,
} from './return-to';

// Routes with parameters, as the route table will hold them (SPEC §2).
vi.mock('../../route-paths', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../route-paths')>();
  const routePaths: Record<string, string> = {
    ...actual.routePaths,
    'content.static': '/content/:fileName',
    'management.profile': '/management/profile/:name?',
  };
  return { ...actual, routePaths, pathTo: (name: string) => routePaths[name] };
});

function setup() {
  const session = new MemoryStorage();
  return { session, storage: createAppStorage({ local: null, session }) };
}

describe('storing returnTo (SPEC §9: session storage)', () => {
  it('stores, reads and clears a route state as JSON under returnTo', () => {
    const { session, storage } = setup();
    storeReturnTo({ name: 'content.static', params: { fileName: 'legal' } }, storage);
    expect(session.getItem('returnTo')).toBe(
      '{"name":"content.static","params":{"fileName":"legal"}}',
    );
    expect(readReturnTo(storage)).toEqual({
      name: 'content.static',
      params: { fileName: 'legal' },
    });
    clearReturnTo(storage);
    expect(session.entries.size).toBe(0);
    expect(readReturnTo(storage)).toBeNull();
  });

  it('reads URLs and route names as strings and ignores other shapes', () => {
    const { session, storage } = setup();
    storeReturnTo('/search?q=x', storage);
    expect(readReturnTo(storage)).toBe('/search?q=x');
    session.setItem('returnTo', '{"params":{}}');
    expect(readReturnTo(storage)).toBeNull();
    session.setItem('returnTo', 'not json');
    expect(readReturnTo(storage)).toBeNull();
  });
});

describe('resolving to a safe in-app path', () => {
  it('keeps an in-app URL with its query and hash', () => {
    expect(resolveReturnTo('/search?q=wald&fq=a#map')).toBe('/search?q=wald&fq=a#map');
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    'http://evil.example/x',
    'HTTPS://evil.example/x',
    'javascript:alert(1)',
    ' /search',
  ])('rejects %j (absolute, protocol-relative or script URL)', (url) => {
    expect(resolveReturnTo(url)).toBeNull();
    expect(safeInAppPath(url)).toBeNull();
  });

  it('resolves a route name through the route table; unknown names answer null', () => {
    expect(resolveReturnTo('search')).toBe('/search');
    expect(resolveReturnTo('home')).toBe('/');
    expect(resolveReturnTo('nowhere')).toBeNull();
    expect(resolveReturnTo('toString')).toBeNull();
  });

  it('fills route parameters into the path and puts the others into the query', () => {
    expect(
      resolveReturnTo({ name: 'content.static', params: { fileName: 'a b/c', lang: 'en' } }),
    ).toBe('/content/a%20b%2Fc?lang=en');
    expect(resolveReturnTo({ name: 'search', params: { q: 'x', empty: null } })).toBe(
      '/search?q=x',
    );
  });

  it('leaves out an optional parameter and fails on a missing required one', () => {
    expect(resolveReturnTo({ name: 'management.profile' })).toBe('/management/profile');
    expect(resolveReturnTo({ name: 'management.profile', params: { name: 'eva' } })).toBe(
      '/management/profile/eva',
    );
    expect(resolveReturnTo({ name: 'content.static' })).toBeNull();
  });

  it('never returns to the login page', () => {
    expect(resolveReturnTo('login')).toBeNull();
    expect(resolveReturnTo('/login?returnTo=%2Fx')).toBeNull();
  });

  it('answers null for values of no known shape', () => {
    expect(resolveReturnTo(null)).toBeNull();
    expect(resolveReturnTo(42)).toBeNull();
    expect(resolveReturnTo({ name: 7 })).toBeNull();
  });
});

describe('after login (SPEC §4)', () => {
  it('goes to the stored target and clears it', () => {
    const { session, storage } = setup();
    storeReturnTo({ name: 'content.static', params: { fileName: 'legal' } }, storage);
    expect(takeReturnPath(storage)).toBe('/content/legal');
    expect(session.entries.size).toBe(0);
  });

  it('goes home without a stored target', () => {
    expect(takeReturnPath(setup().storage)).toBe('/');
  });

  it('goes home when the stored target is unsafe or unknown, and clears it', () => {
    const { session, storage } = setup();
    storeReturnTo('//evil.example', storage);
    expect(takeReturnPath(storage)).toBe('/');
    expect(session.entries.size).toBe(0);
  });
});
