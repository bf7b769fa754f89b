import type { Messages } from '@geoportal/contract/i18n';
import deUrl from '@geoportal/contract/i18n/de.json?url';
import enUrl from '@geoportal/contract/i18n/en.json?url';
import type { Language } from '@geoportal/contract/languages';

export type { Messages };

/**
 * The translation files as the build ships them: fingerprinted files under /assets/, cached
 * by the browser (and the service worker) for good and sent precompressed. They are no longer
 * part of every page's HTML: there they were most of its bytes (about 110 KB before
 * compression on the home page), read again with each page and decoded before hydration.
 * translations.test.ts holds both files to the same keys, so no language needs the other
 * beneath it.
 */
export const messagesUrl: Readonly<Record<Language, string>> = { de: deUrl, en: enUrl };

/**
 * The catalogues this process or page has: filled on the server from the files bundled with
 * it (messages.server.ts), in the browser before hydration and before a language change is
 * shown (`loadMessages`). The root layout reads them synchronously while rendering.
 */
const catalogues = new Map<Language, Messages>();
const loading = new Map<Language, Promise<Messages>>();

export function rememberMessages(language: Language, messages: Messages): void {
  catalogues.set(language, messages);
}

/** The catalogue of `language` if it is here; undefined before it was loaded. */
export function messagesOf(language: Language): Messages | undefined {
  return catalogues.get(language);
}

/**
 * Loads the catalogue of `language` into this page (once; concurrent callers share the
 * request). Rejects when the file cannot be read, so that the caller can decide.
 */
export function loadMessages(language: Language): Promise<Messages> {
  const known = catalogues.get(language);
  if (known) return Promise.resolve(known);
  let pending = loading.get(language);
  if (!pending) {
    pending = fetch(messagesUrl[language], { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${messagesUrl[language]}: ${response.status}`);
        const messages = (await response.json()) as Messages;
        rememberMessages(language, messages);
        return messages;
      })
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}
