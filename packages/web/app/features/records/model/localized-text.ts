import type { Language } from '@geoportal/contract/i18n';
import type { LanguageText } from '@geoportal/contract/object';

/** A text of a language map with the language it is actually in. */
export interface LocalizedText {
  text: string;
  lang: Language;
}

/**
 * The text in the page language, else in the other product language (a record needs only
 * one); undefined when neither is filled. The language travels along so the page can mark
 * a fallback with `lang` for screen readers.
 */
export function localized(
  value: LanguageText | undefined,
  lang: string,
): LocalizedText | undefined {
  if (!value) return undefined;
  const order: Language[] = lang === 'en' ? ['en', 'de'] : ['de', 'en'];
  for (const candidate of order) {
    const text = value[candidate]?.trim();
    if (text) return { text, lang: candidate };
  }
  return undefined;
}

/** The title in the page language or the other one; empty when the record has none. */
export function titleText(value: LanguageText | undefined, lang: string): string {
  return localized(value, lang)?.text ?? '';
}
