import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../../http/errors.js';

/**
 * Errors of outbound requests (`outbound.service.ts`). A refusal is 4xx (the address asked
 * for is not allowed); a failure of the remote server is 502, its slowness 504. The codes are
 * the map proxy's (`geo.proxy_*`), where the client began: they are part of the API (the
 * proxy's answers, a harvester's connection test), so they stay.
 */

/** How the messages name the URL, the other end and this side. */
export interface OutboundWording {
  /** What carried the address: `The url parameter` (the proxy), `The URL`. */
  url: string;
  /** The other end: `map service` (the proxy), `remote server`. */
  peer: string;
  /** This side: `the proxy`, `this server`. */
  self: string;
}

/** The wording of harvesting, the link check and any other user that names none. */
export const REMOTE_SERVER: OutboundWording = {
  url: 'The URL',
  peer: 'remote server',
  self: 'this server',
};

export class OutboundUrlInvalidError extends HttpError {
  constructor(reason: string, wording: OutboundWording = REMOTE_SERVER) {
    super(400, ErrorCode.proxyUrlInvalid, `${wording.url} is not usable: ${reason}.`);
  }
}

export class OutboundAddressRefusedError extends HttpError {
  constructor(host: string, reason: string, wording: OutboundWording = REMOTE_SERVER) {
    super(
      403,
      ErrorCode.proxyAddressRefused,
      `The host ${host.slice(0, 253)} resolves to a ${reason}, which ${wording.self} does not connect to.`,
    );
  }
}

export class OutboundTooManyRedirectsError extends HttpError {
  constructor(limit: number, wording: OutboundWording = REMOTE_SERVER) {
    super(
      502,
      ErrorCode.proxyTooManyRedirects,
      `The ${wording.peer} redirected more than ${limit} times.`,
    );
  }
}

export class OutboundTooLargeError extends HttpError {
  constructor(limit: number, wording: OutboundWording = REMOTE_SERVER) {
    super(
      502,
      ErrorCode.proxyTooLarge,
      `The ${wording.peer}'s answer is larger than ${wording.self}'s limit of ${limit} bytes.`,
    );
  }
}

export class OutboundTimeoutError extends HttpError {
  constructor(ms: number, wording: OutboundWording = REMOTE_SERVER) {
    super(
      504,
      ErrorCode.proxyTimeout,
      `The ${wording.peer} did not answer completely within ${ms / 1000} seconds.`,
    );
  }
}

/** The remote host could not be reached at all (name, connection, TLS). */
export class OutboundUnreachableError extends HttpError {
  constructor(reason: string, wording: OutboundWording = REMOTE_SERVER) {
    super(502, ErrorCode.proxyUnreachable, `The ${wording.peer} could not be reached: ${reason}.`);
  }
}

/** The remote server was reached but answered with an error status or an unusable redirect. */
export class OutboundUpstreamError extends HttpError {
  constructor(reason: string, wording: OutboundWording = REMOTE_SERVER) {
    super(502, ErrorCode.proxyUpstream, `The ${wording.peer} failed: ${reason}.`);
  }
}
