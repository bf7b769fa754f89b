import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('GEO_* configuration', () => {
  it('defaults to no listed hosts, the hosts of published records, 20 MiB, 15 s, 16/64 at once and no online basemaps', () => {
    expect(loadConfig({}).geo).toEqual({
      proxyAllow: [],
      proxyAllowPrivate: [],
      proxyRecordHosts: true,
      proxyMaxBytes: 20 * 1024 * 1024,
      proxyTimeoutMs: 15_000,
      proxyClientConcurrency: 16,
      proxyConcurrency: 64,
      basemaps: [],
    });
  });

  it('reads allow-lists, limits and basemaps', () => {
    const geo = loadConfig({
      GEO_PROXY_ALLOW: 'sgx.geodatenzentrum.de, maps.example.org:8443',
      GEO_PROXY_ALLOW_PRIVATE: 'mapserver.intern:8080,[fd00::5]:80',
      GEO_PROXY_MAX_BYTES: '1048576',
      GEO_PROXY_TIMEOUT: '30s',
      GEO_PROXY_CLIENT_CONCURRENCY: '4',
      GEO_PROXY_CONCURRENCY: '200',
      GEO_PROXY_RECORD_HOSTS: 'false',
      GEO_BASEMAPS: JSON.stringify([
        {
          id: 'dop',
          title: { de: 'Luftbild', en: 'Aerial image' },
          kind: 'wms',
          url: 'https://maps.example.org:8443/wms',
          layer: 'dop20',
        },
      ]),
    }).geo;
    expect(geo.proxyRecordHosts).toBe(false);
    expect(geo.proxyAllow).toEqual([
      { host: 'sgx.geodatenzentrum.de', port: null },
      { host: 'maps.example.org', port: 8443 },
    ]);
    expect(geo.proxyAllowPrivate).toEqual([
      { host: 'mapserver.intern', port: 8080 },
      { host: 'fd00::5', port: 80 },
    ]);
    expect(geo.proxyMaxBytes).toBe(1048576);
    expect(geo.proxyTimeoutMs).toBe(30_000);
    expect(geo.proxyClientConcurrency).toBe(4);
    expect(geo.proxyConcurrency).toBe(200);
    expect(geo.basemaps).toEqual([
      {
        id: 'dop',
        title: { de: 'Luftbild', en: 'Aerial image' },
        kind: 'wms',
        url: 'https://maps.example.org:8443/wms',
        layer: 'dop20',
        format: 'image/png',
        version: '1.3.0',
      },
    ]);
  });

  it('names every bad variable', () => {
    const env = {
      GEO_PROXY_ALLOW: 'https://maps.example.org/',
      GEO_PROXY_MAX_BYTES: 'lots',
      GEO_PROXY_TIMEOUT: 'soon',
      GEO_PROXY_CONCURRENCY: '0',
      GEO_BASEMAPS:
        '[{"id":"x","kind":"xyz","title":{"de":"X","en":"X"},"url":"https://t.example/tiles"}]',
    };
    let problems: string[] = [];
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((p) => p.split('=')[0])).toEqual(
      expect.arrayContaining([
        'GEO_PROXY_ALLOW',
        'GEO_PROXY_MAX_BYTES',
        'GEO_PROXY_TIMEOUT',
        'GEO_PROXY_CONCURRENCY',
        'GEO_BASEMAPS',
      ]),
    );
    expect(problems.join('\n')).toMatch(/\{z\}, \{x\} and \{y\}/);
  });

  it('refuses basemaps that are not JSON or repeat an id', () => {
    expect(() => loadConfig({ GEO_BASEMAPS: '[{' })).toThrow(/GEO_BASEMAPS.*not valid JSON/);
    const twice = {
      id: 'osm',
      kind: 'xyz',
      title: { de: 'OSM', en: 'OSM' },
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    };
    expect(() => loadConfig({ GEO_BASEMAPS: JSON.stringify([twice, twice]) })).toThrow(/unique/);
  });

  it("accepts the README's ready-to-paste basemaps (basemap.de, OpenStreetMap)", () => {
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const pasted = /GEO_BASEMAPS='(\[[\s\S]*?\])'/.exec(readme)?.[1];
    expect(pasted).toBeDefined();
    const basemaps = loadConfig({ GEO_BASEMAPS: pasted as string }).geo.basemaps;
    expect(basemaps.map((b) => [b.id, b.kind])).toEqual([
      ['basemapde', 'wmts'],
      ['osm', 'xyz'],
    ]);
    expect(basemaps.every((b) => b.attribution)).toBe(true);
  });
});
