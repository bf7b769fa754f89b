import { ContentPage, ContentPageParams } from '@geoportal/contract/content';
import { ErrorBody } from '@geoportal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createContentPages } from './content.service.js';

/** `GET /content/{lang}/{fileName}`: the static pages of SPEC §2 (`content.static`). */
export function contentRoutes(contentDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    const pages = createContentPages(contentDir, app.log);
    app.memoryCaches.register('rendered static pages', () => pages.clear());

    app.get(
      '/content/:lang/:fileName',
      {
        schema: {
          tags: ['content'],
          summary: 'A static page (legal notice, accessibility statement, …) as sanitised HTML',
          description:
            'Rendered from the Markdown file <CONTENT_DIR>/<fileName>.<lang>.md; falls back to ' +
            'the German file when the language has none (the answer names the language served).',
          params: ContentPageParams,
          response: { 200: ContentPage, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { lang, fileName } = request.params;
        const page = await pages.get(lang, fileName);
        // Operators edit pages in place: caches must ask again, but may revalidate cheaply.
        reply.header('cache-control', 'no-cache');
        return page;
      },
    );

    // A name with a slash (`a/b`, `../x`) would otherwise meet the API's generic 404; it is a
    // path trick, and the service refuses it as one.
    app.get('/content/:lang/*', { schema: { hide: true } }, async (request) => {
      const { lang, '*': rest } = request.params as { lang: string; '*': string };
      return pages.get(lang, rest);
    });
  };
}
