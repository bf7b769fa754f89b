import { describe, expect, it } from 'vitest';
import {
  ACCESS_KEY_PROPERTY,
  createAccessKeyStore,
  decodeAccessKeys,
  encodeAccessKeys,
} from './access-keys';
import { FailingStorage, MemoryStorage } from './testing/fake-storage';

function setup() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  return { local, session, store: createAccessKeyStore({ local, session }) };
}

/** The map a storage holds, decoded the way SPEC §3 encodes it (base64 of JSON). */
const stored = (storage: MemoryStorage) => {
  const text = storage.getItem(ACCESS_KEY_PROPERTY);
  return text === null ? null : JSON.parse(atob(text));
};

describe('access-key store (SPEC §3)', () => {
  it('keeps keys in session storage by default, as base64 of JSON under AccessKey', () => {
    const { store, local, session } = setup();
    store.set('object-0001', 'secret-a');
    store.set('object-0002', 'secret-b');
    expect(store.get('object-0001')).toBe('secret-a');
    expect(stored(session)).toEqual({ 'object-0001': 'secret-a', 'object-0002': 'secret-b' });
    expect(stored(local)).toBeNull();
  });

  it('remembers a key in local storage and keeps only one copy', () => {
    const { store, local, session } = setup();
    store.set('object-0001', 'first');
    store.set('object-0001', 'second', { remember: true });
    expect(stored(session)).toBeNull();
    expect(stored(local)).toEqual({ 'object-0001': 'second' });
    expect(store.get('object-0001')).toBe('second');
    store.set('object-0001', 'third');
    expect(stored(local)).toBeNull();
    expect(store.get('object-0001')).toBe('third');
  });

  it('forgets a key everywhere and removes an empty map', () => {
    const { store, local, session } = setup();
    store.set('object-0001', 'a', { remember: true });
    store.set('object-0002', 'b');
    store.remove('object-0001');
    store.remove('object-0002');
    expect(store.get('object-0001')).toBeUndefined();
    expect(local.entries.size + session.entries.size).toBe(0);
  });

  it('survives damaged values, missing and failing storages (server, blocked site data)', () => {
    const session = new MemoryStorage({ [ACCESS_KEY_PROPERTY]: 'not base64 %%%' });
    const store = createAccessKeyStore({ local: new FailingStorage(), session });
    expect(store.get('x')).toBeUndefined();
    store.set('object-0001', 'k', { remember: true });
    expect(store.get('object-0001')).toBeUndefined();
    const none = createAccessKeyStore({ local: null, session: null });
    none.set('object-0001', 'k');
    expect(none.get('object-0001')).toBeUndefined();
    // On the server (no window) the browser storages are simply absent.
    expect(createAccessKeyStore().get('object-0001')).toBeUndefined();
  });

  it('encodes and decodes non-ASCII text and drops entries that are not strings', () => {
    expect(decodeAccessKeys(encodeAccessKeys({ a: 'ä€' }))).toEqual({ a: 'ä€' });
    expect(decodeAccessKeys(btoa(JSON.stringify({ a: 1, b: 'x', c: '' })))).toEqual({ b: 'x' });
    expect(decodeAccessKeys(btoa('[1]'))).toEqual({});
    expect(decodeAccessKeys(null)).toEqual({});
  });
});
