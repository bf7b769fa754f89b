import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Which hosts and addresses outbound requests may reach (the map proxy, harvesting, the link
 * check: `outbound.service.ts`). Host lists name hosts; the address check runs on what a host
 * name resolved to, so a public name pointing at an internal address is refused as well
 * (SSRF).
 */

/** One host-list entry: a lower-case host name or IP address, and a port or null (80/443). */
export interface HostRule {
  host: string;
  port: number | null;
}

/** Ranges an intranet host (`GEO_PROXY_ALLOW_PRIVATE`, `HARVEST_ALLOW_PRIVATE`) may resolve to. */
const intranetRanges = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

/** Why an address is refused, or null when an outbound request may connect to it. */
export function refuseAddress(address: string, allowIntranet: boolean): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  // ::a9fe:a9fe is the IPv4-compatible form of 169.254.169.254 (RFC 4291 §2.5.5.1,
  // deprecated, but stacks may still reach the IPv4 address): judge what it embeds. `::` and
  // `::1` are ranges of their own and stay as they are.
  if (parsed.kind() === 'ipv6' && parsed.range() === 'unicast') {
    const bytes = parsed.toByteArray();
    if (bytes.slice(0, 12).every((byte) => byte === 0)) {
      parsed = ipaddr.fromByteArray(bytes.slice(12));
    }
  }
  const range = parsed.range();
  // Only plain public unicast passes. NAT64, 6to4 and Teredo embed other addresses; reserved,
  // benchmarking and documentation ranges are no map servers.
  if (range === 'unicast') return null;
  if (allowIntranet && intranetRanges.has(range)) return null;
  return `${range} address`;
}

/** Default ports of the URL schemes outbound requests speak. */
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

const hostName =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const bracketedIpv6 = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/;
const hostAndPort = /^([^:[\]]+)(?::(\d{1,5}))?$/;

/** Parses `host`, `host:port`, `1.2.3.4:8080` or `[::1]:8080`; null when it is none of them. */
export function parseHostRule(entry: string): HostRule | null {
  const text = entry.trim().toLowerCase();
  const match = bracketedIpv6.exec(text) ?? hostAndPort.exec(text);
  if (!match?.[1]) return null;
  const host = match[1];
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  if (text.startsWith('[') ? !host.includes(':') : !hostName.test(host)) return null;
  return { host, port };
}

/**
 * A comma-separated list of host-list entries: the parser of `GEO_PROXY_ALLOW`,
 * `GEO_PROXY_ALLOW_PRIVATE` (`config.ts`) and `HARVEST_ALLOW_PRIVATE` (`harvest.config.ts`).
 */
export const HostList = z.string().transform((value, context) => {
  const rules: HostRule[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const rule = parseHostRule(entry);
    if (!rule) {
      context.addIssue({
        code: 'custom',
        message: `"${entry.slice(0, 100)}" is not a host name or host:port (IPv6 as [addr]:port)`,
      });
      return z.NEVER;
    }
    rules.push(rule);
  }
  return rules;
});
