import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { capText } from '../../http/error-handler.js';
import { HttpError } from '../../http/errors.js';
import { preferredType } from '../../http/negotiate.js';
import { FilterInvalidError } from '../search/filter-expr.js';
import { exceptionBody, invalidParameter, notFound, OgcApiError } from './ogcapi.errors.js';
import { getItem, getItems, placesOf } from './ogcapi.service.js';
import {
  collection,
  collections,
  conformanceClasses,
  landingPage,
  OPENAPI_TYPE,
} from './ogcapi-documents.js';
import { documentHtml, itemHtml, itemsHtml } from './ogcapi-html.js';
import { openApi } from './ogcapi-openapi.js';
import { checkKnown, type RawQuery, readItemsQuery, single } from './ogcapi-params.js';
import { queryablesSchema, sortablesSchema } from './ogcapi-queryables.js';

type Format = 'json' | 'html';

const JSON_TYPE = 'application/json; charset=utf-8';
const GEOJSON_TYPE = 'application/geo+json; charset=utf-8';
const SCHEMA_TYPE = 'application/schema+json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

/** The JSON media types the API answers in; a client accepting any of them gets JSON. */
const JSON_TYPES = [
  'application/json',
  'application/geo+json',
  'application/schema+json',
  OPENAPI_TYPE,
] as const;
/** JSON first: no Accept header and `*∕*` give JSON. */
const OFFERED = [JSON_TYPES[0], 'text/html', ...JSON_TYPES.slice(1)] as const;

/**
 * The representation asked for: `f` wins; else the best of the media types the API offers for
 * the Accept header (a browser's `text/html` gives HTML); JSON without an Accept header, for
 * `*∕*`, and when it accepts none of them.
 */
function formatOf(request: FastifyRequest): Format {
  const f = single(request.query as RawQuery, 'f');
  if (f !== undefined) {
    if (f === 'json' || f === 'html') return f;
    throw invalidParameter(`f "${f.slice(0, 20)}" is not offered; use json or html.`);
  }
  return preferredType(request.headers.accept, OFFERED) === 'text/html' ? 'html' : 'json';
}

function asOgcError(error: FastifyError | HttpError): OgcApiError {
  if (error instanceof FilterInvalidError) return invalidParameter(`filter: ${error.message}`);
  const status = error instanceof HttpError ? error.status : (error.statusCode ?? 500);
  if (status === 404) return notFound(capText(error.message));
  if (status < 500) return new OgcApiError(status, 'InvalidParameterValue', capText(error.message));
  return new OgcApiError(status, 'ServerError', 'The service failed to answer. Try again later.');
}

/** A URL of the items resource with these parameters changed. */
function itemsUrl(base: string, raw: RawQuery, changes: Record<string, string>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    if (name in changes || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  }
  for (const [name, value] of Object.entries(changes)) params.set(name, value);
  return `${base}?${params}`;
}

/**
 * OGC API Records Part 1 under `/ogcapi`: one collection, `metadata`, of the catalogue's
 * records, found by the search engine with the caller's visibility. Every problem is the
 * standard's exception `{ code, description }`, never the API's JSON error body.
 */
