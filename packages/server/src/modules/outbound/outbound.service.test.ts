import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@geoportal/contract/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { freePort } from '../../test/process-helpers.js';
import type { HostRule } from './address-policy.js';
import {
  exchange,
  fetchDocument,
  MAX_REDIRECTS,
  parseOutboundUrl,
  probeLink,
  type Resolve,
} from './outbound.service.js';

/**
 * The outbound client on its own, against a web server of the test on 127.0.0.1: the address
 * rule for every user (harvesting's `fetchDocument`, the link check's `probeLink`, the map
 * proxy's `exchange`), redirects checked again, the pinned connection, and the size and time
 * limits. Loopback is reachable only because `GEO_PROXY_ALLOW_PRIVATE` (here
 * `allowPrivate`) names the server's host and port; nothing else private is.
 */

interface Seen {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
}

let server: Server;
let port: number;
let closedPort: number;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, method: req.method ?? '', headers: req.headers });
    if (path === '/doc') {
      return void res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end('<a/>');
    }
    if (path.startsWith('/to?')) {
      const target = new URL(path, 'http://x').searchParams.get('url') ?? '/';
      return void res.writeHead(302, { location: target }).end();
    }
    if (path.startsWith('/loop')) {
      const n = Number(path.slice('/loop'.length)) || 0;
      return void res.writeHead(302, { location: `/loop${n + 1}` }).end();
    }
    if (path === '/announced-large') {
      return void res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
    }
    if (path === '/chunked-large') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('x'.repeat(3000));
      return void res.end('x'.repeat(3000));
    }
    if (path === '/slow') {
      const timer = setTimeout(() => res.writeHead(200).end('late'), 2000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  closedPort = await freePort();
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

/** Names resolve as the test says; any other name is unknown. */
const names =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error('unknown'), { code: 'ENOTFOUND' });
    return found;
  };

const local = (path: string) => `http://127.0.0.1:${port}${path}`;
const intranet = (): HostRule[] => [
  { host: '127.0.0.1', port },
  { host: 'catalogue.test', port },
];

const documentOptions = (
  allowPrivate: HostRule[] = intranet(),
  resolve: Resolve = names({ 'catalogue.test': ['127.0.0.1'] }),
) => ({
  config: { allowPrivate },
  resolve,
  userAgent: 'Geoportal/test (outbound test)',
  maxBytes: 4096,
  timeoutMs: 500,
});

const probeOptions = (
  allowPrivate: HostRule[] = intranet(),
  resolve: Resolve = names({ 'inward.test': ['10.0.0.8'] }),
) => ({
  config: { allowPrivate, proxyTimeoutMs: 500 },
  resolve,
  userAgent: 'Geoportal/test (link check)',
});

/** The HttpError `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('the address rule, for every user of the client', () => {
  it('refuses loopback, private and the metadata address before connecting (fetchDocument)', async () => {
    for (const url of [
      local('/doc'),
      `http://127.0.0.1:${closedPort}/doc`,
      'http://10.0.0.8/csw',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/doc',
      'http://[::ffff:10.0.0.8]/doc',
      // IPv4-compatible IPv6: 127.0.0.1 and 169.254.169.254.
      'http://[::127.0.0.1]/',
      'http://[::a9fe:a9fe]/latest/meta-data/',
      'http://192.168.0.1/doc',
    ]) {
      const error = await failure(fetchDocument(url, documentOptions([])));
      expect(error.code, url).toBe(ErrorCode.proxyAddressRefused);
      expect(error.status, url).toBe(403);
    }
    expect(seen).toEqual([]);
  });

  it('refuses them for the link check too, as "refused"', async () => {
    for (const url of [
      local('/doc'),
      'http://10.20.30.40/intranet',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const probe = await probeLink(url, probeOptions([]));
      expect(probe, url).toMatchObject({ status: 'refused' });
    }
    expect(seen).toEqual([]);
  });

  it('keeps link-local and the metadata address refused for hosts allowed to be private', async () => {
    const allowed: HostRule[] = [
      { host: '169.254.169.254', port: null },
      { host: 'metadata.test', port: null },
    ];
    const resolve = names({ 'metadata.test': ['169.254.169.254'] });
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://metadata.test/']) {
      const error = await failure(fetchDocument(url, documentOptions(allowed, resolve)));
      expect(error.code, url).toBe(ErrorCode.proxyAddressRefused);
      expect(error.message, url).toMatch(/linkLocal/);
    }
  });

  it('refuses a name that resolves inward, also when one of its addresses is public', async () => {
    const resolve = names({
      'inward.test': ['10.0.0.8'],
      'mixed.test': ['93.184.216.34', '127.0.0.1'],
      'mapped.test': ['::ffff:169.254.169.254'],
      'compatible.test': ['::a9fe:a9fe'],
    });
    for (const host of ['inward.test', 'mixed.test', 'mapped.test', 'compatible.test']) {
      const error = await failure(fetchDocument(`http://${host}/`, documentOptions([], resolve)));
      expect(error.code, host).toBe(ErrorCode.proxyAddressRefused);
    }
  });

  it('connects to exactly the checked address, with the name for Host and a fresh header set', async () => {
    const fetched = await fetchDocument(`http://catalogue.test:${port}/doc`, documentOptions());
    expect(fetched).toMatchObject({
      url: `http://catalogue.test:${port}/doc`,
      mediaType: 'text/xml',
    });
    expect(fetched.body.toString()).toBe('<a/>');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers).toEqual({
      host: `catalogue.test:${port}`,
      'user-agent': 'Geoportal/test (outbound test)',
      accept: '*/*',
      'accept-encoding': 'identity',
      connection: 'close',
    });
  });

  it('checks every redirect again: no way inward through an allowed server', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8/',
      `http://127.0.0.1:${closedPort}/`,
      'http://inward.test/',
    ]) {
      const resolve = names({ 'inward.test': ['10.0.0.8'] });
      const url = local(`/to?url=${encodeURIComponent(target)}`);
      const error = await failure(fetchDocument(url, documentOptions(intranet(), resolve)));
      expect(error.code, target).toBe(ErrorCode.proxyAddressRefused);
      const probe = await probeLink(url, probeOptions());
      expect(probe, target).toMatchObject({ status: 'refused' });
    }
    // Only the allowed server was asked, never the addresses it pointed to.
    expect(new Set(seen.map((s) => s.headers.host))).toEqual(new Set([`127.0.0.1:${port}`]));
  });

  it('follows a redirect to an allowed place', async () => {
    const fetched = await fetchDocument(
      local(`/to?url=${encodeURIComponent('/doc')}`),
      documentOptions(),
    );
    expect(fetched.url).toBe(local('/doc'));
    expect(await probeLink(local(`/to?url=${encodeURIComponent('/doc')}`), probeOptions())).toEqual(
      {
        status: 'ok',
        httpStatus: 200,
      },
    );
  });

  it('asks its user about each hop first (the map proxy’s allow-list)', async () => {
    const asked: string[] = [];
    const refusal = new Error('not on the list');
    const result = exchange(
      parseOutboundUrl(local(`/to?url=${encodeURIComponent('http://other.test/')}`)),
      {
        ...documentOptions(),
        signal: AbortSignal.timeout(1000),
        admit: (host, hostPort, isIntranet) => {
          asked.push(`${host}:${hostPort}:${isIntranet}`);
          if (host !== '127.0.0.1') throw refusal;
        },
      },
    );
    await expect(result).rejects.toBe(refusal);
    expect(asked).toEqual([`127.0.0.1:${port}:true`, 'other.test:80:false']);
  });
});

