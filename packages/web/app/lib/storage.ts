import type { Principal } from '@geoportal/contract/access';
import { isLanguage, type Language } from '@geoportal/contract/languages';
import { asPrincipal } from './auth/session-shapes';

/** The part of the Web Storage API this module uses; `localStorage` and fakes satisfy it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage keys of SPEC §9. */
export const storageKeys = {
  accessToken: 'accessToken',
  principal: 'principal',
  lang: 'lang',
  colorScheme: 'colorScheme',
  returnTo: 'returnTo',
  /** The command console's last lines (issue 23), newest last. */
  commandHistory: 'commandHistory',
} as const;

/** How many command lines the history keeps. */
export const COMMAND_HISTORY_MAX = 50;

/** A colour scheme that can be stored; automatic is the absence of a stored value (SPEC §3). */
export type StoredColorScheme = 'light' | 'dark';

/**
 * Where the values live. Leave a side out to use the browser's storage of that kind, looked up
 * on every access (so the module can be imported on the server); pass `null` to have none.
 */
export interface StorageAreas {
  local?: KeyValueStorage | null;
  session?: KeyValueStorage | null;
}

/** Typed access to the client-side values of SPEC §3/§9. Never throws. */
export interface AppStorage {
  getAccessToken(): string | null;
  setAccessToken(token: string): void;
  removeAccessToken(): void;
  /** The saved principal, or null when absent or not a valid principal (e.g. an old format). */
  getPrincipal(): Principal | null;
  setPrincipal(principal: Principal): void;
  removePrincipal(): void;
  /** The stored language, or null when absent or not a product language. */
  getLanguage(): Language | null;
  setLanguage(language: Language): void;
  removeLanguage(): void;
  /** The stored scheme; null means automatic. */
  getColorScheme(): StoredColorScheme | null;
  /** Stores the choice; choosing `auto` removes the stored value (SPEC §4). */
  setColorScheme(scheme: StoredColorScheme | 'auto'): void;
  removeColorScheme(): void;
  /** The stored return target, parsed but unchecked: `return-to.ts` validates it. */
  getReturnTo(): unknown;
  setReturnTo(target: unknown): void;
  removeReturnTo(): void;
  /** The console's remembered command lines, oldest first (an empty list when none). */
  getCommandHistory(): string[];
  /** Remembers a line at the end, once (an earlier equal line moves), keeping the newest. */
  addCommandHistory(line: string): string[];
}

/** The two kinds of browser storage. */
export type StorageArea = 'local' | 'session';
type Area = StorageArea;

/**
 * The browser's storage of one kind, or null on the server. Merely reading
 * `window.localStorage` throws a SecurityError when the user blocks site data.
 */
export function browserStorage(area: Area): KeyValueStorage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Creates the storage wrapper. On the server (no `window`) reads answer null and writes do
 * nothing; storage errors (quota exceeded, storage disabled) are swallowed, because losing a
 * remembered value must never break the page.
 */
export function createAppStorage(areas: StorageAreas = {}): AppStorage {
  const resolve = (area: Area) => (area in areas ? (areas[area] ?? null) : browserStorage(area));

  const read = (area: Area, key: string): string | null => {
    try {
      return resolve(area)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (area: Area, key: string, value: string): void => {
    try {
      resolve(area)?.setItem(key, value);
    } catch {
      // Quota exceeded or storage disabled: the value is simply not remembered.
    }
  };
  const remove = (area: Area, key: string): void => {
    try {
      resolve(area)?.removeItem(key);
    } catch {
      // Storage disabled: there is nothing to remove.
    }
  };
  const readJson = (area: Area, key: string): unknown => {
    const text = read(area, key);
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };

  const commandHistory = (): string[] => {
    const value = readJson('local', storageKeys.commandHistory);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  };

  return {
    getAccessToken: () => read('local', storageKeys.accessToken) || null,
    setAccessToken: (token) => write('local', storageKeys.accessToken, token),
    removeAccessToken: () => remove('local', storageKeys.accessToken),

    getPrincipal: () => {
      return asPrincipal(readJson('local', storageKeys.principal));
    },
    setPrincipal: (principal) => write('local', storageKeys.principal, JSON.stringify(principal)),
    removePrincipal: () => remove('local', storageKeys.principal),

    getLanguage: () => {
      const value = read('local', storageKeys.lang);
      return isLanguage(value) ? value : null;
    },
    setLanguage: (language) => write('local', storageKeys.lang, language),
    removeLanguage: () => remove('local', storageKeys.lang),

    getColorScheme: () => {
      const value = read('local', storageKeys.colorScheme);
      return value === 'light' || value === 'dark' ? value : null;
    },
    setColorScheme: (scheme) => {
      if (scheme === 'auto') remove('local', storageKeys.colorScheme);
      else write('local', storageKeys.colorScheme, scheme);
    },
    removeColorScheme: () => remove('local', storageKeys.colorScheme),

    getReturnTo: () => readJson('session', storageKeys.returnTo),
    setReturnTo: (target) => {
      // `undefined` has no JSON form; storing nothing is the honest equivalent.
      const text = target === undefined ? undefined : JSON.stringify(target);
      if (text === undefined) remove('session', storageKeys.returnTo);
      else write('session', storageKeys.returnTo, text);
    },
    removeReturnTo: () => remove('session', storageKeys.returnTo),

    getCommandHistory: commandHistory,
    addCommandHistory: (line) => {
      const current = commandHistory().filter((old) => old !== line);
      const next = [...current, line].slice(-COMMAND_HISTORY_MAX);
      write('local', storageKeys.commandHistory, JSON.stringify(next));
      return next;
    },
  };
}

/** The app's storage, backed by the browser's storages (inert on the server). */
export const appStorage: AppStorage = createAppStorage();
