import type { LanguageText } from '@geoportal/contract/object';
import { useIntl } from 'react-intl';
import { localized } from '../model/localized-text';

/** A text of a record for the page, with `lang` set only when it is not the page language. */
export interface PageText {
  text: string;
  lang: string | undefined;
}

/**
 * Picks texts of language maps in the page language, else in the other product language,
 * which is then marked with `lang` so screen readers pronounce it right.
 */
export function useLocalized(): (value: LanguageText | undefined) => PageText | undefined {
  const { locale } = useIntl();
  return (value) => {
    const found = localized(value, locale);
    if (!found) return undefined;
    return { text: found.text, lang: found.lang === locale ? undefined : found.lang };
  };
}
