import { itemsLimits } from './ogcapi-params.js';
import { sortables } from './ogcapi-queryables.js';

/**
 * The OpenAPI 3.0 definition of the API (`/ogcapi/api`). Written out here rather than
 * generated: the routes of this standard answer its own documents and exceptions, which the
 * schemas of `/api/v1` do not describe.
 */

const parameter = (name: string, description: string, schema: object) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  style: 'form',
  explode: false,
});

const f = parameter('f', 'The representation: json (default) or html.', {
  type: 'string',
  enum: ['json', 'html'],
});

const json = (description: string, type = 'application/json') => ({
  description,
  content: { [type]: { schema: { type: 'object' } }, 'text/html': { schema: { type: 'string' } } },
});

const exception = {
  description: 'An exception: { code, description }.',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string' }, description: { type: 'string' } },
      },
    },
  },
};

const get = (summary: string, operationId: string, ok: object, parameters: object[] = [f]) => ({
  get: {
    summary,
    operationId,
    parameters,
    responses: { '200': ok, '400': exception, '404': exception, '500': exception },
  },
});

export function openApi(api: string, title: string, description: string) {
  const items = [
    f,
    parameter('q', 'Words; comma-separated terms, any of which matches.', { type: 'string' }),
    parameter('bbox', 'West, south, east, north in CRS84.', {
      type: 'array',
      minItems: 4,
      maxItems: 6,
      items: { type: 'number' },
    }),
    parameter('datetime', 'An instant or interval the temporal extent meets.', { type: 'string' }),
    parameter('type', 'Resource types, comma-separated.', { type: 'string' }),
    parameter('externalIds', 'Resource identifiers, comma-separated.', { type: 'string' }),
    parameter('ids', 'Record identifiers, comma-separated.', { type: 'string' }),
    parameter('limit', 'Records per page.', {
      type: 'integer',
      minimum: 1,
      maximum: itemsLimits.limitMax,
      default: itemsLimits.limitDefault,
    }),
    parameter('offset', 'The first record of the page (0-based).', {
      type: 'integer',
      minimum: 0,
      default: 0,
    }),
    parameter('sortby', `Sort keys with + or -: ${Object.keys(sortables).join(', ')}.`, {
      type: 'array',
      minItems: 1,
      items: { type: 'string', pattern: '[+|-]?[A-Za-z_].*' },
    }),
    parameter('filter', 'A CQL2 text filter over the queryables.', { type: 'string' }),
    parameter('filter-lang', 'cql2-text', { type: 'string', enum: ['cql2-text'] }),
    parameter('filter-crs', 'CRS84 only.', { type: 'string' }),
  ];
  const schema = (summary: string, operationId: string) =>
    get(summary, operationId, json('A JSON Schema.', 'application/schema+json'));
  return {
    openapi: '3.0.3',
    info: { title, description, version: '1.0.0' },
    servers: [{ url: api }],
    paths: {
      '/': get('Landing page', 'getLandingPage', json('The landing page.')),
      '/conformance': get('Conformance classes', 'getConformance', json('The classes.')),
      '/api': get(
        'This definition',
        'getApi',
        json('OpenAPI 3.0.', 'application/vnd.oai.openapi+json;version=3.0'),
      ),
      '/collections': get('Collections', 'getCollections', json('The collections.')),
      '/collections/metadata': get('The catalogue', 'getCollection', json('The collection.')),
      '/collections/metadata/queryables': schema('Queryables', 'getQueryables'),
      '/collections/metadata/sortables': schema('Sortables', 'getSortables'),
      '/collections/metadata/items': get(
        'Records',
        'getRecords',
        json('A FeatureCollection of records.', 'application/geo+json'),
        items,
      ),
      '/collections/metadata/items/{recordId}': get(
        'One record',
        'getRecord',
        json('The record.', 'application/geo+json'),
        [f, { name: 'recordId', in: 'path', required: true, schema: { type: 'string' } }],
      ),
    },
  };
}
