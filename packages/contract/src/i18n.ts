import { z } from 'zod';

/** Languages the product ships translations for, in the order offered to users (SPEC §9). */
export const availableLanguages = ['de', 'en'] as const;

/** The language used when a message is missing in the chosen one (SPEC §9). */
export const fallbackLanguage = 'de' satisfies Language;

export const Language = z.enum(availableLanguages);
export type Language = z.infer<typeof Language>;

export function isLanguage(value: unknown): value is Language {
  return Language.safeParse(value).success;
}

/** A translation file: translation key → ICU MessageFormat message. */
export const Messages = z.record(z.string(), z.string()).meta({ id: 'Messages' });
export type Messages = z.infer<typeof Messages>;

export const AvailableLanguages = z.array(Language).meta({ id: 'AvailableLanguages' });
