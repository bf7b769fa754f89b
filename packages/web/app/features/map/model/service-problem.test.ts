import { ErrorCode } from '@geoportal/contract/errors';
import { describe, expect, it } from 'vitest';
import { HttpRequestError } from '../../../lib/http/http-error';
import { CapabilitiesError } from './capabilities-error';
import { serviceHost, serviceProblemOf } from './service-problem';

const proxyError = (status: number, code: string) =>
  new HttpRequestError(status, { status, code, message: 'x' }, 'x');

describe('serviceProblemOf', () => {
  it("tells the proxy's refusals, unreachable hosts and wrong answers apart", () => {
    expect(serviceProblemOf(proxyError(403, ErrorCode.proxyHostNotAllowed))).toBe('notAllowed');
    expect(serviceProblemOf(proxyError(403, ErrorCode.proxyAddressRefused))).toBe('notAllowed');
    expect(serviceProblemOf(proxyError(502, ErrorCode.proxyUnreachable))).toBe('unreachable');
    expect(serviceProblemOf(proxyError(504, ErrorCode.proxyTimeout))).toBe('unreachable');
    expect(serviceProblemOf(proxyError(502, ErrorCode.proxyUpstream))).toBe('notService');
    expect(serviceProblemOf(proxyError(502, ErrorCode.proxyContentType))).toBe('notService');
  });

  it('counts an answer that is no capabilities document as no map service', () => {
    expect(serviceProblemOf(new CapabilitiesError('not a WMS'))).toBe('notService');
  });

  it("counts a service's own error answer (read directly) as no map service", () => {
    expect(serviceProblemOf(new HttpRequestError(404, 'Not Found', 'Not Found'))).toBe(
      'notService',
    );
  });

  it('calls anything else a plain failure', () => {
    expect(serviceProblemOf(new TypeError('Failed to fetch'))).toBe('failed');
    expect(serviceProblemOf(proxyError(500, 'server.error'))).toBe('failed');
  });

  it('names the host a visitor recognises', () => {
    expect(serviceHost('https://maps.example:8443/wms?x=1')).toBe('maps.example:8443');
    expect(serviceHost('kaputt')).toBe('kaputt');
  });
});
