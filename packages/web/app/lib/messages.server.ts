import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import en from '@geoportal/contract/i18n/en.json' with { type: 'json' };
import type { Language } from '@geoportal/contract/languages';
import { type Messages, rememberMessages } from './messages';

const bundled: Readonly<Record<Language, Messages>> = { de, en };

/**
 * Makes the catalogue of `language` available to the server's render (`messagesOf`). The
 * server renders with the very files the browser loads (messages.ts), bundled with it: the
 * two cannot differ, so hydration finds the same texts.
 */
export function provideMessages(language: Language): void {
  rememberMessages(language, bundled[language]);
}
