import { ErrorBody, ErrorCode } from '@geoportal/contract/errors';
import {
  AvailableLanguages,
  availableLanguages,
  isLanguage,
  Messages,
} from '@geoportal/contract/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../http/errors.js';
import type { Translations } from './i18n.service.js';

/** `GET /i18n/availableLanguages` and `GET /i18n/{lang}` (SPEC §7). */
export function i18nRoutes(translations: Translations): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/i18n/availableLanguages',
      {
        schema: {
          tags: ['i18n'],
          summary: 'Languages the product is translated into, the fallback first',
          response: { 200: AvailableLanguages },
        },
      },
      async () => [...availableLanguages],
    );

    app.get(
      '/i18n/:lang',
      {
        schema: {
          tags: ['i18n'],
          summary: 'Translation file of one language (ICU MessageFormat messages)',
          description:
            'Keys missing in the language are filled from the fallback language (de). ' +
            'Supports If-None-Match.',
          params: z.object({ lang: z.string().max(35) }),
          response: { 200: Messages, 304: z.undefined(), 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { lang } = request.params;
        const translation = isLanguage(lang) ? translations.get(lang) : undefined;
        if (!translation) {
          throw new NotFoundError(
            ErrorCode.languageNotFound,
            `No translation for language "${lang.slice(0, 35)}". Available: ${availableLanguages.join(', ')}.`,
          );
        }
        reply.header('etag', translation.etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === translation.etag) {
          return reply.code(304).send();
        }
        return translation.messages;
      },
    );
  };
}
