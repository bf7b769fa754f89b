import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers for browsers that accept it (brotli, else gzip): pages, scripts and
 * styles, API JSON and GeoJSON are text that shrinks to a quarter or less, which visitors on
 * slow connections feel on every page. Small answers (under 1 KiB), partial content and answers
 * that are already encoded (the basemap files) stay as they are. Routes that hand out stored
 * file bytes turn it off (`compress: false`): their length, ranges and ETag are the file's.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // JSON with a suffix (GeoJSON, problem details) counts as JSON.
    customTypes: /^application\/[\w.-]+\+json(?:;|$)/,
  });
}
