import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { HttpError } from '../../http/errors.js';
import { hostOf, matchesRule, portOf, refuseAddress } from './address-policy.js';
import { classifyContentType, isFeatureInfoRequest, mediaTypeOf } from './content-types.js';
import type { GeoServiceConfig } from './geo.config.js';
import {
  ProxyAddressRefusedError,
  ProxyContentTypeError,
  ProxyDisabledError,
  ProxyHostNotAllowedError,
  ProxyTimeoutError,
  ProxyTooLargeError,
  ProxyTooManyRedirectsError,
  ProxyUnreachableError,
  ProxyUpstreamError,
  ProxyUrlInvalidError,
} from './geo.errors.js';
import { LOOKAHEAD_BYTES, readStart, streamRest } from './proxy-body.js';

/**
 * The proxy for external map services (`GET /geoth/proxy?url=…`): capabilities, legends,
 * feature info and tiles of hosts on the allow-list or named by a published record's map
 * service. Every hop (the first request and each
 * redirect) is checked the same way: scheme, allow-list, then the addresses the host name
 * resolves to; the connection goes to exactly the checked address, so a second DNS answer
 * cannot point it elsewhere (DNS rebinding). Answers pass within a size and a time limit:
 * short ones whole, long ones streamed with back-pressure (see `proxy-body.ts`).
 */

/** Resolves a host name to its IP addresses; tests inject their own. */
export type Resolve = (hostname: string) => Promise<string[]>;

/** The system resolver (hosts file, then DNS), every address of the name. */
export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** At most this many redirects are followed. */
export const MAX_REDIRECTS = 5;

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
  refuse?: typeof refuseAddress;
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

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

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
  let url = parseTarget(rawUrl);
  const featureInfo = isFeatureInfoRequest(url);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), config.proxyTimeoutMs);
  const signal = options.signal
    ? AbortSignal.any([deadline.signal, options.signal])
    : deadline.signal;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const address = await checkTarget(url, options, signal);
      const response = await request(url, address, options, signal);
      const location = response.headers.location;
      if (redirectStatuses.has(response.statusCode ?? 0) && location) {
        response.destroy();
        if (redirects >= MAX_REDIRECTS) throw new ProxyTooManyRedirectsError(MAX_REDIRECTS);
        url = parseRedirect(location, url);
        continue;
      }
      return await readAnswer(response, featureInfo, config);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (deadline.signal.aborted) throw new ProxyTimeoutError(config.proxyTimeoutMs);
    throw new ProxyUnreachableError(describeNetworkError(error));
  } finally {
    clearTimeout(timer);
  }
}

function parseTarget(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ProxyUrlInvalidError('it is not an absolute URL');
  }
  checkScheme(url);
  return url;
}

function parseRedirect(location: string, base: URL): URL {
  let url: URL | undefined;
  try {
    url = new URL(location, base);
  } catch {
    // Reported below.
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password
  ) {
    throw new ProxyUpstreamError('it redirected to an address the proxy does not follow');
  }
  return url;
}

function checkScheme(url: URL) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxyUrlInvalidError(`the scheme ${url.protocol.slice(0, 20)} is not http or https`);
  }
  if (url.username || url.password) {
    // Credentials in the URL would travel to the upstream on the caller's behalf.
    throw new ProxyUrlInvalidError('it carries a user name or password');
  }
}

/**
 * Checks one hop: the host must be allowed (operator lists, then published records), and
 * every address it resolves to must be public (or intranet, for hosts allowed to be private).
 * Answers the address to connect to.
 */
async function checkTarget(url: URL, options: ProxyOptions, signal: AbortSignal): Promise<string> {
  const host = hostOf(url);
  const port = portOf(url);
  const intranet = options.config.proxyAllowPrivate.some((rule) => matchesRule(rule, host, port));
  const allowed =
    intranet ||
    options.config.proxyAllow.some((rule) => matchesRule(rule, host, port)) ||
    isBasemapHost(options.config, host, port) ||
    (await options.isRecordHost?.(host, port)) === true;
  if (!allowed) throw new ProxyHostNotAllowedError(host, port);
  return checkAddresses(host, intranet, options, signal);
}

