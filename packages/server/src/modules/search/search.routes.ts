import { ErrorBody } from '@geoportal/contract/errors';
import { SearchResponse, SpatialSearchResponse, SuggestResponse } from '@geoportal/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../http/request-context.js';
import { viewerOf } from '../objects/policy.js';
import { search, spatialSearch, suggest } from './search.service.js';
import { parseSearch } from './search-params.js';

const tags = ['search'];

/** Where a search runs: the request's database, within the configured time limit. */
const searchTarget = (ctx: RequestContext) => ({
  db: ctx.db,
  timeoutMs: ctx.config.searchTimeoutMs,
});

// Path and query values arrive as text and are checked by the service, so that every
// problem answers 400 search.query_invalid with a message that says what to fix.
const repeated = z.union([z.string(), z.array(z.string())]).optional();
const listQuery = z.object({ fq: repeated, sort: repeated, facets: z.string().optional() });
const spatialQuery = z.object({ fq: repeated, sort: repeated, zoom: z.string().optional() });
const queryText = z.string().max(2000);

const queryLanguage =
  'Query language: words (German and English stemming), "phrases", AND/OR/NOT (upper case), ' +
  '-word, prefix*, title:/keyword:/abstract: for a field, and filter fields such as ' +
  'type:dataset or year:[2010 TO 2020]; `*` or an empty query finds everything. ' +
  '`fq` (repeatable, ANDed): field:value, field:"a value", field:(a OR b), field:[from TO to], ' +
  'bbox:west,south,east,north; a leading - negates. Filter fields: type, topicCategory, ' +
  'inspireTheme, keyword, licence, organisation, format, year, crs (crs:"EPSG:25832"), role ' +
  '(a contact role code), restriction (otherRestrictions: has access constraints), state, ' +
  'bbox, modified, created, date, temporal; crs, role and restriction are not counted as ' +
  'facets. Only records the caller may read are found, counted and faceted.';

/** Catalogue search: list with facets, footprints for the map, suggestions. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const listParams = z.object({
    q: queryText,
    start: z.string().optional(),
    rows: z.string().optional(),
  });
  const listSchema = {
    tags,
    summary: 'Search the catalogue: hits, total and facet counts',
    description:
      `${queryLanguage} \`sort\` (repeatable): score desc (default; without words modified desc), ` +
      'modified, created, title, temporal or date with asc|desc. start defaults to 0, rows to 10 ' +
      '(at most 100); facets=false leaves out the facet counts. A facet field that an fq filters ' +
      'on is counted without its own filter, so further values can be added.',
    params: listParams,
    querystring: listQuery,
    response: { 200: SearchResponse, 400: ErrorBody },
  };
  const listHandler = async (request: {
    params: z.infer<typeof listParams>;
    query: z.infer<typeof listQuery>;
    ctx: RequestContext;
  }) =>
    search(
      searchTarget(request.ctx),
      parseSearch({
        ...request.query,
        q: request.params.q,
        start: request.params.start,
        rows: request.params.rows,
      }),
      viewerOf(request.ctx.auth),
    );

  app.get('/index/search/objects/:q/:start/:rows', { schema: listSchema }, (request) =>
    listHandler(request),
  );
  app.get('/index/search/objects/:q/:start', { schema: { ...listSchema, hide: true } }, (request) =>
    listHandler(request),
  );
  app.get('/index/search/objects/:q', { schema: { ...listSchema, hide: true } }, (request) =>
    listHandler(request),
  );

  app.get(
    '/index/search/objects/spatial/:q/:page/:size',
    {
      // Up to 10,000 features: written out as they are rather than checked against the
      // schema once more on the way out (the service builds them from typed rows).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags,
        summary: 'Footprints of the matching records as GeoJSON (for the map)',
        description:
          `The same search as the list, answered as a FeatureCollection (EPSG:4326) of the records' ` +
          'footprints (their geometry, else their box) with id, title and type. page from 1 ' +
          '(default 1), size at most 10000 (default 50); zoom (0–24, default 6) simplifies the ' +
          `geometries to about a pixel at that zoom. Records without an extent are left out. ${queryLanguage}`,
        params: z.object({ q: queryText, page: z.string(), size: z.string() }),
        querystring: spatialQuery,
        response: { 200: SpatialSearchResponse, 400: ErrorBody },
      },
    },
    async (request) =>
      spatialSearch(
        searchTarget(request.ctx),
        { ...request.query, ...request.params },
        viewerOf(request.ctx.auth),
      ),
  );

  app.get(
    '/index/suggest/objects/:text',
    {
      schema: {
        tags,
        summary: 'Suggestions while typing: record titles and keywords',
        description:
          'Titles (with the record id) and keywords similar to the text (typo tolerant, ' +
          'trigram word similarity), those starting with it first; only of records the caller ' +
          'may read. rows defaults to 8 (at most 20); fewer than 2 characters answer none.',
        params: z.object({ text: queryText }),
        querystring: z.object({ rows: z.string().optional() }),
        response: { 200: SuggestResponse, 400: ErrorBody },
      },
    },
    async (request) =>
      suggest(
        searchTarget(request.ctx),
        request.params.text,
        request.query.rows,
        viewerOf(request.ctx.auth),
      ),
  );
};
