import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorBody } from '@geoportal/contract/errors';
import type { ObjectState } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { stepsTo } from '../../test/expected-access.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { refuseAddress } from '../outbound/address-policy.js';

/**
 * The proxy lets through the hosts of the map services (WMS, WMTS) that published records
 * name, without GEO_PROXY_ALLOW; drafts, submissions and withdrawn records do not open a host,
 * and the address policy still holds. The map server listens on 127.0.0.1: these tests let
 * exactly that loopback address through the address rule (as GEO_PROXY_ALLOW_PRIVATE would
 * for an allow-listed host) and judge every other address by the real rule.
 */

const names: Record<string, string[]> = {
  'published.test': ['127.0.0.1'],
  'draft.test': ['127.0.0.1'],
  'submitted.test': ['127.0.0.1'],
  'withdrawn.test': ['127.0.0.1'],
  'wfs.test': ['127.0.0.1'],
  'intranet.test': ['10.0.0.5'],
  'metadata.test': ['169.254.169.254'],
};

const capabilities = '<WMS_Capabilities version="1.3.0"/>';

describe.each(testDatabases)('proxy allowance of published records on $name', (database) => {
  let upstream: Server;
  let port: number;
  let t: TestApp;
  let off: TestApp;
  let withBasemap: TestApp;
  let token: string;

  const resolve = async (hostname: string) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`unknown ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  const proxy = (app: TestApp, target: string) =>
    app.app.inject({ method: 'GET', url: `/geoth/proxy?url=${encodeURIComponent(target)}` });
  const expectError = (
    res: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(ErrorBody.parse(res.json())).toMatchObject({ status, code });
  };
  const service = (host: string, path = '/wms') => `http://${host}:${port}${path}`;

  /** A record naming `url` as a service of `protocol`, brought to `state` by an administrator. */
  async function recordIn(state: ObjectState, url: string, protocol = 'wms'): Promise<string> {
    const api = apiCaller(t.app);
    const metadata = completeMetadata({ onlineResources: [{ url, protocol, layer: 'areas' }] });
    const created = await api('POST', '/object', withToken(token), { type: 'dataset', metadata });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    for (const step of stepsTo(state)) await moveTo(id, step);
    return id;
  }
  async function moveTo(id: string, state: ObjectState) {
    const res = await apiCaller(t.app)('PUT', `/object/${id}/state`, withToken(token), { state });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://upstream');
      if (url.pathname === '/redirect') {
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/vnd.ogc.wms_xml' });
      response.end(capabilities);
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    port = (upstream.address() as AddressInfo).port;
    const options = {
      geoResolve: resolve,
      geoRefuseAddress: (address: string, intranet: boolean) =>
        address === '127.0.0.1' ? null : refuseAddress(address, intranet),
    };
    t = await createTestApp(database, {}, options);
    off = await createTestApp(database, { GEO_PROXY_RECORD_HOSTS: 'false' }, options);
    withBasemap = await createTestApp(
      database,
      {
        GEO_PROXY_RECORD_HOSTS: 'false',
        GEO_BASEMAPS: JSON.stringify([
          {
            id: 'topo',
            title: { de: 'Topo', en: 'Topo' },
            kind: 'wmts',
            url: `http://basemap.test:${port}/1.0.0/WMTSCapabilities.xml`,
            layer: 'topo',
            matrixSet: 'GLOBAL_WEBMERCATOR',
          },
        ]),
      },
      { ...options, geoResolve: async () => ['127.0.0.1'] },
    );
    await createAccount(t.app, 'boss', 'boss-password-1', { role: 'administrator' });
    token = await signIn(t.app, 'boss', 'boss-password-1');
  }, 240_000);
  afterAll(async () => {
    await Promise.all([t?.close(), off?.close(), withBasemap?.close()]);
    upstream?.closeAllConnections();
    await new Promise<void>((done) => (upstream ? upstream.close(() => done()) : done()));
  });

  it('says the proxy is on without GEO_PROXY_ALLOW', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/geoth/config' });
    expect(res.json()).toMatchObject({ proxyEnabled: true });
  });

  it("passes any path on the host and port of a published record's map service", async () => {
    expectError(await proxy(t, service('published.test')), 403, 'geo.proxy_host_not_allowed');
    await recordIn('published', service('published.test', '/wms?map=x'));
    const res = await proxy(
      t,
      service('published.test', '/other?SERVICE=WMS&REQUEST=GetCapabilities'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(capabilities);
    // Another port of the same host is another service.
    expectError(
      await proxy(t, `http://published.test:${port + 1}/wms`),
      403,
      'geo.proxy_host_not_allowed',
    );
  });

  it('refuses the hosts of drafts and submitted records', async () => {
    await recordIn('draft', service('draft.test'));
    await recordIn('submitted', service('submitted.test'));
    expectError(await proxy(t, service('draft.test')), 403, 'geo.proxy_host_not_allowed');
    expectError(await proxy(t, service('submitted.test')), 403, 'geo.proxy_host_not_allowed');
  });

  it('refuses the host again as soon as its record is withdrawn', async () => {
    const id = await recordIn('published', service('withdrawn.test'));
    expect((await proxy(t, service('withdrawn.test'))).statusCode).toBe(200);
    await moveTo(id, 'withdrawn');
    expectError(await proxy(t, service('withdrawn.test')), 403, 'geo.proxy_host_not_allowed');
  });

  it('opens only map services, not download or WFS links', async () => {
    await recordIn('published', service('wfs.test'), 'wfs');
    expectError(await proxy(t, service('wfs.test')), 403, 'geo.proxy_host_not_allowed');
  });

  it('still refuses private, link-local and metadata addresses of published hosts', async () => {
    await recordIn('published', service('intranet.test'));
    await recordIn('published', service('metadata.test'));
    await recordIn('published', 'http://169.254.169.254/latest/meta-data/');
    expectError(await proxy(t, service('intranet.test')), 403, 'geo.proxy_address_refused');
    expectError(await proxy(t, service('metadata.test')), 403, 'geo.proxy_address_refused');
    expectError(
      await proxy(t, 'http://169.254.169.254/latest/meta-data/'),
      403,
      'geo.proxy_address_refused',
    );
  });

  it('checks every redirect of a published host the same way', async () => {
    await recordIn('published', service('published.test'));
    const elsewhere = service(
      'published.test',
      `/redirect?to=${encodeURIComponent(service('draft.test'))}`,
    );
    expectError(await proxy(t, elsewhere), 403, 'geo.proxy_host_not_allowed');
  });

  it('tells an unreachable host from one that is not allowed', async () => {
    await recordIn('published', 'http://gone.test/wms');
    expectError(await proxy(t, 'http://gone.test/wms'), 502, 'geo.proxy_unreachable');
  });

  it("passes the operator's basemap hosts (GEO_BASEMAPS) without a list", async () => {
    const res = await proxy(withBasemap, `http://basemap.test:${port}/1.0.0/WMTSCapabilities.xml`);
    expect(res.statusCode, res.body).toBe(200);
    expectError(
      await proxy(withBasemap, service('published.test')),
      403,
      'geo.proxy_host_not_allowed',
    );
  });

  it('is off with GEO_PROXY_RECORD_HOSTS=false', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/geoth/config' });
    expect(res.json()).toMatchObject({ proxyEnabled: false });
    expectError(await proxy(off, service('published.test')), 403, 'geo.proxy_disabled');
  });
});
