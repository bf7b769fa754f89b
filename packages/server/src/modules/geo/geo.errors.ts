import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../../http/errors.js';
import type { OutboundWording } from '../outbound/outbound.errors.js';

/**
 * Errors of the geo service. The proxy's refusals are 4xx (the caller asked for something
 * that is not allowed); failures of the upstream service are 502, its slowness 504. Those it
 * shares with every outbound request (an address refused, a timeout, an unreachable host…)
 * are the outbound client's (`outbound/outbound.errors.ts`), worded for the map service.
 */

/** How the outbound client's errors speak when the proxy asked. */
export const MAP_SERVICE: OutboundWording = {
  url: 'The url parameter',
  peer: 'map service',
  self: 'the proxy',
};

export class ProxyDisabledError extends HttpError {
  constructor() {
    super(
      403,
      ErrorCode.proxyDisabled,
      'The map service proxy is off: no host is allowed (GEO_PROXY_ALLOW is empty).',
    );
  }
}

export class ProxyHostNotAllowedError extends HttpError {
  constructor(host: string, port: number) {
    super(
      403,
      ErrorCode.proxyHostNotAllowed,
      `The host ${host.slice(0, 253)} (port ${port}) is neither on the proxy's allow-list nor the host of a map service in a published record.`,
    );
  }
}

export class ProxyContentTypeError extends HttpError {
  constructor(type: string) {
    super(
      502,
      ErrorCode.proxyContentType,
      `The map service answered with the content type "${type.slice(0, 100)}", which the proxy does not pass on.`,
    );
  }
}

/** The proxy runs as many exchanges as it may; `retryAfterSeconds` goes to `Retry-After`. */
export class ProxyBusyError extends HttpError {
  readonly retryAfterSeconds = 1;
  constructor(limit: 'client' | 'total', count: number) {
    super(
      429,
      ErrorCode.tooManyRequests,
      limit === 'client'
        ? `You already have ${count} map service requests running through the proxy; wait for them to finish.`
        : `The map service proxy is busy with ${count} requests. Try again in a moment.`,
    );
  }
}

export class BasemapNotFoundError extends HttpError {
  constructor(what: string) {
    super(404, ErrorCode.basemapNotFound, `The offline basemap has no ${what}.`);
  }
}

/** A tile address outside the pyramid: a zoom over the highest, or a column or row past 2^z. */
export class BasemapTileOutOfRangeError extends HttpError {
  constructor(z: number, x: number, y: number, maxZoom: number) {
    super(
      400,
      ErrorCode.validation,
      z > maxZoom
        ? `The offline basemap's tiles go up to zoom ${maxZoom}, not ${z}.`
        : `Tile ${z}/${x}/${y} does not exist: at zoom ${z} column and row run from 0 to ${2 ** z - 1}.`,
    );
  }
}
