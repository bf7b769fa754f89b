/**
 * The product's languages without any schema library, so that the browser's first bundle can
 * use them (the zod schemas over them are in `i18n.ts`).
 */

/** Languages the product ships translations for, in the order offered to users (SPEC §9). */
export const availableLanguages = ['de', 'en'] as const;

export type Language = (typeof availableLanguages)[number];

/** The language used when a message is missing in the chosen one (SPEC §9). */
export const fallbackLanguage = 'de' satisfies Language;

export function isLanguage(value: unknown): value is Language {
  return (availableLanguages as readonly unknown[]).includes(value);
}
