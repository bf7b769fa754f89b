import { ErrorCode } from '@geoportal/contract/error-codes';
import { isHttpRequestError } from '../../../lib/http/http-error';
import { CapabilitiesError } from './capabilities-error';

/**
 * Why a map service could not be used, in the terms a visitor can act on:
 * - `unreachable`: no connection to its host (unknown name, refused, TLS, too slow);
 * - `notAllowed`: this server does not fetch from that host (not in a published record nor
 *   on the operator's list, or it lies in a blocked network);
 * - `notService`: the host answered, but not with a WMS/WMTS (an error page, another format,
 *   no capabilities document, no layer);
 * - `failed`: anything else (our own server unreachable, an unexpected answer).
 */
export type ServiceProblem = 'unreachable' | 'notAllowed' | 'notService' | 'failed';

const byCode: Record<string, ServiceProblem> = {
  [ErrorCode.proxyUnreachable]: 'unreachable',
  [ErrorCode.proxyTimeout]: 'unreachable',
  [ErrorCode.proxyHostNotAllowed]: 'notAllowed',
  [ErrorCode.proxyAddressRefused]: 'notAllowed',
  [ErrorCode.proxyDisabled]: 'notAllowed',
  [ErrorCode.proxyUpstream]: 'notService',
  [ErrorCode.proxyContentType]: 'notService',
  [ErrorCode.proxyTooLarge]: 'notService',
  [ErrorCode.proxyTooManyRedirects]: 'notService',
  [ErrorCode.proxyUrlInvalid]: 'notService',
};

/** The problem behind a failed capabilities read or service request. */
export function serviceProblemOf(error: unknown): ServiceProblem {
  if (error instanceof CapabilitiesError) return 'notService';
  if (isHttpRequestError(error)) {
    // Without a code the answer is the service's own (a direct read): it was reached, but
    // answered with an error instead of a document.
    if (error.code === undefined) return 'notService';
    return byCode[error.code] ?? 'failed';
  }
  return 'failed';
}

/** The translation key of a problem's explanation (`{host}` is the service's host). */
export const serviceProblemMessage: Record<ServiceProblem, string> = {
  unreachable: 'map.service.unreachable',
  notAllowed: 'map.service.notAllowed',
  notService: 'map.service.notService',
  failed: 'map.service.failed',
};

/** The host a visitor recognises in a message, or the URL itself when it is none. */
export function serviceHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
