import { browserStorage, type StorageArea, type StorageAreas } from './storage';

/** The storage property that holds the access-key map (SPEC §3, §9). */
export const ACCESS_KEY_PROPERTY = 'AccessKey';

/** Object id → access key (the secret a record's owner shared). */
export type AccessKeyMap = Record<string, string>;

/** Options of storing a key. */
export interface StoreKeyOptions {
  /**
   * Keep the key on this device beyond the browser session (local storage). Off by default:
   * a key then lives in session storage and goes with the tab, which suits shared devices.
   */
  remember?: boolean;
}

/**
 * The access-key store of SPEC §3: a map of object id → key, encoded (base64 of JSON) under
 * `AccessKey` in session storage, or in local storage for keys to remember. Never throws;
 * on the server every read answers undefined and writes do nothing.
 */
export interface AccessKeyStore {
  /** The key held for an object: the session's first, else a remembered one. */
  get(objectId: string): string | undefined;
  /** Holds `key` for an object, in exactly one of the two storages. */
  set(objectId: string, key: string, options?: StoreKeyOptions): void;
  /** Forgets the key of an object in both storages (e.g. after the server refused it). */
  remove(objectId: string): void;
}

/** Base64 of the map's JSON; UTF-8 safe, although ids and keys are ASCII today. */
export function encodeAccessKeys(map: AccessKeyMap): string {
  const bytes = new TextEncoder().encode(JSON.stringify(map));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The map stored as `encodeAccessKeys` wrote it. Anything else (absent, not base64, not
 * JSON, not an object of strings) answers an empty map or drops the odd entries: a damaged
 * value must never break a page.
 */
export function decodeAccessKeys(text: string | null | undefined): AccessKeyMap {
  if (!text) return {};
  let parsed: unknown;
  try {
    const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const map: AccessKeyMap = {};
  for (const [id, key] of Object.entries(parsed)) {
    if (typeof key === 'string' && key !== '') map[id] = key;
  }
  return map;
}

type Area = StorageArea;

/**
 * Creates the store. Leave an area out to use the browser's storage of that kind (looked up
 * on every access, so importing this module on the server is harmless); `null` means none.
 */
export function createAccessKeyStore(areas: StorageAreas = {}): AccessKeyStore {
  const resolve = (area: Area) => (area in areas ? (areas[area] ?? null) : browserStorage(area));

  const read = (area: Area): AccessKeyMap => {
    try {
      return decodeAccessKeys(resolve(area)?.getItem(ACCESS_KEY_PROPERTY));
    } catch {
      return {};
    }
  };
  const write = (area: Area, map: AccessKeyMap): void => {
    try {
      const storage = resolve(area);
      if (Object.keys(map).length === 0) storage?.removeItem(ACCESS_KEY_PROPERTY);
      else storage?.setItem(ACCESS_KEY_PROPERTY, encodeAccessKeys(map));
    } catch {
      // Quota exceeded or storage disabled: the key is simply not kept.
    }
  };
  const without = (area: Area, objectId: string): void => {
    const map = read(area);
    if (!(objectId in map)) return;
    delete map[objectId];
    write(area, map);
  };

  return {
    get: (objectId) => read('session')[objectId] ?? read('local')[objectId],
    set(objectId, key, options = {}) {
      const area: Area = options.remember ? 'local' : 'session';
      // One place per key, so "forget on this device" cannot leave a copy behind.
      without(area === 'local' ? 'session' : 'local', objectId);
      write(area, { ...read(area), [objectId]: key });
    },
    remove(objectId) {
      without('session', objectId);
      without('local', objectId);
    },
  };
}

/** The page's key store, backed by the browser's storages (inert on the server). */
export const accessKeys: AccessKeyStore = createAccessKeyStore();

/** The key held for an object, for the HTTP client's `getAccessKey` (SPEC §7). */
export function getAccessKey(objectId: string): string | undefined {
  return accessKeys.get(objectId);
}
