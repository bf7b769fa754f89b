import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { HttpError } from '../../http/errors.js';
import { type HostRule, hostOf, matchesRule, portOf, refuseAddress } from './address-policy.js';
import {
  OutboundAddressRefusedError,
  OutboundTimeoutError,
  OutboundTooLargeError,
  OutboundTooManyRedirectsError,
  OutboundUnreachableError,
  OutboundUpstreamError,
  OutboundUrlInvalidError,
  type OutboundWording,
  REMOTE_SERVER,
} from './outbound.errors.js';

/**
 * The one way this server makes HTTP requests to other hosts: the map proxy
 * (`geo/proxy.service.ts`), harvesting (`harvest/harvest-run.ts`, the connection test) and
 * the link check (`links/link-check.ts`). Every hop (the first request and each redirect) is
 * checked the same way: scheme (http, https) and no credentials in the URL, the user's own
 * host check if it has one (the proxy's allow-list), then every address the host name resolves
 * to under the address rule (`address-policy.ts`: public unicast only, intranet ranges for
 * hosts on the caller's `allowPrivate` list). The connection goes to exactly the checked address,
 * with the URL's name for Host and TLS, so a second DNS answer cannot point it elsewhere (DNS
 * rebinding). Headers are built from scratch: nothing of an incoming request travels on. At
 * most `MAX_REDIRECTS` redirects are followed, within the caller's time limit.
 */

/** Resolves a host name to its IP addresses; tests inject their own. */
export type Resolve = (hostname: string) => Promise<string[]>;

/** The system resolver (hosts file, then DNS), every address of the name. */
export const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** The address rule; tests may let loopback through to reach their own server. */
export type RefuseAddress = typeof refuseAddress;

/** At most this many redirects are followed. */
export const MAX_REDIRECTS = 5;

/**
 * What the client reads of the configuration: the hosts that may resolve to intranet
 * addresses. Each user brings its own list: the map proxy and the link check
 * `GEO_PROXY_ALLOW_PRIVATE`, harvesting `HARVEST_ALLOW_PRIVATE`, so that an intranet
 * catalogue allowed for harvesting is not open to every visitor through the map proxy.
 */
export interface OutboundPolicy {
  allowPrivate: readonly HostRule[];
}

/** What every outbound request needs. */
export interface OutboundOptions {
  config: OutboundPolicy;
  resolve: Resolve;
  /** Sent as User-Agent, naming the product and the purpose. */
  userAgent: string;
  /** The address rule (`refuseAddress`). */
  refuse?: RefuseAddress;
  /** How error messages name things (default: a remote server). */
  wording?: OutboundWording;
}

export interface ExchangeOptions extends OutboundOptions {
  method?: 'GET' | 'HEAD';
  /** Validators passed on, so that a browser can revalidate what it holds (the proxy). */
  conditional?: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined };
  /** Ends the exchange: the caller's time limit, and its caller going away. */
  signal: AbortSignal;
  /**
   * A further check of each hop's host and port before its addresses are resolved (the map
   * proxy's allow-list); `intranet` says whether the `allowPrivate` list names it. Throws
   * to refuse.
   */
  admit?: (host: string, port: number, intranet: boolean) => Promise<void> | void;
}

/** The final answer of an exchange (no redirect) and the address it came from. */
export interface Exchange {
  url: URL;
  response: IncomingMessage;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** The first address of an exchange: an absolute http(s) URL without credentials. */
export function parseOutboundUrl(rawUrl: string, wording: OutboundWording = REMOTE_SERVER): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundUrlInvalidError('it is not an absolute URL', wording);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundUrlInvalidError(
      `the scheme ${url.protocol.slice(0, 20)} is not http or https`,
      wording,
    );
  }
  if (url.username || url.password) {
    // Credentials in the URL would travel to the remote on the caller's behalf.
    throw new OutboundUrlInvalidError('it carries a user name or password', wording);
  }
  return url;
}

/**
 * One guarded exchange from `start`, following redirects with every hop checked (above).
 * Answers the final response, whose body the caller reads or destroys; redirect answers are
 * destroyed here. Throws the errors of `outbound.errors.ts` (and what `admit` throws), or the
 * network's error when a connection fails or `signal` ends it: the caller tells those apart
 * (`networkFailure`), since only it knows its time limit.
 */
export async function exchange(start: URL, options: ExchangeOptions): Promise<Exchange> {
  const wording = options.wording ?? REMOTE_SERVER;
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    const host = hostOf(url);
    const port = portOf(url);
    const intranet = options.config.allowPrivate.some((rule) => matchesRule(rule, host, port));
    await options.admit?.(host, port, intranet);
    const address = await checkAddresses(host, intranet, options, options.signal);
    const response = await request(url, address, options, options.signal);
    const location = response.headers.location;
    if (redirectStatuses.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (redirects >= MAX_REDIRECTS)
        throw new OutboundTooManyRedirectsError(MAX_REDIRECTS, wording);
      url = parseRedirect(location, url, wording);
      continue;
    }
    return { url, response };
  }
}

/**
 * What a failed exchange was, as an HttpError: the client's own errors as they are, the time
 * limit's abort as `OutboundTimeoutError`, anything else (a refused connection, a reset, a bad
 * certificate) as `OutboundUnreachableError`.
 */
export function networkFailure(
  error: unknown,
  deadline: { expired: boolean; ms: number },
  wording: OutboundWording = REMOTE_SERVER,
): HttpError {
  if (error instanceof HttpError) return error;
  if (deadline.expired) return new OutboundTimeoutError(deadline.ms, wording);
  return new OutboundUnreachableError(describeNetworkError(error), wording);
}

