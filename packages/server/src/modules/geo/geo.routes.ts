import { Readable } from 'node:stream';
import { ErrorBody, ErrorCode } from '@geoportal/contract/errors';
import {
  BASEMAP_TILE_MAX_ZOOM,
  BasemapLayerParams,
  BasemapManifest,
  BasemapTileParams,
  GeoConfig,
  PlaceSearchQuery,
  PlaceSearchResult,
  ProxyQuery,
} from '@geoportal/contract/geo';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError, sendRouteNotFound } from '../../http/error-handler.js';
import { type RefuseAddress, type Resolve, systemResolve } from '../outbound/outbound.service.js';
import { isPublishedServiceHost } from '../search/search-index.js';
import { getProductVersion } from '../system/git-info.js';
import {
  createBasemapService,
  etagOf,
  matchesIfNoneMatch,
  negotiateEncoding,
  type PreparedLayer,
} from './basemap.service.js';
import { createBasemapTiles } from './basemap-tiles.js';
import type { GeoServiceConfig } from './geo.config.js';
import { BasemapTileOutOfRangeError, ProxyBusyError } from './geo.errors.js';
import { createPlaceSearch } from './places.service.js';
import { fetchThroughProxy } from './proxy.service.js';
import { createProxyLimiter } from './proxy-limits.js';

export interface GeoModuleOptions {
  config: GeoServiceConfig;
  /** Host name lookup of the proxy; tests make names resolve where they need them to. */
  resolve?: Resolve;
  /** The proxy's address rule; tests let loopback through (see `BuildOptions`). */
  refuse?: RefuseAddress;
}

/**
 * The offline basemap (layers and tiles) changes only with a release; caches may keep it a
 * day, then revalidate.
 */
const BASEMAP_CACHE = 'public, max-age=86400';

/**
 * Sends a prepared basemap body (a layer or a tile) in the best encoding the caller accepts,
 * with its ETag, or 304 when the caller holds it already.
 */
