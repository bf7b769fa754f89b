import { z } from 'zod';
import { Language } from './i18n.js';

/**
 * What a static page's file name may be: lower-case letters, digits and hyphens, starting
 * with a letter or digit, at most 64 characters. Anything else (dots, slashes, backslashes,
 * encoded tricks, NUL, upper case) is refused before the file system is touched.
 */
export const CONTENT_FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Whether `value` is an acceptable static page name (see `CONTENT_FILE_NAME`). */
export function isContentFileName(value: string): boolean {
  return CONTENT_FILE_NAME.test(value);
}

/**
 * Path parameters of `GET /content/{lang}/{fileName}`. They are checked by the service, not
 * here, so a bad name answers `content.invalid_name` and an unknown language
 * `content.not_found` instead of a generic validation error.
 */
export const ContentPageParams = z.object({
  lang: z.string().describe('Language of the page (de, en); other languages are not found'),
  fileName: z
    .string()
    .describe(`Page name matching ${CONTENT_FILE_NAME.source}, e.g. "legal" or "accessibility"`),
});
export type ContentPageParams = z.infer<typeof ContentPageParams>;

/** `GET /content/{lang}/{fileName}`: a static page rendered from Markdown and sanitised. */
export const ContentPage = z
  .object({
    fileName: z.string(),
    lang: Language.describe(
      'Language of the text served: the requested one, or de when the page lacks it',
    ),
    title: z.string().describe('Plain text of the first "# " heading, else the file name'),
    html: z
      .string()
      .describe('Sanitised HTML of the page without its title heading; no h1 elements'),
  })
  .meta({ id: 'ContentPage' });
export type ContentPage = z.infer<typeof ContentPage>;
