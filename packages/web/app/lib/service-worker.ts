import { useEffect } from 'react';
import { whenIdleAfterLoad } from './idle';

/** Where the worker is served (public/sw.js, copied by the build). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registration waits at most this long for the page to settle (SPEC §9). */
export const SERVICE_WORKER_DELAY_MS = 30_000;

export interface ServiceWorkerOptions {
  /** Only production builds register (`import.meta.env.PROD`); a development server never. */
  production: boolean;
  /** Crawlers and audit tools get no worker (from `detectDevice(…).bot`). */
  isBot: boolean;
  /** Default `/sw.js`. */
  url?: string;
  /** Default 30000 ms (SPEC §9). */
  maxDelayMs?: number;
}

const noop = () => {};

/**
 * Registers the service worker (SPEC §4): only in production and not for bots, once the app
 * is stable (the page has loaded and the browser is idle) or after 30000 ms at the latest,
 * whichever comes first, so it never competes with the first page for the network. Does
 * nothing on the server and in browsers without service workers. Answers a function that
 * cancels a registration that has not happened yet (an effect's cleanup).
 */
export function registerServiceWorker(options: ServiceWorkerOptions): () => void {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return noop;
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker) return noop;
  if (!options.production || options.isBot) return noop;

  const { url = SERVICE_WORKER_URL, maxDelayMs = SERVICE_WORKER_DELAY_MS } = options;
  return whenIdleAfterLoad(() => {
    navigator.serviceWorker.register(url).catch((error: unknown) => {
      // Offline use is a bonus: the page works without it, so only developers hear of it.
      console.warn('Service worker registration failed', error);
    });
  }, maxDelayMs);
}

/**
 * Registers the service worker of a production build after hydration (see
 * `registerServiceWorker`). Call it once, in the root layout, with `useDevice(…).bot`.
 */
export function useServiceWorker(isBot: boolean): void {
  useEffect(() => registerServiceWorker({ production: import.meta.env.PROD, isBot }), [isBot]);
}
