import { createReadStream } from 'node:fs';
import { ErrorBody } from '@geoportal/contract/errors';
import { PreviewRendition, PreviewType } from '@geoportal/contract/files';
import { ObjectId } from '@geoportal/contract/object';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RouteBundleName } from '../files/bundle-params.js';
import { contentDisposition } from '../files/media-type.js';
import { checkFilePath } from '../files/upload.js';
import { getPreviewType, getRendition } from './preview.service.js';
import { previewCacheOf } from './preview-cache.js';

const tags = ['files'];
const security = [{ AccessToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** How often the cache is swept, and how old a temporary must be to count as left over. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

const renditionParams = z.object({
  type: PreviewRendition,
  id: ObjectId,
  bundle: RouteBundleName,
  '*': z.string().describe('The file path inside the bundle, URL-encoded; may contain /'),
});

/** Whether an `If-None-Match` list names the tag (weak comparison, RFC 9110 §13.1.2). */
function noneMatchHits(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/**
 * Previews (SPEC §7): the preview type of a record's index file, and image renditions
 * (thumbnail, small, large) of raster images and of the first page of PDFs, rendered once
 * into `DATA_DIR/previews` and served from there. The same read rules as downloads apply.
 * Registered with the other `/object/…` routes: the fixed word `preview` wins over `{id}`.
 */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = previewCacheOf(app.config.dataDir);
  await cache.init();
  const sweep = () =>
    cache
      .sweep((sha) => app.blobStore.exists(sha), Date.now(), STALE_TEMPORARY_MS)
      .catch((error) => app.log.warn({ err: error }, 'preview cache sweep failed'));
  // Previews of blobs collected since the last run go at start-up and hourly; not awaited,
  // a large cache must not delay the start.
  void sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/object/preview/:id/type',
    {
      schema: {
        tags,
        security,
        summary: 'The preview type of the record’s index file (text/plain)',
        description:
          'One of image, pdf, text, geojson, video, audio, none: what the index file of the ' +
          'first displayed bundle that has one can be shown as, from its sniffed media type ' +
          '(JSON whose root is a GeoJSON object, or a .geojson file, is geojson). `none` when ' +
          'there is no index file. 404 when the caller may not read the record.',
        params: z.object({ id: ObjectId }),
        response: { 200: PreviewType, ...errors },
      },
    },
    async (request, reply) => {
      const type = await getPreviewType(request.ctx, request.params.id);
      // A bare word, not JSON: SPEC §7 calls the answer text.
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .serializer((payload: unknown) => String(payload))
        .send(type);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/object/preview/:type/:id/:bundle/*',
    schema: {
      tags,
      security,
      summary: 'An image rendition of a file: thumbnail (256 px), small (640 px), large (1600 px)',
      description:
        'Raster images (JPEG, PNG, WebP, GIF, TIFF, AVIF) turned upright by their EXIF ' +
        'orientation, never enlarged, metadata removed; PDFs: the first page. The answer is ' +
        'WebP fitting into a square of the size, rendered once and cached by the content ' +
        'hash. `ETag` names hash, size and renderer; `If-None-Match` gives 304. Other types: ' +
        '415 `preview.unavailable`; files that cannot be rendered (damaged, more than 100 ' +
        'megapixels, too slow): 422 `preview.unavailable`. Read rules as for the download.',
      params: renditionParams,
      response: {
        200: z.any().describe('The rendered image (image/webp)'),
        304: z.undefined(),
        ...errors,
        415: ErrorBody,
        422: ErrorBody,
      },
    },
    handler: async (request, reply) => {
      const params = request.params as z.infer<typeof renditionParams>;
      const filePath = checkFilePath(params['*']);
      const result = await getRendition(
        request.ctx,
        cache,
        { rendition: params.type, objectId: params.id, bundle: params.bundle, path: filePath },
        (etag) => noneMatchHits(request.headers['if-none-match'], etag),
      );
      reply
        .header('etag', result.etag)
        // Revalidated every time: the file can be replaced or hidden, the record withdrawn.
        .header('cache-control', result.publicAccess ? 'public, no-cache' : 'private, no-cache')
        .header('vary', 'AccessToken, X-Access-Key');
      if ('notModified' in result) return reply.code(304).send();
      const name = result.source.path.slice(result.source.path.lastIndexOf('/') + 1);
      reply
        .type('image/webp')
        .header('content-length', String(result.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', contentDisposition('inline', `${name}.${params.type}.webp`));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(createReadStream(result.file));
    },
  });
};