describe('addresses and redirects it does not follow', () => {
  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'ftp://example.org/x',
      'file:///etc/passwd',
      'http://u:p@example.org/',
      'no url',
    ]) {
      const error = await failure(fetchDocument(url, documentOptions()));
      expect(error.code, url).toBe(ErrorCode.proxyUrlInvalid);
      expect(await probeLink(url, probeOptions()), url).toMatchObject({ status: 'refused' });
    }
  });

  it('refuses a redirect to another scheme', async () => {
    const error = await failure(
      fetchDocument(
        local(`/to?url=${encodeURIComponent('file:///etc/passwd')}`),
        documentOptions(),
      ),
    );
    expect(error.code).toBe(ErrorCode.proxyUpstream);
    expect(error.message).toMatch(/redirected to an address this server does not follow/);
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    const error = await failure(fetchDocument(local('/loop0'), documentOptions()));
    expect(error.code).toBe(ErrorCode.proxyTooManyRedirects);
    expect(await probeLink(local('/loop0'), probeOptions())).toEqual({
      status: 'unreachable',
      detail: `more than ${MAX_REDIRECTS} redirects`,
    });
  });
});

describe('limits', () => {
  it('cuts an answer larger than the limit, announced or not', async () => {
    for (const path of ['/announced-large', '/chunked-large']) {
      const error = await failure(fetchDocument(local(path), documentOptions()));
      expect(error.code, path).toBe(ErrorCode.proxyTooLarge);
    }
  });

  it('gives up at the time limit', async () => {
    const error = await failure(fetchDocument(local('/slow'), documentOptions()));
    expect(error.code).toBe(ErrorCode.proxyTimeout);
    expect(await probeLink(local('/slow'), probeOptions())).toEqual({
      status: 'unreachable',
      detail: 'no answer within 500 ms',
    });
  });

  it('tells an error status, a closed port and an unknown name apart', async () => {
    expect((await failure(fetchDocument(local('/missing'), documentOptions()))).code).toBe(
      ErrorCode.proxyUpstream,
    );
    const closed = [{ host: '127.0.0.1', port: closedPort }];
    const refused = await failure(
      fetchDocument(`http://127.0.0.1:${closedPort}/`, documentOptions(closed)),
    );
    expect(refused.code).toBe(ErrorCode.proxyUnreachable);
    expect(refused.message).toBe(
      'The remote server could not be reached: the connection was refused.',
    );
    const unknown = await failure(fetchDocument('http://nowhere.test/', documentOptions()));
    expect(unknown.code).toBe(ErrorCode.proxyUnreachable);
    expect(await probeLink(local('/missing'), probeOptions())).toEqual({
      status: 'broken',
      httpStatus: 404,
    });
  });
});
