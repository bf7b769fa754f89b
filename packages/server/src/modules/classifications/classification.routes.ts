import { createHash } from 'node:crypto';
import {
  Classification,
  ClassificationId,
  ClassificationInput,
} from '@geoportal/contract/classification';
import { ErrorBody } from '@geoportal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../../http/guards.js';
import { readClassification, storeClassification } from './classification.service.js';

const tags = ['classifications'];

/**
 * Classifications change rarely and are the same for everyone, so shared caches may keep
 * them briefly; after that a client revalidates cheaply with the ETag.
 */
const cacheControl = 'public, max-age=60';

/** A strong ETag over the answered JSON, so any change of content changes it. */
function etagOf(classification: Classification): string {
  const hash = createHash('sha256').update(JSON.stringify(classification)).digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/** Whether an If-None-Match header (a list, possibly weak tags, or `*`) matches the tag. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** `GET|PUT /classification/{id}` (SPEC §7; DESIGN §5). */
export const classificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/classification/:id',
    {
      schema: {
        tags,
        summary: 'A classification: its tree of codes with labels per language',
        description:
          'Public. Answers 404 classification.not_found for unknown ids. Supports If-None-Match.',
        // Any string: an id that cannot exist is simply not found.
        params: z.object({ id: z.string().max(100) }),
        response: { 200: Classification, 304: z.undefined(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const classification = await readClassification(request.ctx.db, request.params.id);
      const etag = etagOf(classification);
      reply.header('etag', etag).header('cache-control', cacheControl);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return classification;
    },
  );

  app.put(
    '/classification/:id',
    {
      // The plugin's GET is public; only this route is for administrators.
      onRequest: administratorsOnly('change classifications'),
      schema: {
        tags,
        security: [{ AccessToken: [] }],
        summary: 'Create (201) or replace (200) a classification (administrators)',
        description:
          'The body replaces the whole classification. Node ids must be unique across the ' +
          'tree, every label needs German and English; the tree shape rules out cycles.',
        params: z.object({ id: ClassificationId }),
        body: ClassificationInput,
        response: {
          200: Classification,
          201: Classification,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { classification, created } = await storeClassification(
        request.ctx,
        request.params.id,
        request.body,
      );
      return reply
        .code(created ? 201 : 200)
        .header('etag', etagOf(classification))
        .send(classification);
    },
  );
};
