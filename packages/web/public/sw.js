/*
 * Geoportal service worker (SPEC §4, §9), registered by app/lib/service-worker.ts.
 *
 * This file is the one source of its rules: a plain script in public/, which the build copies
 * to /sw.js unchanged. It is not generated from TypeScript because a build step for one small
 * file would be a second bundler set-up, and module service workers are not available in
 * every supported browser. app/lib/sw.test.ts loads this very file and tests its rules
 * through `self.__geoportalSwTest` and through its event handlers.
 *
 * Rules:
 * - Fingerprinted files under /assets/ (a content hash in the name, never changed): cache
 *   first, then the network.
 * - Page navigations (the server-rendered HTML): network first; offline, the last copy of
 *   the same address, so a returning visitor gets the page they saw.
 * - Never cached: /api/ and /geoth/, requests carrying an AccessToken header, anything but
 *   GET, other origins, and everything else (the browser handles it as if there were no
 *   worker).
 *
 * There is no pre-cache on install: the pages are rendered on the server and the asset names
 * change with every build, so nothing is known in advance. A new version does not skip
 * waiting: it takes over when no page of the old version is open any more, because an open
 * old page may still load its lazy chunks from the old cache, which `activate` then deletes.
 */

/** Bump when the rules or the cached data change: old caches are deleted on activation. */
const VERSION = 1;
const CACHE_PREFIX = 'geoportal-';
const CACHE_NAME = `${CACHE_PREFIX}v${VERSION}`;
/** The cache is trimmed to this many entries, oldest first (asset names change per build). */
const MAX_ENTRIES = 200;
/** A file name with a content hash, e.g. /assets/root-BxYz12_a.js. */
const FINGERPRINTED = /^\/assets\/(?:.+\/)?[^/]+[-.][\w-]{8,}\.[a-z0-9]+$/i;
const NEVER = [/^\/api(?:\/|$)/, /^\/geoth(?:\/|$)/];

/**
 * How a request is answered: 'cache-first', 'network-first' or null (not handled at all).
 * @param {{ method: string, url: string, mode?: string, headers: { has(name: string): boolean } }} request
 * @param {string} origin the origin of this worker
 * @returns {'cache-first' | 'network-first' | null}
 */
function strategyFor(request, origin) {
  if (request.method !== 'GET') return null;
  if (request.headers.has('AccessToken')) return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (NEVER.some((pattern) => pattern.test(url.pathname))) return null;
  if (request.mode === 'navigate') return 'network-first';
  if (FINGERPRINTED.test(url.pathname)) return 'cache-first';
  return null;
}

/**
 * Whether a response may be stored: a complete same-origin answer that does not forbid it.
 * @param {Response} response
 */
function isCacheable(response) {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !/no-store/i.test(response.headers.get('cache-control') ?? '')
  );
}

/** @param {Request} request @param {Response} response */
async function store(request, response) {
  const cache = await caches.open(CACHE_NAME);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(key);
}

/**
 * Stores a copy of the answer after it went out, so the page does not wait for the cache.
 * @param {FetchEvent} event @param {Response} response
 */
function keep(event, response) {
  if (isCacheable(response)) event.waitUntil(store(event.request, response.clone()));
}

/** @param {FetchEvent} event */
async function cacheFirst(event) {
  const cached = await caches.match(event.request, { cacheName: CACHE_NAME });
  if (cached) return cached;
  const response = await fetch(event.request);
  keep(event, response);
  return response;
}

/** @param {FetchEvent} event */
async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    keep(event, response);
    return response;
  } catch (error) {
    const cached = await caches.match(event.request, { cacheName: CACHE_NAME });
    if (cached) return cached;
    throw error;
  }
}

async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldCaches().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy === 'cache-first') event.respondWith(cacheFirst(event));
  else if (strategy === 'network-first') event.respondWith(networkFirst(event));
});

// For the unit tests only; the worker itself never reads it.
self.__geoportalSwTest = Object.freeze({ strategyFor, isCacheable, CACHE_NAME, MAX_ENTRIES });
