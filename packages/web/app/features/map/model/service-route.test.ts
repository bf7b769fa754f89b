import { afterEach, describe, expect, it } from 'vitest';
import { rememberProxied, resetServiceRoutes, triesDirect } from './service-route';

describe('service route', () => {
  afterEach(resetServiceRoutes);

  it('tries https services directly, plain http ones never (CSP, mixed content)', () => {
    expect(triesDirect('https://sgx.geodatenzentrum.de/wms_basemapde?SERVICE=WMS')).toBe(true);
    expect(triesDirect('http://127.0.0.1:8080/wms')).toBe(false);
    expect(triesDirect('not a url')).toBe(false);
  });

  it('sends an origin through the proxy once a direct read failed, other origins not', () => {
    rememberProxied('https://maps.example/wms?REQUEST=GetCapabilities');
    expect(triesDirect('https://maps.example/other/path?REQUEST=GetMap')).toBe(false);
    expect(triesDirect('https://maps.example:8443/wms')).toBe(true);
    expect(triesDirect('https://tiles.example/wms')).toBe(true);
  });
});
