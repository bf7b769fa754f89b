import { z } from 'zod';

import { availableLanguages } from './languages.js';

export { availableLanguages, fallbackLanguage, isLanguage } from './languages.js';

export const Language = z.enum(availableLanguages);
export type Language = z.infer<typeof Language>;

/** A translation file: translation key → ICU MessageFormat message. */
export const Messages = z.record(z.string(), z.string()).meta({ id: 'Messages' });
export type Messages = z.infer<typeof Messages>;

export const AvailableLanguages = z.array(Language).meta({ id: 'AvailableLanguages' });
