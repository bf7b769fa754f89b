import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Tests the service worker exactly as it ships: public/sw.js, evaluated with a fake `self`.
const source = readFileSync(fileURLToPath(new URL('../../public/sw.js', import.meta.url)), 'utf8');
const origin = 'https://geoportal.example';

interface FakeRequest {
  method: string;
  url: string;
  mode?: string;
  headers: Headers;
}

type Strategy = 'cache-first' | 'network-first' | null;
interface SwTest {
  strategyFor(request: FakeRequest, origin: string): Strategy;
  isCacheable(response: Response): boolean;
  CACHE_NAME: string;
  MAX_ENTRIES: number;
}

const keyOf = (request: FakeRequest | string) =>
  typeof request === 'string' ? request : request.url;

/** The Cache Storage API, in memory, keyed by URL. */
class FakeCacheStorage {
  readonly stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    const entries = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, entries);
    return {
      put: async (request: FakeRequest, response: Response) => {
        entries.delete(keyOf(request));
        entries.set(keyOf(request), response);
      },
      keys: async () => [...entries.keys()],
      delete: async (request: FakeRequest | string) => entries.delete(keyOf(request)),
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: FakeRequest, options: { cacheName?: string } = {}) {
    const names = options.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const name of names) {
      const hit = this.stores.get(name)?.get(keyOf(request));
      if (hit) return hit.clone();
    }
    return undefined;
  }
}

/** A same-origin answer as a worker's fetch gives it (type `basic`). */
function answer(body: string, init: ResponseInit = {}): Response {
  const response = new Response(body, init);
  Object.defineProperty(response, 'type', { value: 'basic' });
  return response;
}

