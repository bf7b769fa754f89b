import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorBody } from '@geoportal/contract/errors';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * The proxy against a small map server on 127.0.0.1. The tests allow it through
 * GEO_PROXY_ALLOW_PRIVATE; every other target is refused before any connection is made
 * (host names resolve through an injected table, so nothing leaves this machine).
 */

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

interface Upstream {
  server: Server;
  port: number;
  /** Headers of every request the map server received. */
  received: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const received: IncomingHttpHeaders[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };
  const server = createServer((request, response) => {
    received.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://upstream');
    switch (url.pathname) {
      case '/capabilities':
        if (request.headers['if-none-match'] === '"caps-1"') {
          response.writeHead(304, { etag: '"caps-1"', 'cache-control': 'max-age=600' });
          response.end();
          return;
        }
        response.writeHead(200, {
          'content-type': 'application/vnd.ogc.wms_xml; charset=utf-8',
          etag: '"caps-1"',
          'last-modified': 'Tue, 01 Jul 2025 10:00:00 GMT',
          'cache-control': 'max-age=600',
          'set-cookie': 'upstream-session=1',
        });
        response.end('<WMS_Capabilities version="1.3.0"/>');
        return;
      case '/tile.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        response.end(png);
        return;
      case '/wms':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<table><tr><td>Flurstück 42</td></tr></table>');
        return;
      case '/svg':
        response.writeHead(200, { 'content-type': 'image/svg+xml' });
        response.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        return;
      case '/redirect':
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        response.end();
        return;
      case '/loop':
        response.writeHead(307, { location: '/loop' });
        response.end();
        return;
      case '/big-declared':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 5000 });
        response.end(Buffer.alloc(5000));
        return;
      case '/big-chunked':
        response.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < 10; i += 1) response.write(Buffer.alloc(500));
        response.end();
        return;
      case '/slow':
        later(5000, () => response.end('late'));
        return;
      case '/stalls':
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.write('<partial');
        later(5000, () => response.end('/>'));
        return;
      case '/broken':
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('internal trouble');
        return;
      default:
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('no such thing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    received,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Names the tests use, and what they resolve to. No test connects to any but 127.0.0.1. */
const names: Record<string, string[]> = {
  'maps.test': ['127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
  'intranet.example': ['10.0.0.5'],
  'mixed.example': ['93.184.216.34', '10.0.0.5'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:192.168.0.7'],
};

describe.each(testDatabases)('geo proxy on $name', (database) => {
  let upstream: Upstream;
  let t: TestApp;
  let strict: TestApp;
  let off: TestApp;
  const lookups: string[] = [];
  const resolve = async (hostname: string) => {
    lookups.push(hostname);
    // A name server that never answers.
    if (hostname === 'silent.example') return new Promise<string[]>(() => {});
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`unknown ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  const local = (path: string) => `http://127.0.0.1:${upstream.port}${path}`;
  const proxy = (app: TestApp, target: string, extra: Record<string, string> = {}) =>
    app.app.inject({
      method: 'GET',
      url: `/geoth/proxy?url=${encodeURIComponent(target)}`,
      headers: extra,
    });
  const expectError = (
    res: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = ErrorBody.parse(res.json());
    expect(body).toMatchObject({ status, code });
    return body;
  };

  beforeAll(async () => {
    upstream = await startUpstream();
    const port = upstream.port;
    t = await createTestApp(
      database,
      {
        GEO_PROXY_ALLOW:
          'intranet.example, mixed.example, metadata.example, mapped.example, 169.254.169.254, unknown.example, silent.example',
        GEO_PROXY_ALLOW_PRIVATE: `127.0.0.1:${port}, maps.test:${port}, 169.254.169.254`,
        GEO_PROXY_MAX_BYTES: '1000',
        GEO_PROXY_TIMEOUT: '1s',
      },
      { geoResolve: resolve },
    );
    // The same map server on the plain allow-list only: loopback is refused.
    strict = await createTestApp(
      database,
      { GEO_PROXY_ALLOW: `127.0.0.1:${port}, localhost:${port}, 10.0.0.5, [::1]:${port}` },
      { geoResolve: resolve },
    );
    off = await createTestApp(
      database,
      { GEO_PROXY_RECORD_HOSTS: 'false' },
      { geoResolve: resolve },
    );
  }, 240_000);
  afterAll(async () => {
    await Promise.all([t?.close(), strict?.close(), off?.close()]);
    await upstream?.close();
  });

  describe('passes', () => {
    it('an allowed host, with its content type, caching headers and length', async () => {
      const res = await proxy(t, local('/capabilities?SERVICE=WMS&REQUEST=GetCapabilities'));
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<WMS_Capabilities version="1.3.0"/>');
      expect(res.headers['content-type']).toBe('application/vnd.ogc.wms_xml; charset=utf-8');
      expect(res.headers.etag).toBe('"caps-1"');
      expect(res.headers['last-modified']).toBe('Tue, 01 Jul 2025 10:00:00 GMT');
      expect(res.headers['cache-control']).toBe('max-age=600');
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
      // The upstream's cookies stay with the proxy.
      expect(res.headers['set-cookie'] ?? '').not.toMatch(/upstream-session/);
    });

    it("revalidation: the caller's If-None-Match goes upstream, a 304 comes back", async () => {
      const res = await proxy(t, local('/capabilities'), { 'if-none-match': '"caps-1"' });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe('"caps-1"');
      expect(upstream.received.at(-1)?.['if-none-match']).toBe('"caps-1"');
    });

    it('images byte for byte', async () => {
      const res = await proxy(t, local('/tile.png'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(png)).toBe(true);
    });

    it('a host name, resolved once and connected to at exactly that address', async () => {
      lookups.length = 0;
      const res = await proxy(t, `http://maps.test:${upstream.port}/tile.png`);
      expect(res.statusCode).toBe(200);
      expect(lookups).toEqual(['maps.test']);
      expect(upstream.received.at(-1)?.host).toBe(`maps.test:${upstream.port}`);
    });

    it('a redirect to an allowed place, checked again', async () => {
      const res = await proxy(t, local(`/redirect?to=${encodeURIComponent('/tile.png')}`));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    });

    it('HTML only for GetFeatureInfo, sandboxed', async () => {
      const info = await proxy(t, local('/wms?SERVICE=WMS&REQUEST=GetFeatureInfo&I=1&J=1'));
      expect(info.statusCode).toBe(200);
      expect(info.body).toContain('Flurstück 42');
      expect(info.headers['content-security-policy']).toMatch(/^sandbox/);
      expect(info.headers['x-content-type-options']).toBe('nosniff');
      expectError(
        await proxy(t, local('/wms?SERVICE=WMS&REQUEST=GetMap')),
        502,
        'geo.proxy_content_type',
      );
    });

    it("none of the caller's credentials, but a plain User-Agent naming the product", async () => {
      const res = await proxy(t, local('/capabilities'), {
        cookie: 'XSRF-TOKEN=abc; session=secret',
        accesstoken: 'session-id-secret',
        authorization: 'Bearer secret',
        'x-xsrf-token': 'abc',
        'x-access-key': 'key-secret',
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'Mozilla/5.0 caller',
        referer: 'http://localhost:8085/',
      });
      expect(res.statusCode).toBe(200);
      const headers = upstream.received.at(-1) ?? {};
      for (const name of [
        'cookie',
        'accesstoken',
        'authorization',
        'x-xsrf-token',
        'x-access-key',
        'x-forwarded-for',
        'referer',
      ]) {
        expect(headers[name], name).toBeUndefined();
      }
      expect(headers['user-agent']).toMatch(/^Geoportal\/\S+ \(map service proxy\)$/);
      expect(JSON.stringify(headers)).not.toMatch(/secret/);
    });
  });

  describe('refuses', () => {
    it('everything while no host is allowed and the hosts of records are off, and the config says so', async () => {
      expectError(await proxy(off, local('/tile.png')), 403, 'geo.proxy_disabled');
      const config = await off.app.inject({ method: 'GET', url: '/geoth/config' });
      expect(config.json()).toEqual({ basemaps: [], proxyEnabled: false });
    });

    it('a host that is not on the list, or on it with another port', async () => {
      expectError(await proxy(t, 'https://example.org/wms'), 403, 'geo.proxy_host_not_allowed');
      expectError(await proxy(t, 'http://127.0.0.1:1/tile.png'), 403, 'geo.proxy_host_not_allowed');
      expectError(
        await proxy(t, 'http://intranet.example:8080/'),
        403,
        'geo.proxy_host_not_allowed',
      );
    });

    it('loopback without the private allowance, however it is written', async () => {
      expectError(await proxy(strict, local('/tile.png')), 403, 'geo.proxy_address_refused');
      expectError(
        await proxy(strict, `http://[::1]:${upstream.port}/tile.png`),
        403,
        'geo.proxy_address_refused',
      );
      expectError(
        await proxy(strict, `http://localhost:${upstream.port}/tile.png`),
        403,
        'geo.proxy_address_refused',
      );
    });

    it('a private address', async () => {
      expectError(await proxy(strict, 'http://10.0.0.5/wms'), 403, 'geo.proxy_address_refused');
    });

    it('link-local and the metadata address, even for hosts allowed to be private', async () => {
      const body = expectError(
        await proxy(t, 'http://169.254.169.254/latest/meta-data/'),
        403,
        'geo.proxy_address_refused',
      );
      expect(body.message).toMatch(/linkLocal/);
      expectError(await proxy(t, 'http://metadata.example/'), 403, 'geo.proxy_address_refused');
    });

    it('a DNS name that resolves to a private address, also in IPv4-mapped form', async () => {
      expectError(await proxy(t, 'http://intranet.example/wms'), 403, 'geo.proxy_address_refused');
      expectError(await proxy(t, 'http://mapped.example/wms'), 403, 'geo.proxy_address_refused');
      // One public and one private answer: refused as a whole.
      expectError(await proxy(t, 'http://mixed.example/wms'), 403, 'geo.proxy_address_refused');
    });

    it('a redirect to a private address or to a host not on the list', async () => {
      const toPrivate = local(
        `/redirect?to=${encodeURIComponent('http://intranet.example/secret')}`,
      );
      expectError(await proxy(t, toPrivate), 403, 'geo.proxy_address_refused');
      const toMetadata = local(`/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`);
      expectError(await proxy(t, toMetadata), 403, 'geo.proxy_address_refused');
      const elsewhere = local(`/redirect?to=${encodeURIComponent('https://elsewhere.example/x')}`);
      expectError(await proxy(t, elsewhere), 403, 'geo.proxy_host_not_allowed');
      const toFile = local(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`);
      expectError(await proxy(t, toFile), 502, 'geo.proxy_upstream');
    });

    it('endless redirects after five', async () => {
      expectError(await proxy(t, local('/loop')), 502, 'geo.proxy_too_many_redirects');
    });

    it('methods other than GET', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
        const res = await t.app.inject({
          method,
          url: `/geoth/proxy?url=${encodeURIComponent(local('/tile.png'))}`,
          payload: { a: 1 },
        });
        expectError(res, 405, 'route.method_not_allowed');
        expect(res.headers.allow).toBe('GET, HEAD');
      }
    });

    it('a missing, relative, non-http or credential-carrying URL', async () => {
      const missing = await t.app.inject({ method: 'GET', url: '/geoth/proxy' });
      expectError(missing, 400, 'request.validation');
      expectError(await proxy(t, '/relative/path'), 400, 'geo.proxy_url_invalid');
      expectError(await proxy(t, 'ftp://127.0.0.1/x'), 400, 'geo.proxy_url_invalid');
      expectError(await proxy(t, 'javascript:alert(1)'), 400, 'geo.proxy_url_invalid');
      expectError(
        await proxy(t, `http://user:pw@127.0.0.1:${upstream.port}/tile.png`),
        400,
        'geo.proxy_url_invalid',
      );
    });

    it('unexpected content types', async () => {
      expectError(await proxy(t, local('/svg')), 502, 'geo.proxy_content_type');
      expectError(await proxy(t, local('/wms')), 502, 'geo.proxy_content_type');
    });

    it('unknown hosts as unreachable, error answers as upstream failures', async () => {
      const unknown = expectError(
        await proxy(t, 'http://unknown.example/wms'),
        502,
        'geo.proxy_unreachable',
      );
      expect(unknown.message).toMatch(/could not be resolved/);
      const broken = expectError(await proxy(t, local('/broken')), 502, 'geo.proxy_upstream');
      expect(broken.message).toMatch(/500/);
      expectError(await proxy(t, local('/missing')), 502, 'geo.proxy_upstream');
    });
  });

  describe('any URL text', () => {
    it("is answered with a JSON error or the map server's answer, never a 500", async () => {
      const port = () => upstream.port;
      const target = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc
          .tuple(
            fc.constantFrom('http', 'https', 'ftp', 'HTTP', 'file', 'gopher'),
            fc.constantFrom(
              '127.0.0.1',
              'localhost',
              '[::1]',
              '10.0.0.5',
              '0x7f.1',
              '2130706433',
              'intranet.example',
            ),
            fc.option(fc.integer({ min: 0, max: 70000 })),
            fc.string({ maxLength: 40 }),
          )
          .map(
            ([scheme, host, p, path]) => `${scheme}://${host}${p === null ? '' : `:${p}`}/${path}`,
          ),
        fc.string({ maxLength: 40 }).map((path) => `http://127.0.0.1:${port()}/${path}`),
      );
      await fc.assert(
        fc.asyncProperty(target, async (url) => {
          const res = await strict.app.inject({
            method: 'GET',
            url: `/geoth/proxy?url=${encodeURIComponent(url)}`,
          });
          expect(res.statusCode).not.toBe(500);
          if (res.statusCode !== 200) {
            expect(ErrorBody.safeParse(res.json()).success).toBe(true);
          }
        }),
        propertyRuns(150),
      );
    });
  });

  describe('cuts', () => {
    it('an oversize answer announced by Content-Length', async () => {
      expectError(await proxy(t, local('/big-declared')), 502, 'geo.proxy_too_large');
    });

    it('an oversize answer without Content-Length once more arrives than allowed', async () => {
      expectError(await proxy(t, local('/big-chunked')), 502, 'geo.proxy_too_large');
    });

    it('a slow answer, one that stalls midway and a silent name server, at the time limit', async () => {
      const started = Date.now();
      expectError(await proxy(t, local('/slow')), 504, 'geo.proxy_timeout');
      expectError(await proxy(t, local('/stalls')), 504, 'geo.proxy_timeout');
      expectError(await proxy(t, 'http://silent.example/wms'), 504, 'geo.proxy_timeout');
      expect(Date.now() - started).toBeLessThan(6000);
    });
  });
});
