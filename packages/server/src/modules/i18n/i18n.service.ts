import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  availableLanguages,
  fallbackLanguage,
  type Language,
  Messages,
} from '@geoportal/contract/i18n';

/** One language's messages as served, with an entity tag for conditional requests. */
export interface Translation {
  messages: Messages;
  etag: string;
}

export type Translations = ReadonlyMap<Language, Translation>;

const require = createRequire(import.meta.url);

async function readMessages(language: Language): Promise<Messages> {
  const file = require.resolve(`@geoportal/contract/i18n/${language}.json`);
  const parsed = Messages.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`Translation file ${file} is not a flat map of messages`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * Loads the translation files once at start-up. Each language is served on top of the
 * fallback language, so a key missing in English still answers with the German text.
 */
export async function loadTranslations(): Promise<Translations> {
  const fallback = await readMessages(fallbackLanguage);
  const translations = new Map<Language, Translation>();
  for (const language of availableLanguages) {
    const own = language === fallbackLanguage ? fallback : await readMessages(language);
    const messages = { ...fallback, ...own };
    const etag = `"${createHash('sha256').update(JSON.stringify(messages)).digest('base64url').slice(0, 27)}"`;
    translations.set(language, { messages, etag });
  }
  return translations;
}
