import ipaddr from 'ipaddr.js';
import type { HostRule } from './geo.config.js';

/**
 * Which hosts and addresses the proxy may reach. The allow-list names hosts; the address
 * check runs on what a host name resolved to, so a public name pointing at an internal
 * address is refused as well (SSRF).
 */

/** Ranges an intranet host allowed by `GEO_PROXY_ALLOW_PRIVATE` may resolve to. */
const intranetRanges = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

/** Why an address is refused, or null when the proxy may connect to it. */
export function refuseAddress(address: string, allowIntranet: boolean): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  // Only plain public unicast passes. NAT64, 6to4 and Teredo embed other addresses; reserved,
  // benchmarking and documentation ranges are no map servers.
  if (range === 'unicast') return null;
  if (allowIntranet && intranetRanges.has(range)) return null;
  return `${range} address`;
}

/** Default ports of the URL schemes the proxy speaks. */
const standardPorts = new Set([80, 443]);

/** The effective port of a URL. */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** A URL's host as allow-list entries write it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** Whether an entry allows this host and port (no port in the entry: 80 and 443 only). */
export function matchesRule(rule: HostRule, host: string, port: number): boolean {
  if (!sameHost(rule.host, host)) return false;
  return rule.port === null ? standardPorts.has(port) : rule.port === port;
}

function sameHost(a: string, b: string): boolean {
  if (a === b) return true;
  // Different spellings of one IP address (::1 and 0:0:0:0:0:0:0:1) are the same host.
  if (ipaddr.isValid(a) && ipaddr.isValid(b)) {
    return ipaddr.parse(a).toNormalizedString() === ipaddr.parse(b).toNormalizedString();
  }
  return false;
}
