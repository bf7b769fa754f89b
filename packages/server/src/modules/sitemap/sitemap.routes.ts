import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { sendRouteNotFound } from '../../http/error-handler.js';
import { robotsTxt } from './robots.js';
import { indexDocument, PAGES_FILE, pagesDocument, recordDocument } from './sitemap.service.js';
import { SitemapFiles } from './sitemap-files.js';

const XML = 'application/xml; charset=utf-8';
/** Search engines come back daily at most; an hour keeps caches from serving old lists long. */
const CACHE = 'public, max-age=3600';

/**
 * `/robots.txt` and the sitemap (`/sitemap.xml`, `/sitemap-pages.xml`, `/sitemap-{n}.xml`)
 * at the root of the site, where search engines look for them.
 */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const files = new SitemapFiles(app.config.sitemap.pageSize);
  app.memoryCaches.register('sitemap files', () => files.clear());

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(robotsTxt(app.config.publicUrl)),
  );

  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await indexDocument({ ...request.ctx, files })),
  );

  app.get(`/${PAGES_FILE}`, async (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await pagesDocument(request.ctx)),
  );

  // Digits only, without leading zeros: one address per file.
  app.get('/sitemap-:n(^[1-9]\\d{0,8}).xml', async (request, reply) => {
    const { n } = request.params as { n: string };
    const parts = await recordDocument({ ...request.ctx, files }, Number(n));
    if (!parts) return sendRouteNotFound(request, reply);
    return reply.type(XML).header('cache-control', CACHE).send(Readable.from(parts));
  });
};