function loadWorker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const caches = new FakeCacheStorage();
  const fetch = vi.fn<(request: FakeRequest) => Promise<Response>>(async () => answer('net'));
  const self = {
    location: { origin },
    clients: { claim: vi.fn(async () => {}) },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    __geoportalSwTest: undefined as SwTest | undefined,
  };
  vm.runInNewContext(source, { self, caches, fetch, URL, Response, console });
  const rules = self.__geoportalSwTest as SwTest;

  /** Dispatches a fetch event; answers the worker's response (undefined: not handled). */
  async function request(path: string, init: Partial<FakeRequest> = {}) {
    const pending: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    listeners.get('fetch')?.({
      request: { method: 'GET', url: `${origin}${path}`, headers: new Headers(), ...init },
      respondWith: (response: Promise<Response>) => {
        responded = response;
      },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    const response = await responded;
    await Promise.all(pending);
    return response;
  }

  async function activate() {
    const pending: Promise<unknown>[] = [];
    listeners.get('activate')?.({
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    await Promise.all(pending);
  }

  return { rules, caches, fetch, self, request, activate };
}

const req = (path: string, init: Partial<FakeRequest> = {}): FakeRequest => ({
  method: 'GET',
  url: `${origin}${path}`,
  headers: new Headers(),
  ...init,
});

describe('service worker rules (public/sw.js)', () => {
  let rules: SwTest;
  beforeEach(() => {
    rules = loadWorker().rules;
  });

  it('has a versioned cache name', () => {
    expect(rules.CACHE_NAME).toMatch(/^geoportal-v\d+$/);
  });

  it('answers fingerprinted assets from the cache first', () => {
    expect(rules.strategyFor(req('/assets/root-BxYz12_a.js'), origin)).toBe('cache-first');
    expect(rules.strategyFor(req('/assets/entry.client-D4xk9LmQ.js'), origin)).toBe('cache-first');
    expect(rules.strategyFor(req('/assets/root-Cq1w2e3r.css'), origin)).toBe('cache-first');
  });

  it('leaves assets without a content hash alone (the build description changes)', () => {
    expect(rules.strategyFor(req('/assets/git.json'), origin)).toBeNull();
    expect(rules.strategyFor(req('/favicon.ico'), origin)).toBeNull();
    expect(rules.strategyFor(req('/sw.js'), origin)).toBeNull();
  });

  it('answers page navigations from the network first', () => {
    expect(rules.strategyFor(req('/', { mode: 'navigate' }), origin)).toBe('network-first');
    expect(rules.strategyFor(req('/search?q=wald', { mode: 'navigate' }), origin)).toBe(
      'network-first',
    );
  });

  it('never handles the API, the geo service, tokens, writes or other origins', () => {
    const never = [
      req('/api/v1/i18n/de'),
      req('/api/v1/docs', { mode: 'navigate' }),
      req('/api'),
      req('/geoth/proxy?url=x'),
      req('/assets/root-BxYz12_a.js', { headers: new Headers({ AccessToken: 't' }) }),
      req('/', { mode: 'navigate', headers: new Headers({ accesstoken: 't' }) }),
      req('/assets/root-BxYz12_a.js', { method: 'POST' }),
      req('/', { mode: 'navigate', method: 'HEAD' }),
      { ...req('/'), url: 'https://cdn.example/assets/root-BxYz12_a.js' },
    ];
    for (const request of never) expect(rules.strategyFor(request, origin), request.url).toBeNull();
  });

  it('stores only complete answers that allow it', () => {
    expect(rules.isCacheable(answer('x'))).toBe(true);
    expect(rules.isCacheable(answer('x', { status: 206 }))).toBe(false);
    expect(rules.isCacheable(answer('x', { headers: { 'cache-control': 'no-store' } }))).toBe(
      false,
    );
    expect(rules.isCacheable(new Response('x'))).toBe(false);
  });
});

describe('service worker events', () => {
  it('serves a fingerprinted asset from the cache after the first load', async () => {
    const worker = loadWorker();
    expect(await (await worker.request('/assets/root-BxYz12_a.js'))?.text()).toBe('net');
    worker.fetch.mockRejectedValue(new TypeError('offline'));
    expect(await (await worker.request('/assets/root-BxYz12_a.js'))?.text()).toBe('net');
    expect(worker.fetch).toHaveBeenCalledTimes(1);
  });

  it('serves the last seen page when offline, and fresh pages when online', async () => {
    const worker = loadWorker();
    worker.fetch.mockResolvedValueOnce(answer('<html>v1</html>'));
    await worker.request('/', { mode: 'navigate' });
    worker.fetch.mockResolvedValueOnce(answer('<html>v2</html>'));
    expect(await (await worker.request('/', { mode: 'navigate' }))?.text()).toBe('<html>v2</html>');
    worker.fetch.mockRejectedValue(new TypeError('offline'));
    expect(await (await worker.request('/', { mode: 'navigate' }))?.text()).toBe('<html>v2</html>');
    await expect(worker.request('/search', { mode: 'navigate' })).rejects.toThrow('offline');
  });

  it('lets API requests pass without caching them', async () => {
    const worker = loadWorker();
    expect(await worker.request('/api/v1/access/authorized')).toBeUndefined();
    expect(worker.fetch).not.toHaveBeenCalled();
    expect(worker.caches.stores.size).toBe(0);
  });

  it('keeps at most MAX_ENTRIES entries, dropping the oldest', async () => {
    const worker = loadWorker();
    const { MAX_ENTRIES, CACHE_NAME } = worker.rules;
    for (let n = 0; n <= MAX_ENTRIES; n += 1) await worker.request(`/assets/chunk-${n}abcdefgh.js`);
    const keys = [...(worker.caches.stores.get(CACHE_NAME)?.keys() ?? [])];
    expect(keys).toHaveLength(MAX_ENTRIES);
    expect(keys[0]).toBe(`${origin}/assets/chunk-1abcdefgh.js`);
  });

  it('deletes the caches of older versions on activation and takes control', async () => {
    const worker = loadWorker();
    await worker.caches.open('geoportal-v0');
    await worker.caches.open(worker.rules.CACHE_NAME);
    await worker.caches.open('other-app');
    await worker.activate();
    expect(await worker.caches.keys()).toEqual([worker.rules.CACHE_NAME, 'other-app']);
    expect(worker.self.clients.claim).toHaveBeenCalled();
  });
});