export const ogcApiRoutes: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const exception = error instanceof OgcApiError ? error : asOgcError(error);
    if (exception.status >= 500) request.log.error({ err: error }, 'OGC API request failed');
    return reply.code(exception.status).type(JSON_TYPE).send(exceptionBody(exception));
  });
  const hidden = { schema: { hide: true } };

  const texts = (request: FastifyRequest) =>
    request.ctx.config.catalogue.texts[request.ctx.language];

  /** A fixed document as JSON or as a page of its links. */
  const sendDocument = (
    request: FastifyRequest,
    reply: FastifyReply,
    doc: { title: string; description?: string; links: { href: string; rel: string }[] },
    jsonBody: object = doc,
  ) => {
    checkKnown(request.query as RawQuery, ['f']);
    if (formatOf(request) === 'html') {
      return reply.type(HTML_TYPE).send(documentHtml(request.ctx.language, doc));
    }
    return reply.type(JSON_TYPE).send(jsonBody);
  };

  app.get('/', hidden, async (request, reply) =>
    sendDocument(request, reply, landingPage(placesOf(request.ctx), texts(request))),
  );

  app.get('/conformance', hidden, async (request, reply) => {
    const api = placesOf(request.ctx).api;
    return sendDocument(
      request,
      reply,
      {
        title: 'Conformance',
        links: conformanceClasses.map((href) => ({ href, rel: 'conformance', title: href })),
      },
      {
        conformsTo: conformanceClasses,
        links: [{ href: `${api}/conformance`, rel: 'self', type: 'application/json' }],
      },
    );
  });

  app.get('/api', hidden, async (request, reply) => {
    checkKnown(request.query as RawQuery, ['f']);
    const t = texts(request);
    return reply.type(OPENAPI_TYPE).send(openApi(placesOf(request.ctx).api, t.title, t.abstract));
  });

  app.get('/collections', hidden, async (request, reply) => {
    const places = placesOf(request.ctx);
    const all = collections(places, texts(request));
    const one = collection(places, texts(request));
    return sendDocument(
      request,
      reply,
      { title: one.title, links: [...one.links, ...all.links] },
      all,
    );
  });

  app.get('/collections/metadata', hidden, async (request, reply) =>
    sendDocument(request, reply, collection(placesOf(request.ctx), texts(request))),
  );

  app.get('/collections/metadata/queryables', hidden, async (request, reply) => {
    checkKnown(request.query as RawQuery, ['f']);
    const id = `${placesOf(request.ctx).api}/collections/metadata/queryables`;
    return reply.type(SCHEMA_TYPE).send(queryablesSchema(id));
  });

  app.get('/collections/metadata/sortables', hidden, async (request, reply) => {
    checkKnown(request.query as RawQuery, ['f']);
    const id = `${placesOf(request.ctx).api}/collections/metadata/sortables`;
    return reply.type(SCHEMA_TYPE).send(sortablesSchema(id));
  });

  app.get('/collections/metadata/items', hidden, async (request, reply) => {
    const raw = request.query as RawQuery;
    const format = formatOf(request);
    const query = readItemsQuery(raw);
    const lang = request.ctx.language;
    const page = await getItems(request.ctx, query, lang);
    const base = `${placesOf(request.ctx).api}/collections/metadata/items`;
    const pageLinks = (f: Format, type: string) => [
      ...(page.more
        ? [
            {
              href: itemsUrl(base, raw, { f, offset: String(query.offset + query.limit) }),
              rel: 'next',
              type,
            },
          ]
        : []),
      ...(query.offset > 0
        ? [
            {
              href: itemsUrl(base, raw, {
                f,
                offset: String(Math.max(0, query.offset - query.limit)),
              }),
              rel: 'prev',
              type,
            },
          ]
        : []),
    ];
    const links = [
      {
        href: itemsUrl(base, raw, { f: format }),
        rel: 'self',
        type: format === 'html' ? 'text/html' : 'application/geo+json',
      },
      {
        href: itemsUrl(base, raw, { f: format === 'html' ? 'json' : 'html' }),
        rel: 'alternate',
        type: format === 'html' ? 'application/geo+json' : 'text/html',
      },
      {
        href: `${placesOf(request.ctx).api}/collections/metadata`,
        rel: 'collection',
        type: 'application/json',
      },
      ...pageLinks('json', 'application/geo+json'),
      ...pageLinks('html', 'text/html'),
    ];
    if (format === 'html') {
      return reply.type(HTML_TYPE).send(itemsHtml(lang, texts(request).title, { ...page, links }));
    }
    return reply.type(GEOJSON_TYPE).send({
      type: 'FeatureCollection',
      numberMatched: page.numberMatched,
      numberReturned: page.records.length,
      timeStamp: request.ctx.now.toISOString(),
      features: page.records,
      links,
    });
  });

  app.get('/collections/metadata/items/:id', hidden, async (request, reply) => {
    checkKnown(request.query as RawQuery, ['f']);
    const format = formatOf(request);
    const { id } = request.params as { id: string };
    const record = await getItem(request.ctx, id, request.ctx.language);
    if (format === 'html')
      return reply.type(HTML_TYPE).send(itemHtml(request.ctx.language, record));
    return reply.type(GEOJSON_TYPE).send(record);
  });

  // Anything else under /ogcapi is the standard's 404, never the web app.
  app.all('/*', hidden, async (request) => {
    throw notFound(`There is no resource ${request.url.split('?')[0]?.slice(0, 120)}.`);
  });
};
