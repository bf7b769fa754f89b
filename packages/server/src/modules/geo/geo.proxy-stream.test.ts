import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * The proxy's memory and concurrency bounds, over real sockets: a map server on 127.0.0.1
 * (allowed through GEO_PROXY_ALLOW_PRIVATE) hands out large images; clients read them slowly,
 * abort them, or hold many at once. The app trusts X-Forwarded-For, so each test client
 * names its own address as browsers behind a reverse proxy would.
 */

const MiB = 1024 ** 2;
/** One large image, shared by every answer so that the map server adds no memory. */
const large = Buffer.alloc(8 * MiB, 0x5a);
const CAP = 12 * MiB;
const PER_CLIENT = 2;
const IN_ALL = 30;

interface Upstream {
  server: Server;
  port: number;
  /** Resolves once the map server holds the answer `/held?id=…` open. */
  arrived(id: string): Promise<void>;
  /** Ends a held answer with a small body. */
  release(id: string): void;
  /** Paths (with query) of requests whose connection closed before their answer was complete. */
  cut: string[];
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const held = new Map<string, () => void>();
  const waiting = new Map<string, () => void>();
  const cut: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    response.on('close', () => {
      if (!response.writableFinished) cut.push(`${url.pathname}${url.search}`);
    });
    switch (url.pathname) {
      case '/large.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': large.length });
        response.end(large);
        return;
      case '/layers.xml': {
        // Capabilities of a big service: longer than the read-ahead, with a length.
        const xml = Buffer.from(`<Capabilities>${'<Layer/>'.repeat(40_000)}</Capabilities>`);
        response.writeHead(200, { 'content-type': 'text/xml', 'content-length': xml.length });
        response.end(xml);
        return;
      }
      case '/endless.png': {
        // Chunked, no length: more than the cap, written as fast as the reader takes it.
        response.writeHead(200, { 'content-type': 'image/png' });
        let sent = 0;
        const more = () => {
          while (sent < 20 * MiB) {
            sent += MiB;
            if (!response.write(large.subarray(0, MiB))) return void response.once('drain', more);
          }
          response.end();
        };
        more();
        return;
      }
      case '/held': {
        const id = url.searchParams.get('id') ?? '';
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.flushHeaders();
        held.set(id, () => response.end(`done ${id}`));
        waiting.get(id)?.();
        return;
      }
      default:
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('no such thing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    cut,
    arrived(id) {
      if (held.has(id)) return Promise.resolve();
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    release(id) {
      held.get(id)?.();
      held.delete(id);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
  /** Whether the answer ended cleanly (false: the connection was cut). */
  complete: boolean;
  text: string;
}

/**
 * GETs `url` over a socket of its own. Once the headers are there, `onHeaders` runs and the
 * body is left unread until `hold` settles, then read (and counted, not kept, past the first
 * few bytes). Aborting `signal` gives up on it.
 */
function fetchSlowly(
  url: string,
  headers: Record<string, string>,
  {
    hold = Promise.resolve(),
    onHeaders = () => {},
    signal,
  }: { hold?: Promise<unknown>; onHeaders?: () => void; signal?: AbortSignal | undefined } = {},
): Promise<Received> {
  return new Promise((resolve, reject) => {
    let result: Received | undefined;
    const request = get(url, { headers, agent: false, signal }, (response) => {
      response.pause();
      onHeaders();
      const received: Received = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        bytes: 0,
        complete: false,
        text: '',
      };
      result = received;
      const finish = () => resolve(received);
      response.on('data', (chunk: Buffer) => {
        if (received.bytes < 1000) received.text += chunk.toString('latin1');
        received.bytes += chunk.length;
      });
      response.on('end', () => {
        received.complete = true;
        finish();
      });
      response.on('error', finish);
      response.on('aborted', finish);
      void hold.then(() => response.resume());
    });
    // Giving up after the headers is an answer too, an incomplete one.
    request.on('error', (error) => (result ? resolve(result) : reject(error)));
  });
}

/** The garbage collector, to tell memory still held from chunks already sent and let go. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * Samples the process's memory; `peak()` is the most arrayBuffers and rss grew so far,
 * `held()` what is in use after a garbage collection.
 */
function watchMemory() {
  collectGarbage();
  const before = process.memoryUsage();
  const grown = { arrayBuffers: 0, rss: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    grown.arrayBuffers = Math.max(grown.arrayBuffers, now.arrayBuffers - before.arrayBuffers);
    grown.rss = Math.max(grown.rss, now.rss - before.rss);
  };
  const sampler = setInterval(sample, 5);
  return {
    async held() {
      // Array buffers are freed shortly after the collection that finds them unused.
      for (let i = 0; i < 2; i += 1) {
        collectGarbage();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const now = process.memoryUsage();
      return { arrayBuffers: now.arrayBuffers - before.arrayBuffers, rss: now.rss - before.rss };
    },
    peak() {
      sample();
      return { ...grown };
    },
    stop() {
      clearInterval(sampler);
      return this.peak();
    },
  };
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

describe.each(testDatabases)('geo proxy streaming and limits on $name', (database) => {
  let upstream: Upstream;
  let t: TestApp;
  let base: string;
  const target = (path: string) =>
    `${base}/geoth/proxy?url=${encodeURIComponent(`http://127.0.0.1:${upstream.port}${path}`)}`;
  const from = (address: string) => ({ 'x-forwarded-for': address });
  /** Starts a held exchange of `address`, waits until the map server has it, and hands back its answer to come. */
  const hold = async (id: string, address: string) => {
    // `then` sends the request; inject alone only prepares it.
    const answer = t.app
      .inject({ method: 'GET', url: target(`/held?id=${id}`), headers: from(address) })
      .then((res) => res);
    await upstream.arrived(id);
    // Wrapped: an async function returning the promise itself would wait for the answer.
    return { answer };
  };
  const refused = async (id: string, address: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: target(`/held?id=${id}`),
      headers: from(address),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    return ErrorBody.parse(res.json());
  };
  /** Lets the proxy see the ends of the exchanges that just finished. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    upstream = await startUpstream();
    t = await createTestApp(database, {
      TRUST_PROXY: 'true',
      GEO_PROXY_ALLOW_PRIVATE: `127.0.0.1:${upstream.port}`,
      GEO_PROXY_MAX_BYTES: String(CAP),
      GEO_PROXY_TIMEOUT: '10s',
      GEO_PROXY_CLIENT_CONCURRENCY: String(PER_CLIENT),
      GEO_PROXY_CONCURRENCY: String(IN_ALL),
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });

  it('holds far less than the answers while 30 large images are read slowly', async () => {
    const memory = watchMemory();
    // Every caller holds its answer unread until all have started, and a moment longer.
    let started = 0;
    let allStarted = () => {};
    const all = new Promise<void>((resolve) => {
      allStarted = resolve;
    });
    const hold = all.then(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const onHeaders = () => {
      started += 1;
      if (started === IN_ALL) allStarted();
    };
    // A third of the callers then read their answer; the others give up on it.
    const readers = 10;
    const gaveUp = Array.from({ length: IN_ALL }, () => new AbortController());
    const answers = Promise.all(
      Array.from({ length: IN_ALL }, (_, i) =>
        fetchSlowly(target('/large.png'), from(`198.51.100.${i + 1}`), {
          hold,
          onHeaders,
          signal: gaveUp[i]?.signal,
        }),
      ),
    );
    await hold;
    const held = await memory.held();
    for (const controller of gaveUp.slice(readers)) controller.abort();
    const result = await answers;
    const overall = memory.stop();
    const sum = IN_ALL * large.length;
    console.info(
      `${IN_ALL} × ${mb(large.length)} = ${mb(sum)} proxied; in use while all were held: ` +
        `arrayBuffers ${mb(held.arrayBuffers)}, rss ${mb(held.rss)}; peak until the end: ` +
        `arrayBuffers ${mb(overall.arrayBuffers)}, rss ${mb(overall.rss)}`,
    );
    for (const answer of result) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['content-length']).toBe(String(large.length));
      expect(answer.headers['content-security-policy']).toMatch(/^sandbox/);
    }
    for (const answer of result.slice(0, readers)) {
      expect(answer).toMatchObject({ bytes: large.length, complete: true });
    }
    // Each held answer costs the read-ahead and a few socket chunks, not its size: measured
    // 0 to 45 MiB here, against 249 MiB when every answer was held whole. The bound leaves
    // room for socket buffers and garbage-collector timing on a busy machine.
    expect(held.arrayBuffers).toBeLessThan(sum / 2);
    // While they flow, chunks already sent wait for the garbage collector (measured up to
    // 60 MiB, against 288 MiB before).
    expect(overall.arrayBuffers).toBeLessThan((sum * 2) / 3);
  }, 30_000);

  it('cuts a streamed answer once it passes the size limit, and closes the map server', async () => {
    const answer = await fetchSlowly(target('/endless.png'), from('198.51.100.200'));
    // The status went out before the size was known; the cut connection marks it broken.
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.complete).toBe(false);
    expect(answer.bytes).toBeLessThanOrEqual(CAP);
    await expect.poll(() => upstream.cut).toContain('/endless.png');
  });

  it('compresses a long streamed XML answer for callers that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: target('/layers.xml'),
      headers: { ...from('198.51.100.202'), 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    // The map server's length is of the plain text: it must not stay on the compressed one.
    expect(res.headers['content-length']).toBeUndefined();
    const xml = gunzipSync(res.rawPayload).toString();
    expect(xml.length).toBe(320_029);
    expect(xml.endsWith('<Layer/></Capabilities>')).toBe(true);
    const plain = await t.app.inject({
      method: 'GET',
      url: target('/layers.xml'),
      headers: from('198.51.100.202'),
    });
    expect(plain.headers['content-length']).toBe('320029');
    expect(plain.rawPayload.length).toBe(320_029);
  });

  it('answers HEAD for a long answer with its headers only, and closes the map server', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: target('/endless.png?head'),
      headers: from('198.51.100.201'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.length).toBe(0);
    await expect.poll(() => upstream.cut).toContain('/endless.png?head');
  });

  describe('limits requests running at once', () => {
    it('per caller: 429 beyond the limit, others unaffected, free again once one ended', async () => {
      const first = await hold('a1', '203.0.113.1');
      const second = await hold('a2', '203.0.113.1');
      const body = await refused('a3', '203.0.113.1');
      expect(body).toMatchObject({ status: 429, code: 'request.rate_limited' });
      expect(body.message).toMatch(/2 map service requests running/);
      const other = await hold('b1', '203.0.113.2');

      upstream.release('a1');
      expect((await first.answer).body).toBe('done a1');
      await settle();
      const third = await hold('a3', '203.0.113.1');
      for (const id of ['a2', 'a3', 'b1']) upstream.release(id);
      const rest = await Promise.all([second.answer, third.answer, other.answer]);
      for (const res of rest) expect(res.statusCode).toBe(200);
    });

    it('in all: 429 for a new caller while the proxy is full', async () => {
      const running = [];
      for (let i = 0; i < IN_ALL; i += 1) {
        running.push(await hold(`all${i}`, `192.0.2.${Math.floor(i / PER_CLIENT) + 1}`));
      }
      const body = await refused('late', '192.0.2.200');
      expect(body.message).toMatch(/busy with 30 requests/);
      for (let i = 0; i < IN_ALL; i += 1) upstream.release(`all${i}`);
      for (const res of await Promise.all(running.map((held) => held.answer))) {
        expect(res.statusCode).toBe(200);
      }
    });

    it('counts the IPv6 /64 of a caller as one', async () => {
      const first = await hold('v1', '2001:db8:1:2::a');
      const second = await hold('v2', '2001:db8:1:2:ffff::b');
      await refused('v3', '2001:db8:1:2::c');
      const elsewhere = await hold('v4', '2001:db8:1:3::a');
      for (const id of ['v1', 'v2', 'v4']) upstream.release(id);
      await Promise.all([first.answer, second.answer, elsewhere.answer]);
    });

    it('frees the place of a caller that gives up, before or while the answer streams', async () => {
      const address = '203.0.113.7';
      const waiting = new AbortController();
      const streaming = new AbortController();
      const gaveUpWaiting = fetchSlowly(target('/held?id=gone'), from(address), {
        signal: waiting.signal,
      });
      await upstream.arrived('gone');
      let headers = () => {};
      const started = new Promise<void>((resolve) => {
        headers = resolve;
      });
      const gaveUpStreaming = fetchSlowly(target('/large.png?gone'), from(address), {
        hold: new Promise(() => {}),
        onHeaders: headers,
        signal: streaming.signal,
      });
      await started;
      await refused('full', address);

      waiting.abort();
      streaming.abort();
      await Promise.allSettled([gaveUpWaiting, gaveUpStreaming]);
      // Both exchanges with the map server end with their callers, and their places are free.
      await expect.poll(() => upstream.cut).toContain('/held?id=gone');
      await settle();
      const one = await hold('after1', address);
      const two = await hold('after2', address);
      upstream.release('after1');
      upstream.release('after2');
      for (const res of await Promise.all([one.answer, two.answer])) {
        expect(res.statusCode).toBe(200);
      }
    });
  });
});
