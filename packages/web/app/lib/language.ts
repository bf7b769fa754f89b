import type { Language } from '@geoportal/contract/i18n';
import { type AppStorage, appStorage } from './storage';

/** The cookie that mirrors the chosen language so the server renders in it (SPEC §4). */
export const LANGUAGE_COOKIE = 'lang';

/**
 * Makes `language` the visitor's language: stored as `lang`, mirrored in a cookie for server
 * rendering, and set as the page language. The caller reloads the translations.
 */
export function chooseLanguage(language: Language, storage: AppStorage = appStorage): void {
  storage.setLanguage(language);
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  document.documentElement.lang = language;
}

/**
 * The stored language when it differs from the one the page was rendered in (the cookie was
 * lost, or the choice was made in another browser session), else null.
 */
export function pendingLanguage(
  rendered: Language,
  storage: AppStorage = appStorage,
): Language | null {
  const stored = storage.getLanguage();
  return stored && stored !== rendered ? stored : null;
}
