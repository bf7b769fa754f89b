import type { Language } from '@geoportal/contract/i18n';
import type { LanguageSnippet, Snippet } from '@geoportal/contract/search';

/** A text of the hit in the language it is actually in (for `lang` on fallbacks). */
export interface InLanguage<T> {
  value: T;
  lang: Language;
}

/** The page language first, then the other product language (a record needs only one). */
const order = (lang: string): Language[] => (lang === 'en' ? ['en', 'de'] : ['de', 'en']);

/** A text of a language map in the page language, else the other one; undefined when empty. */
export function pickText(
  value: { de?: string | undefined; en?: string | undefined } | undefined,
  lang: string,
): InLanguage<string> | undefined {
  for (const candidate of order(lang)) {
    const text = value?.[candidate]?.trim();
    if (text) return { value: text, lang: candidate };
  }
  return undefined;
}

/** A highlighted snippet in the page language, else the other one; undefined when empty. */
export function pickSnippet(
  value: LanguageSnippet | undefined,
  lang: string,
): InLanguage<Snippet> | undefined {
  for (const candidate of order(lang)) {
    const snippet = value?.[candidate];
    if (snippet?.some((part) => part.text.trim())) return { value: snippet, lang: candidate };
  }
  return undefined;
}