/**
 * Resolves `host` and checks every address under the address rule (intranet ranges only for
 * hosts the operator allowed to be private). Answers the address to connect to.
 */
async function checkAddresses(
  host: string,
  intranet: boolean,
  options: Pick<ProxyOptions, 'resolve' | 'refuse'>,
  signal: AbortSignal,
): Promise<string> {
  const addresses = isIP(host) ? [host] : await resolveBefore(options.resolve, host, signal);
  if (addresses.length === 0) throw new ProxyUnreachableError(`${host} did not resolve`);
  // All answers must pass: a name that also points inward is refused as a whole.
  const refuse = options.refuse ?? refuseAddress;
  for (const address of addresses) {
    const reason = refuse(address, intranet);
    if (reason) throw new ProxyAddressRefusedError(host, reason);
  }
  return addresses[0] as string;
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

/** The resolver's answer, unless the deadline passes first. */
async function resolveBefore(
  resolve: Resolve,
  host: string,
  signal: AbortSignal,
): Promise<string[]> {
  if (signal.aborted) throw new Error('aborted');
  const lookup = resolve(host).catch((error: unknown) => {
    throw new ProxyUnreachableError(
      `${host} could not be resolved (${describeNetworkError(error)})`,
    );
  });
  // A lookup that fails after the deadline won must not surface as an unhandled rejection.
  lookup.catch(() => {});
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([lookup, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** One GET (or HEAD) to exactly `address`, with the URL's host name for Host and TLS. */
function request(
  url: URL,
  address: string,
  { userAgent, conditional }: Pick<ProxyOptions, 'userAgent' | 'conditional'>,
  signal: AbortSignal,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<IncomingMessage> {
  const hostname = hostOf(url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request({
      host: address,
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      method,
      // Built from scratch: the caller's cookies, AccessToken, Authorization and other
      // headers never leave this server.
      headers: {
        host: url.host,
        'user-agent': userAgent,
        accept: '*/*',
        'accept-encoding': 'identity',
        ...(conditional?.ifNoneMatch ? { 'if-none-match': conditional.ifNoneMatch } : {}),
        ...(conditional?.ifModifiedSince
          ? { 'if-modified-since': conditional.ifModifiedSince }
          : {}),
      },
      // TLS checks the certificate against the name, not the address we connect to.
      ...(url.protocol === 'https:' && !isIP(hostname) ? { servername: hostname } : {}),
      agent: false,
      signal,
    });
    outgoing.once('response', resolve);
    // Errors after the answer arrived (the deadline, a reset) end the body read instead.
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** What checking one link found (`probeLink`). */
export type LinkProbe =
  | { status: 'ok' | 'broken'; httpStatus: number }
  | { status: 'unreachable' | 'refused'; detail: string };

export interface LinkProbeOptions {
  /** `proxyAllowPrivate` (hosts that may be intranet addresses) and `proxyTimeoutMs`. */
  config: GeoServiceConfig;
  resolve: Resolve;
  userAgent: string;
  signal?: AbortSignal;
  refuse?: typeof refuseAddress;
}

/**
 * Checks that a record's link answers (the link check, issue 20): HEAD, then GET when HEAD
 * gets an error status (many servers refuse HEAD), whose body is not read. Unlike the proxy
 * it needs no allow-list, since nothing fetched is passed on to anyone; every hop still goes
 * through the same address rule and pinned connection, within the proxy's time limit and
 * redirect limit.
 */
export async function probeLink(rawUrl: string, options: LinkProbeOptions): Promise<LinkProbe> {
  let url: URL;
  try {
    url = parseTarget(rawUrl);
  } catch (error) {
    return { status: 'refused', detail: (error as Error).message };
  }
  const head = await probeOnce(url, 'HEAD', options);
  if (head.status !== 'broken') return head;
  return probeOnce(url, 'GET', options);
}

async function probeOnce(
  start: URL,
  method: 'GET' | 'HEAD',
  options: LinkProbeOptions,
): Promise<LinkProbe> {
  const { config } = options;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), config.proxyTimeoutMs);
  const signal = options.signal
    ? AbortSignal.any([deadline.signal, options.signal])
    : deadline.signal;
  let url = start;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const host = hostOf(url);
      const intranet = config.proxyAllowPrivate.some((rule) =>
        matchesRule(rule, host, portOf(url)),
      );
      const address = await checkAddresses(host, intranet, options, signal);
      const response = await request(url, address, options, signal, method);
      // Only the status line counts: the body is never read.
      response.destroy();
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location) {
        if (redirects >= MAX_REDIRECTS) {
          return { status: 'unreachable', detail: `more than ${MAX_REDIRECTS} redirects` };
        }
        url = parseRedirect(location, url);
        continue;
      }
      return { status: status >= 200 && status < 400 ? 'ok' : 'broken', httpStatus: status };
    }
  } catch (error) {
    if (error instanceof ProxyAddressRefusedError) {
      return { status: 'refused', detail: error.message };
    }
    if (deadline.signal.aborted) {
      return { status: 'unreachable', detail: `no answer within ${config.proxyTimeoutMs} ms` };
    }
    if (error instanceof HttpError) return { status: 'unreachable', detail: error.message };
    return { status: 'unreachable', detail: describeNetworkError(error) };
  } finally {
    clearTimeout(timer);
  }
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
    throw new ProxyUpstreamError(`it answered with status ${status}`);
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
    throw new ProxyTooLargeError(maxBytes);
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

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name is unknown';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET') return 'the connection was reset';
  if ((typeof code === 'string' && code.startsWith('ERR_TLS')) || code === 'CERT_HAS_EXPIRED') {
    return 'its TLS certificate is not valid';
  }
  if (typeof code === 'string') return `network error ${code.slice(0, 40)}`;
  return 'it could not be reached';
}

export interface DocumentFetchOptions {
  /** `proxyAllowPrivate` names hosts that may be intranet addresses (as for the link check). */
  config: GeoServiceConfig;
  resolve: Resolve;
  userAgent: string;
  /** Largest answer in bytes; a longer one is `ProxyTooLargeError`. */
  maxBytes: number;
  /** Time for the whole exchange, redirects and body included. */
  timeoutMs: number;
  signal?: AbortSignal;
  refuse?: typeof refuseAddress;
}

/** A whole answer of `fetchDocument`. */
export interface FetchedDocument {
  /** The address it finally came from (after redirects). */
  url: string;
  mediaType: string;
  body: Buffer;
}

/**
 * Fetches a whole document from a remote service that an administrator configured (a
 * harvested catalogue, issue 25). Like the link check it needs no allow-list, since the
 * address is the administrator's choice and nothing fetched reaches a browser as is; every
 * hop still goes through the address rule (no private, loopback or link-local addresses
 * unless `GEO_PROXY_ALLOW_PRIVATE` names the host) and the pinned connection. Errors are the
 * proxy's HttpErrors, whose codes say what went wrong.
 */
export async function fetchDocument(
  rawUrl: string,
  options: DocumentFetchOptions,
): Promise<FetchedDocument> {
  let url = parseTarget(rawUrl);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([deadline.signal, options.signal])
    : deadline.signal;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const host = hostOf(url);
      const intranet = options.config.proxyAllowPrivate.some((rule) =>
        matchesRule(rule, host, portOf(url)),
      );
      const address = await checkAddresses(host, intranet, options, signal);
      const response = await request(url, address, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location) {
        response.destroy();
        if (redirects >= MAX_REDIRECTS) throw new ProxyTooManyRedirectsError(MAX_REDIRECTS);
        url = parseRedirect(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new ProxyUpstreamError(`it answered with status ${status}`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        throw new ProxyTooLargeError(options.maxBytes);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          throw new ProxyTooLargeError(options.maxBytes);
        }
        chunks.push(chunk);
      }
      return {
        url: url.href,
        mediaType: mediaTypeOf(response.headers['content-type']),
        body: Buffer.concat(chunks, size),
      };
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof HttpError) throw error;
    if (deadline.signal.aborted) throw new ProxyTimeoutError(options.timeoutMs);
    throw new ProxyUnreachableError(describeNetworkError(error));
  } finally {
    clearTimeout(timer);
  }
}
