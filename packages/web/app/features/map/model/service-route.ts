/**
 * Whether the browser asks a map service directly or through the geo service's proxy. Direct
 * is tried first for https services: it spares the server the traffic and works for any
 * service that answers cross-origin reads (CORS), published in a record or not. Plain http
 * services always go through the proxy: the page's Content-Security-Policy allows only https
 * hosts (and an https page may not load http content at all). An origin whose direct read
 * failed once (no CORS, blocked, down) goes through the proxy for the rest of the page's life,
 * so every tile after the first does not fail twice.
 */

const proxiedOrigins = new Set<string>();
/** Origins whose images loaded directly: later images go there without a probe. */
const directImageOrigins = new Set<string>();

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether to try `url` directly first. */
export function triesDirect(url: string): boolean {
  const origin = originOf(url);
  return origin !== undefined && !proxiedOrigins.has(origin);
}

/** A direct read of `url` failed: its origin goes through the proxy from now on. */
export function rememberProxied(url: string): void {
  const origin = originOf(url);
  if (origin) proxiedOrigins.add(origin);
}

/** Forgets what was learnt (tests). */
export function resetServiceRoutes(): void {
  proxiedOrigins.clear();
  directImageOrigins.clear();
}

/**
 * Loads an image (tile, WMS image) directly when that may work, else or after a failure
 * through the proxy. Until an origin has delivered one image, a probe image takes the direct
 * attempt, so the map's own image sees only the final outcome (OpenLayers counts one error as
 * a failed layer); after that, images go there straight away.
 */
export function loadImageDirectFirst(
  image: HTMLImageElement,
  src: string,
  proxied: (url: string) => string,
): void {
  if (!triesDirect(src)) {
    image.src = proxied(src);
    return;
  }
  const origin = originOf(src);
  if (origin && directImageOrigins.has(origin)) {
    image.src = src;
    return;
  }
  const probe = new Image();
  probe.onload = () => {
    if (origin) directImageOrigins.add(origin);
    image.src = src;
  };
  probe.onerror = () => {
    rememberProxied(src);
    image.src = proxied(src);
  };
  probe.src = src;
}
