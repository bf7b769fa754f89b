import { type OperatorBasemap, OperatorBasemaps } from '@geoportal/contract/geo';
import { z } from 'zod';
import type { HostRule } from '../outbound/address-policy.js';

/**
 * Configuration of the geo service (`/geoth`), parsed by `config.ts` from the `GEO_*`
 * variables. The parsers live here, beside the code that uses the values.
 */
export interface GeoServiceConfig {
  /**
   * Hosts the proxy may fetch from (`GEO_PROXY_ALLOW`); empty turns the proxy off. An entry
   * without a port allows the standard ports 80 and 443 only.
   */
  proxyAllow: HostRule[];
  /**
   * Hosts that may resolve to private, loopback, unique-local or shared (CGNAT) addresses
   * (`GEO_PROXY_ALLOW_PRIVATE`), for intranet map servers. They count as allowed too. The
   * same list lets every outbound request (harvesting, the link check; `outbound.service.ts`)
   * reach those hosts. Link-local (cloud metadata), multicast, broadcast and unspecified
   * addresses stay refused.
   */
  proxyAllowPrivate: HostRule[];
  /**
   * Whether the hosts of the map services (WMS, WMTS) in published records are allowed too
   * (`GEO_PROXY_RECORD_HOSTS`, default true): an editor vetted them when publishing. They must
   * resolve to public addresses.
   */
  proxyRecordHosts: boolean;
  /** Largest upstream answer in bytes (`GEO_PROXY_MAX_BYTES`, default 20 MiB). */
  proxyMaxBytes: number;
  /**
   * Time until an upstream answer starts to go out, redirects included, and then the longest
   * pause while a long answer streams (`GEO_PROXY_TIMEOUT`, default 15 s).
   */
  proxyTimeoutMs: number;
  /**
   * Proxied requests one caller (an IPv4 address, an IPv6 /64) may have running at once
   * (`GEO_PROXY_CLIENT_CONCURRENCY`, default 16: what OpenLayers loads of one map at a time).
   */
  proxyClientConcurrency: number;
  /** Proxied requests of all callers running at once (`GEO_PROXY_CONCURRENCY`, default 64). */
  proxyConcurrency: number;
  /** Online basemaps the map's switcher offers (`GEO_BASEMAPS`, a JSON array; default none). */
  basemaps: OperatorBasemap[];
}

export const GEO_DEFAULTS = {
  proxyMaxBytes: 20 * 1024 ** 2,
  proxyTimeoutMs: 15_000,
  proxyClientConcurrency: 16,
  proxyConcurrency: 64,
} as const;

/** `GEO_BASEMAPS`: a JSON array of operator basemaps, checked against the contract. */
export const BasemapsJson = z.string().transform((value, context) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'is not valid JSON (expected an array)' });
    return z.NEVER;
  }
  const result = OperatorBasemaps.safeParse(parsed);
  if (!result.success) {
    for (const issue of result.error.issues) {
      context.addIssue({
        code: 'custom',
        message: `${issue.path.length > 0 ? `[${issue.path.join('.')}] ` : ''}${issue.message}`,
      });
    }
    return z.NEVER;
  }
  return result.data;
});