function sendPrepared(
  headers: FastifyRequest['headers'],
  reply: FastifyReply,
  prepared: PreparedLayer,
  type: string,
) {
  const encoding = negotiateEncoding(headers['accept-encoding']);
  const etag = etagOf(prepared, encoding);
  reply
    .header('etag', etag)
    .header('cache-control', BASEMAP_CACHE)
    .header('vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(type).send(prepared.bodies[encoding]);
}

/**
 * The geo service, registered under `/geoth` (SPEC §7): offline basemap, operator basemaps,
 * place search and the proxy for external map services. Outside `/api/v1`, with the API's
 * JSON errors.
 */
export function geoRoutes({
  config,
  resolve = systemResolve,
  refuse,
}: GeoModuleOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const basemap = createBasemapService();
    const tiles = createBasemapTiles(basemap.manifest().version);
    app.addHook('onClose', () => tiles.close());
    const places = createPlaceSearch();
    const userAgent = `Geoportal/${getProductVersion()} (map service proxy)`;
    const proxyLimiter = createProxyLimiter({
      perClient: config.proxyClientConcurrency,
      total: config.proxyConcurrency,
    });

    app.get(
      '/basemap',
      {
        schema: {
          tags: ['geo'],
          summary: 'What the offline basemap offers: layers, detail levels and their zooms',
          response: { 200: BasemapManifest },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return basemap.manifest();
      },
    );

    app.get(
      '/basemap/:layer/:level',
      {
        schema: {
          tags: ['geo'],
          summary: 'One layer of the offline basemap at one detail level (GeoJSON, EPSG:4326)',
          description:
            'A FeatureCollection; countries carry id (ISO 3166-1 numeric), name_de and name_en; ' +
            'states (the German Länder) id (ISO 3166-2), name_de and name_en; places (points) ' +
            'id, name_de, name_en, kind (capital or city), country (ISO 3166-1 alpha-2), ' +
            'population and rank (1 largest … 9). ' +
            'Compressed with brotli or gzip as Accept-Encoding allows; supports If-None-Match.',
          params: BasemapLayerParams,
          response: {
            200: z.any().describe('GeoJSON FeatureCollection (application/geo+json)'),
            304: z.undefined(),
            404: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const prepared = await basemap.layer(request.params.layer, request.params.level);
        return sendPrepared(request.headers, reply, prepared, 'application/geo+json');
      },
    );

    app.get(
      '/basemap/tiles/:z/:x/:y.pbf',
      {
        schema: {
          tags: ['geo'],
          summary: 'One vector tile of the offline basemap (Mapbox Vector Tile, EPSG:3857)',
          description:
            `Tile z/x/y of the XYZ scheme, z from 0 to ${BASEMAP_TILE_MAX_ZOOM} (the map enlarges ` +
            'the highest zoom beyond). One MVT layer per basemap layer of the manifest, cut from ' +
            "the detail level that layer has for the tile's zoom (a coarser one where the finer " +
            'level does not reach the tile), with the same properties as the GeoJSON, and ' +
            '`labels`: one point per country polygon where its name goes, with name_de, name_en ' +
            'and width (metres of the line inside the polygon the name sits on). A tile with ' +
            'nothing in it is an empty body. A zoom, column or row outside the pyramid is 400. ' +
            'Compressed with brotli or gzip as Accept-Encoding allows; supports If-None-Match.',
          params: BasemapTileParams,
          response: {
            200: z.any().describe('application/vnd.mapbox-vector-tile'),
            304: z.undefined(),
            400: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const zoom = Number(request.params.z);
        const x = Number(request.params.x);
        const y = Number(request.params.y);
        if (zoom > BASEMAP_TILE_MAX_ZOOM || x >= 2 ** zoom || y >= 2 ** zoom) {
          throw new BasemapTileOutOfRangeError(zoom, x, y, BASEMAP_TILE_MAX_ZOOM);
        }
        return sendPrepared(
          request.headers,
          reply,
          await tiles.tile(zoom, x, y),
          'application/vnd.mapbox-vector-tile',
        );
      },
    );

    app.get(
      '/places',
      {
        schema: {
          tags: ['geo'],
          summary: 'Countries, German states and places of the offline basemap by name',
          description:
            'Case and diacritics do not matter ("munchen" and "muenchen" find München). Names ' +
            'equal to the text come first, then names that start with it, then names that ' +
            'contain it; within each, countries, states, capitals, then cities, larger first.',
          querystring: PlaceSearchQuery,
          response: { 200: PlaceSearchResult, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { places: await places.search(request.query) };
      },
    );

    app.get(
      '/config',
      {
        schema: {
          tags: ['geo'],
          summary: 'Online basemaps configured by the operator, and whether the proxy is on',
          response: { 200: GeoConfig },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return {
          basemaps: config.basemaps,
          proxyEnabled:
            config.proxyRecordHosts ||
            config.proxyAllow.length + config.proxyAllowPrivate.length + config.basemaps.length > 0,
        };
      },
    );

    app.get(
      '/proxy',
      {
        schema: {
          tags: ['geo'],
          summary: 'Capabilities, legends, feature info and tiles of an allowed map service',
          description:
            "Fetches the URL from a host on GEO_PROXY_ALLOW, or the host of a WMS or WMTS named by a published record (unless GEO_PROXY_RECORD_HOSTS=false), without the caller's credentials. " +
            'A host that cannot be reached is 502 geo.proxy_unreachable; one that answers with an error status 502 geo.proxy_upstream; a host that is not allowed 403 geo.proxy_host_not_allowed. ' +
            'Refuses private, loopback, link-local and metadata addresses after DNS resolution ' +
            'and after every redirect (at most 5), unexpected content types, answers over ' +
            'GEO_PROXY_MAX_BYTES and exchanges longer than GEO_PROXY_TIMEOUT. Answers over ' +
            '64 KiB are streamed: one that then passes GEO_PROXY_MAX_BYTES, or stands still ' +
            'for GEO_PROXY_TIMEOUT, is cut off and arrives incomplete. A caller may have ' +
            'GEO_PROXY_CLIENT_CONCURRENCY requests running at once, all callers together ' +
            'GEO_PROXY_CONCURRENCY; beyond that 429 request.rate_limited with Retry-After.',
          querystring: ProxyQuery,
          response: {
            200: z.any().describe('The upstream answer, with its Content-Type'),
            304: z.undefined(),
            400: ErrorBody,
            403: ErrorBody,
            429: ErrorBody,
            502: ErrorBody,
            504: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const slot = proxyLimiter.acquire(request.ip);
        if ('refused' in slot) {
          const error = new ProxyBusyError(
            slot.refused,
            slot.refused === 'client' ? config.proxyClientConcurrency : config.proxyConcurrency,
          );
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
        // The place is taken until the answer is sent, cut off or given up by the caller; a
        // caller that goes away ends the exchange with the map server as well.
        const gone = new AbortController();
        reply.raw.once('close', () => {
          slot.release();
          if (!reply.raw.writableFinished) gone.abort();
        });
        const answer = await fetchThroughProxy(request.query.url, {
          config,
          resolve,
          userAgent,
          conditional: {
            ifNoneMatch: request.headers['if-none-match'],
            ifModifiedSince: request.headers['if-modified-since'],
          },
          signal: gone.signal,
          ...(config.proxyRecordHosts
            ? {
                isRecordHost: (host: string, port: number) =>
                  isPublishedServiceHost(request.ctx.db, host, port),
              }
            : {}),
          ...(refuse ? { refuse } : {}),
        });
        reply.headers(answer.headers);
        if (answer.status === 304) return reply.code(304).send();
        if (request.method === 'HEAD' && answer.body instanceof Readable) {
          // Not read on for nothing: the map server's connection closes now.
          answer.body.destroy();
          return reply.code(200).send();
        }
        return reply.code(200).send(answer.body);
      },
    );

    // Only GET reads through the proxy. Answered before any body is read.
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/proxy',
      schema: { hide: true },
      onRequest: async (request, reply) => {
        reply.header('allow', 'GET, HEAD');
        return sendError(
          reply,
          405,
          ErrorCode.methodNotAllowed,
          `The proxy only reads: use GET, not ${request.method}.`,
        );
      },
      handler: async () => undefined,
    });

    // Anything else under /geoth is a JSON 404, never the rendered app.
    app.all('/*', { schema: { hide: true } }, sendRouteNotFound);
  };
}