function parseRedirect(location: string, base: URL, wording: OutboundWording): URL {
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
    throw new OutboundUpstreamError(
      `it redirected to an address ${wording.self} does not follow`,
      wording,
    );
  }
  return url;
}

/**
 * Resolves `host` and checks every address under the address rule (intranet ranges only for
 * hosts the operator allowed to be private). Answers the address to connect to.
 */
async function checkAddresses(
  host: string,
  intranet: boolean,
  options: Pick<OutboundOptions, 'resolve' | 'refuse' | 'wording'>,
  signal: AbortSignal,
): Promise<string> {
  const wording = options.wording ?? REMOTE_SERVER;
  const addresses = isIP(host)
    ? [host]
    : await resolveBefore(options.resolve, host, signal, wording);
  if (addresses.length === 0)
    throw new OutboundUnreachableError(`${host} did not resolve`, wording);
  // All answers must pass: a name that also points inward is refused as a whole.
  const refuse = options.refuse ?? refuseAddress;
  for (const address of addresses) {
    const reason = refuse(address, intranet);
    if (reason) throw new OutboundAddressRefusedError(host, reason, wording);
  }
  return addresses[0] as string;
}

/** The resolver's answer, unless the deadline passes first. */
async function resolveBefore(
  resolve: Resolve,
  host: string,
  signal: AbortSignal,
  wording: OutboundWording,
): Promise<string[]> {
  if (signal.aborted) throw new Error('aborted');
  const lookup = resolve(host).catch((error: unknown) => {
    throw new OutboundUnreachableError(
      `${host} could not be resolved (${describeNetworkError(error)})`,
      wording,
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
  {
    userAgent,
    conditional,
    method = 'GET',
  }: Pick<ExchangeOptions, 'userAgent' | 'conditional' | 'method'>,
  signal: AbortSignal,
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

/** A readable reason for a failed connection, without the internals of the error. */
export function describeNetworkError(error: unknown): string {
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

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * A time limit for one use of the client, joined with the caller's own signal (`signal`);
 * `expired` tells the limit from the caller's abort, `clear` ends the timer.
 */
export function deadlineOf(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: outer ? AbortSignal.any([controller.signal, outer]) : controller.signal,
    get expired() {
      return controller.signal.aborted;
    },
    ms,
    clear: () => clearTimeout(timer),
  };
}

/** What checking one link found (`probeLink`). */
export type LinkProbe =
  | { status: 'ok' | 'broken'; httpStatus: number }
  | { status: 'unreachable' | 'refused'; detail: string };

export interface LinkProbeOptions extends OutboundOptions {
  /** `allowPrivate` (hosts that may be intranet addresses) and the time limit. */
  config: OutboundPolicy & { proxyTimeoutMs: number };
  signal?: AbortSignal;
}

/**
 * Checks that a record's link answers (the link check, issue 20): HEAD, then GET when HEAD
 * gets an error status (many servers refuse HEAD), whose body is not read. It needs no
 * allow-list, since nothing fetched is passed on to anyone; every hop still goes through the
 * address rule and the pinned connection, within `GEO_PROXY_TIMEOUT` and the redirect limit.
 */
export async function probeLink(rawUrl: string, options: LinkProbeOptions): Promise<LinkProbe> {
  let url: URL;
  try {
    url = parseOutboundUrl(rawUrl, options.wording);
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
  const deadline = deadlineOf(options.config.proxyTimeoutMs, options.signal);
  try {
    const { response } = await exchange(start, { ...options, method, signal: deadline.signal });
    // Only the status line counts: the body is never read.
    response.destroy();
    const status = response.statusCode ?? 0;
    return { status: status >= 200 && status < 400 ? 'ok' : 'broken', httpStatus: status };
  } catch (error) {
    if (error instanceof OutboundAddressRefusedError) {
      return { status: 'refused', detail: error.message };
    }
    if (error instanceof OutboundTooManyRedirectsError) {
      return { status: 'unreachable', detail: `more than ${MAX_REDIRECTS} redirects` };
    }
    if (deadline.expired) {
      return { status: 'unreachable', detail: `no answer within ${deadline.ms} ms` };
    }
    if (error instanceof HttpError) return { status: 'unreachable', detail: error.message };
    return { status: 'unreachable', detail: describeNetworkError(error) };
  } finally {
    deadline.clear();
  }
}

export interface DocumentFetchOptions extends OutboundOptions {
  /** Largest answer in bytes; a longer one is `OutboundTooLargeError`. */
  maxBytes: number;
  /** Time for the whole exchange, redirects and body included. */
  timeoutMs: number;
  signal?: AbortSignal;
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
 * unless the caller's `allowPrivate` names the host) and the pinned connection. Only a 2xx
 * answer counts; one longer than `maxBytes` (announced or read) is cut. Errors are the
 * client's HttpErrors, whose codes say what went wrong; when the caller's own signal ended
 * it, the abort's error as it is.
 */
export async function fetchDocument(
  rawUrl: string,
  options: DocumentFetchOptions,
): Promise<FetchedDocument> {
  const wording = options.wording ?? REMOTE_SERVER;
  const start = parseOutboundUrl(rawUrl, wording);
  const deadline = deadlineOf(options.timeoutMs, options.signal);
  try {
    const { url, response } = await exchange(start, { ...options, signal: deadline.signal });
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.destroy();
      throw new OutboundUpstreamError(`it answered with status ${status}`, wording);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw new OutboundTooLargeError(options.maxBytes, wording);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw new OutboundTooLargeError(options.maxBytes, wording);
      }
      chunks.push(chunk);
    }
    return {
      url: url.href,
      mediaType: mediaTypeOf(response.headers['content-type']),
      body: Buffer.concat(chunks, size),
    };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkFailure(error, deadline, wording);
  } finally {
    deadline.clear();
  }
}
