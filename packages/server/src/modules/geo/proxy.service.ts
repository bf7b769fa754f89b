import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { hostOf, matchesRule, portOf } from '../outbound/address-policy.js';
import { OutboundTooLargeError, OutboundUpstreamError } from '../outbound/outbound.errors.js';
import {
  deadlineOf,
  exchange,
  mediaTypeOf,
  networkFailure,
  parseOutboundUrl,
  type RefuseAddress,
  type Resolve,
} from '../outbound/outbound.service.js';
import { classifyContentType, isFeatureInfoRequest } from './content-types.js';
import type { GeoServiceConfig } from './geo.config.js';
import {
  MAP_SERVICE,
  ProxyContentTypeError,
  ProxyDisabledError,
  ProxyHostNotAllowedError,
} from './geo.errors.js';
import { LOOKAHEAD_BYTES, readStart, streamRest } from './proxy-body.js';

/**
 * The proxy for external map services (`GET /geoth/proxy?url=…`): capabilities, legends,
 * feature info and tiles of hosts on the allow-list or named by a published record's map
 * service. It is one user of the outbound client (`outbound/outbound.service.ts`), which
 * checks every hop (the first request and each redirect): scheme, then the allow-list asked
 * here, then the addresses the host name resolves to; the connection goes to exactly the
 * checked address, so a second DNS answer cannot point it elsewhere (DNS rebinding). What the
 * proxy adds: the allow-list, the content types a browser may receive (`content-types.ts`),
 * and answers passed within a size and a time limit: short ones whole, long ones streamed with
 * back-pressure (see `proxy-body.ts`).
 */

export interface ProxyOptions {
  config: GeoServiceConfig;
  resolve: Resolve;
  /** Sent upstream instead of the caller's User-Agent. */
  userAgent: string;
  /**
   * The caller's validators (If-None-Match, If-Modified-Since), passed on so that a browser
   * can revalidate cached tiles and capabilities: they identify a version, not a person.
   */
  conditional?: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined };
  /** Aborted when the caller went away: the exchange with the map server stops too. */
  signal?: AbortSignal;
  /**
   * Whether a published record offers a map service on this host and port: such hosts are
   * allowed besides the operator's lists (public addresses only). Absent: lists only.
   */
  isRecordHost?: (host: string, port: number) => Promise<boolean>;
  /** The address rule (`refuseAddress`); tests let loopback through to reach their server. */
  refuse?: RefuseAddress;
}

/**
 * An upstream answer, ready to send: 200 with the body, or 304 without. The body is whole
 * when the answer was short, else a stream that may still fail (then the connection is cut).
 */
export interface ProxyAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | Readable;
}

/** Upstream headers that are passed on to the caller. */
const passedHeaders = ['cache-control', 'etag', 'last-modified', 'content-encoding'];

/** Fetches `rawUrl` under the rules above; throws the proxy's HttpErrors otherwise. */
export async function fetchThroughProxy(
  rawUrl: string,
  options: ProxyOptions,
): Promise<ProxyAnswer> {
  const { config } = options;
  if (
    config.proxyAllow.length === 0 &&
    config.proxyAllowPrivate.length === 0 &&
    config.basemaps.length === 0 &&
    !options.isRecordHost
  ) {
    throw new ProxyDisabledError();
  }
  const url = parseOutboundUrl(rawUrl, MAP_SERVICE);
  const featureInfo = isFeatureInfoRequest(url);
  const deadline = deadlineOf(config.proxyTimeoutMs, options.signal);
  try {
    const { response } = await exchange(url, {
      config: { allowPrivate: config.proxyAllowPrivate },
      resolve: options.resolve,
      ...(options.refuse ? { refuse: options.refuse } : {}),
      userAgent: options.userAgent,
      ...(options.conditional ? { conditional: options.conditional } : {}),
      signal: deadline.signal,
      wording: MAP_SERVICE,
      admit: (host, port, intranet) => admitHost(options, host, port, intranet),
    });
    return await readAnswer(response, featureInfo, config);
  } catch (error) {
    throw networkFailure(error, deadline, MAP_SERVICE);
  } finally {
    deadline.clear();
  }
}

/**
 * The allow-list, asked for every hop before its addresses: hosts the operator allowed to be
 * private (`GEO_PROXY_ALLOW_PRIVATE`), those on `GEO_PROXY_ALLOW`, the hosts of operator
 * basemaps, then those of published records' map services.
 */
async function admitHost(options: ProxyOptions, host: string, port: number, intranet: boolean) {
  const { config } = options;
  const allowed =
    intranet ||
    config.proxyAllow.some((rule) => matchesRule(rule, host, port)) ||
    isBasemapHost(config, host, port) ||
    (await options.isRecordHost?.(host, port)) === true;
  if (!allowed) throw new ProxyHostNotAllowedError(host, port);
}

/**
 * Whether an operator basemap (`GEO_BASEMAPS`) lives on this host and port: configured by the
 * operator, hence allowed (its WMTS capabilities come through the proxy when the provider
 * does not answer cross-origin reads).
 */
function isBasemapHost(config: GeoServiceConfig, host: string, port: number): boolean {
  return config.basemaps.some((basemap) => {
    try {
      const url = new URL(basemap.url.replace(/[{}]/g, ''));
      return hostOf(url) === host && portOf(url) === port;
    } catch {
      return false;
    }
  });
}

async function readAnswer(
  response: IncomingMessage,
  featureInfo: boolean,
  { proxyMaxBytes: maxBytes, proxyTimeoutMs }: GeoServiceConfig,
): Promise<ProxyAnswer> {
  const status = response.statusCode ?? 502;
  if (status === 304) {
    response.destroy();
    return { status: 304, headers: validatorsOf(response), body: Buffer.alloc(0) };
  }
  if (status < 200 || status > 299) {
    response.destroy();
    throw new OutboundUpstreamError(`it answered with status ${status}`, MAP_SERVICE);
  }
  const mediaType = mediaTypeOf(response.headers['content-type']);
  const handling = classifyContentType(mediaType, featureInfo);
  if (!handling) {
    response.destroy();
    throw new ProxyContentTypeError(mediaType || '(none)');
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new OutboundTooLargeError(maxBytes, MAP_SERVICE);
  }
  const start = await readStart(response, LOOKAHEAD_BYTES, maxBytes);
  const headers: Record<string, string> = {
    'content-type': response.headers['content-type'] as string,
    'x-content-type-options': 'nosniff',
    // Nothing fetched from elsewhere may run as a page of this origin.
    'content-security-policy':
      handling === 'sandboxed'
        ? "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'"
        : "sandbox; default-src 'none'",
  };
  if (start.ended) {
    return {
      status: 200,
      headers: { ...headers, ...validatorsOf(response) },
      body: Buffer.concat(start.chunks, start.size),
    };
  }
  // Streamed: the declared length (checked above) tells the caller what is coming.
  if (Number.isFinite(declared)) headers['content-length'] = String(declared);
  return {
    status: 200,
    headers: { ...headers, ...validatorsOf(response) },
    // While it streams, the time limit applies to each pause: a large answer to a slow
    // caller may take longer as a whole, as long as it keeps moving.
    body: streamRest(response, start, maxBytes, proxyTimeoutMs),
  };
}

function validatorsOf(response: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of passedHeaders) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
