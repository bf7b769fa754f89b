import ipaddr from 'ipaddr.js';

/**
 * How many proxied exchanges run at once, per caller and in all. Each one holds two sockets
 * and a connection to someone else's map server for as long as the caller reads; the limits
 * keep one caller (or a crowd) from taking all of them. Counted per process: with several app
 * processes each has its own.
 */

export interface ProxyLimits {
  /** Exchanges one caller may have running (`GEO_PROXY_CLIENT_CONCURRENCY`). */
  perClient: number;
  /** Exchanges of all callers together (`GEO_PROXY_CONCURRENCY`). */
  total: number;
}

/** A place in the limits: `release` gives it back (once; later calls do nothing). */
export type ProxySlot = { release: () => void } | { refused: 'client' | 'total' };

export interface ProxyLimiter {
  /** Takes a place for an exchange of the caller at `address`, or says which limit is full. */
  acquire(address: string): ProxySlot;
}

export function createProxyLimiter({ perClient, total }: ProxyLimits): ProxyLimiter {
  const byClient = new Map<string, number>();
  let all = 0;
  return {
    acquire(address) {
      const client = clientOf(address);
      const mine = byClient.get(client) ?? 0;
      if (mine >= perClient) return { refused: 'client' };
      if (all >= total) return { refused: 'total' };
      byClient.set(client, mine + 1);
      all += 1;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          all -= 1;
          const left = (byClient.get(client) ?? 1) - 1;
          if (left > 0) byClient.set(client, left);
          else byClient.delete(client);
        },
      };
    },
  };
}

/**
 * Who a caller is for the limits: its IPv4 address, or the /64 network of its IPv6 address,
 * since one IPv6 line usually gets a whole /64 and could otherwise count as many callers.
 */
export function clientOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
