import { ErrorBody } from '@geoportal/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preferredType } from '../../http/negotiate.js';
import { NotAcceptableError } from '../records/record.errors.js';
import { catalogPage, pageNumber } from './dcat.service.js';
import { extensions, mediaTypes, type RdfFormat } from './dcat-serialize.js';

const formats = Object.keys(extensions) as RdfFormat[];

/** `?page` as sent: checked by the service, so that a bad one is a readable 400. */
const query = z.object({
  page: z.string().max(40).optional().describe('The page, from 1 (default 1)'),
});

const description =
  'The catalogue as DCAT-AP.de 2.0: a dcat:Catalog with one page of datasets (DCAT_PAGE_SIZE), ' +
  'paged in Hydra (hydra:view is a hydra:PartialCollectionView with first, previous, next and ' +
  'last; hydra:totalItems counts all), as GovData harvests with ckanext-dcatde. The records ' +
  'are those the caller may find in the search: visitors get the published ones, a caller ' +
  'sending AccessToken also what their account may read.';

/**
 * The format an Accept header asks for on `/dcat/catalog`: Turtle when it names none (no
 * header, `*∕*`, `text/*`), 406 when it accepts none of the three.
 */
function negotiate(accept: string | undefined): RdfFormat {
  const type = preferredType(
    accept,
    formats.map((f) => mediaTypes[f]),
  );
  const format = formats.find((f) => mediaTypes[f] === type);
  if (format) return format;
  throw new NotAcceptableError(
    'The catalogue is offered as text/turtle, application/rdf+xml and application/ld+json (or at /dcat/catalog.ttl, .rdf and .jsonld).',
  );
}

/** DCAT-AP.de under `/dcat`: `catalog.ttl`, `catalog.rdf`, `catalog.jsonld`, and `catalog`. */
export const dcatRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = (summary: string, type: string) => ({
    tags: ['dcat'],
    summary,
    description,
    querystring: query,
    response: {
      200: { description: summary, content: { [type]: { schema: z.string() } } },
      400: ErrorBody,
      404: ErrorBody,
      406: ErrorBody,
    },
  });
  for (const format of formats) {
    app.get(
      `/catalog.${extensions[format]}`,
      { schema: schema(`The catalogue as ${mediaTypes[format]}`, mediaTypes[format]) },
      async (request, reply) => {
        const page = pageNumber(request.query.page);
        const body = await catalogPage(request.ctx, page, format);
        return reply.type(`${mediaTypes[format]}; charset=utf-8`).send(body);
      },
    );
  }
  app.get(
    '/catalog',
    { schema: schema('The catalogue in the RDF serialization Accept names', 'text/turtle') },
    async (request, reply) => {
      const format = negotiate(request.headers.accept);
      const page = pageNumber(request.query.page);
      const body = await catalogPage(request.ctx, page, format);
      return reply.header('vary', 'Accept').type(`${mediaTypes[format]}; charset=utf-8`).send(body);
    },
  );
};
