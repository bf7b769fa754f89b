// @vitest-environment jsdom
import type { Principal } from '@geoportal/contract/access';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStorage, storageKeys } from './storage';
import { FailingStorage, MemoryStorage } from './testing/fake-storage';

const principal: Principal = { name: 'editor', readonly: false, roles: ['editor'] };

function setup() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  return { local, session, storage: createAppStorage({ local, session }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('keys of SPEC §9', () => {
  it('keeps accessToken, principal (JSON), lang and colorScheme in local storage', () => {
    const { local, session, storage } = setup();
    storage.setAccessToken('tok');
    storage.setPrincipal(principal);
    storage.setLanguage('en');
    storage.setColorScheme('dark');
    expect(Object.fromEntries(local.entries)).toEqual({
      accessToken: 'tok',
      principal: JSON.stringify(principal),
      lang: 'en',
      colorScheme: 'dark',
    });
    expect(session.entries.size).toBe(0);
    expect(storage.getAccessToken()).toBe('tok');
    expect(storage.getPrincipal()).toEqual(principal);
    expect(storage.getLanguage()).toBe('en');
    expect(storage.getColorScheme()).toBe('dark');
  });

  it('keeps returnTo (JSON) in session storage', () => {
    const { local, session, storage } = setup();
    storage.setReturnTo({ name: 'search', params: { q: 'x' } });
    expect(session.getItem('returnTo')).toBe('{"name":"search","params":{"q":"x"}}');
    expect(storage.getReturnTo()).toEqual({ name: 'search', params: { q: 'x' } });
    expect(local.entries.size).toBe(0);
    storage.setReturnTo(undefined);
    expect(session.entries.size).toBe(0);
  });

  it('removes each value', () => {
    const { local, session, storage } = setup();
    storage.setAccessToken('tok');
    storage.setPrincipal(principal);
    storage.setLanguage('de');
    storage.setColorScheme('light');
    storage.setReturnTo('/search');
    storage.removeAccessToken();
    storage.removePrincipal();
    storage.removeLanguage();
    storage.removeColorScheme();
    storage.removeReturnTo();
    expect([local.entries.size, session.entries.size]).toEqual([0, 0]);
  });

  it('removes the stored colour scheme when automatic is chosen (SPEC §4)', () => {
    const { local, storage } = setup();
    storage.setColorScheme('light');
    storage.setColorScheme('auto');
    expect(local.getItem(storageKeys.colorScheme)).toBeNull();
    expect(storage.getColorScheme()).toBeNull();
  });
});

describe('the command history (issue 23)', () => {
  it('keeps the last lines in local storage, newest last, each once', () => {
    const { local, storage } = setup();
    storage.addCommandHistory('reindex search');
    storage.addCommandHistory('show statistics');
    expect(storage.addCommandHistory('reindex search')).toEqual([
      'show statistics',
      'reindex search',
    ]);
    expect(JSON.parse(local.getItem(storageKeys.commandHistory) ?? '')).toEqual([
      'show statistics',
      'reindex search',
    ]);
    for (let i = 0; i < 60; i += 1) storage.addCommandHistory(`help ${i}`);
    expect(storage.getCommandHistory()).toHaveLength(50);
    expect(storage.getCommandHistory().at(-1)).toBe('help 59');
  });

  it('answers an empty list for a missing or foreign value', () => {
    const { local, storage } = setup();
    expect(storage.getCommandHistory()).toEqual([]);
    local.setItem(storageKeys.commandHistory, '{"not":"a list"}');
    expect(storage.getCommandHistory()).toEqual([]);
  });
});

describe('values that cannot be trusted', () => {
  it('answers null for a principal that is not JSON or not a principal', () => {
    const local = new MemoryStorage({ principal: '{broken' });
    const storage = createAppStorage({ local, session: null });
    expect(storage.getPrincipal()).toBeNull();
    local.setItem('principal', JSON.stringify({ name: 'x' }));
    expect(storage.getPrincipal()).toBeNull();
  });

  it('answers null for an unknown language, colour scheme or an empty token', () => {
    const local = new MemoryStorage({ lang: 'fr', colorScheme: 'auto', accessToken: '' });
    const storage = createAppStorage({ local });
    expect([storage.getLanguage(), storage.getColorScheme(), storage.getAccessToken()]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('SSR and broken storage', () => {
  it('answers null and writes nothing without window (server-side rendering)', () => {
    vi.stubGlobal('window', undefined);
    const storage = createAppStorage();
    expect(() => {
      storage.setAccessToken('tok');
      storage.setReturnTo('/x');
      storage.removePrincipal();
    }).not.toThrow();
    expect(storage.getAccessToken()).toBeNull();
    expect(storage.getReturnTo()).toBeNull();
  });

  it('uses the browser storages when none are injected', () => {
    const storage = createAppStorage();
    storage.setAccessToken('tok');
    storage.setReturnTo('/x');
    expect(localStorage.getItem('accessToken')).toBe('tok');
    expect(sessionStorage.getItem('returnTo')).toBe('"/x"');
  });

  it('swallows storage exceptions (quota exceeded, storage disabled)', () => {
    const storage = createAppStorage({
      local: new FailingStorage(),
      session: new FailingStorage(),
    });
    expect(() => {
      storage.setAccessToken('tok');
      storage.setColorScheme('auto');
      storage.setReturnTo('/x');
      storage.removeReturnTo();
    }).not.toThrow();
    expect(storage.getAccessToken()).toBeNull();
    expect(storage.getPrincipal()).toBeNull();
    expect(storage.getReturnTo()).toBeNull();
  });

  it('answers null when merely reading window.localStorage throws (site data blocked)', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const storage = createAppStorage();
    expect(storage.getAccessToken()).toBeNull();
    expect(() => storage.setAccessToken('tok')).not.toThrow();
  });
});
