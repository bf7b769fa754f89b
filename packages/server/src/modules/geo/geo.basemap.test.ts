import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ErrorBody } from '@geoportal/contract/errors';
import {
  BASEMAP_MAX_ZOOM,
  BasemapManifest,
  GeoConfig,
  PlaceSearchResult,
} from '@geoportal/contract/geo';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

type Geometry =
  | { type: 'MultiPolygon'; coordinates: number[][][][] }
  | { type: 'MultiLineString'; coordinates: number[][][] }
  | { type: 'Point'; coordinates: number[] };
interface FeatureCollection {
  type: string;
  features: Array<{ type: string; properties: Record<string, unknown>; geometry: Geometry }>;
}

/** Every position of a geometry, whatever its nesting. */
function positions(geometry: Geometry): number[][] {
  switch (geometry.type) {
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    case 'MultiLineString':
      return geometry.coordinates.flat(1);
    case 'Point':
      return [geometry.coordinates];
  }
}

const geometryTypes = { polygon: 'MultiPolygon', line: 'MultiLineString', point: 'Point' };

function decimals(value: number): number {
  const text = String(value);
  return text.includes('.') ? (text.split('.')[1] ?? '').length : 0;
}

const basemaps = [
  {
    id: 'topplus',
    title: { de: 'TopPlusOpen', en: 'TopPlusOpen' },
    kind: 'wmts',
    url: 'https://sgx.geodatenzentrum.de/wmts_topplus_open/1.0.0/WMTSCapabilities.xml',
    layer: 'web',
    matrixSet: 'WEBMERCATOR',
    attribution: '© BKG',
  },
  {
    id: 'osm',
    title: { de: 'OpenStreetMap', en: 'OpenStreetMap' },
    kind: 'xyz',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  },
];

describe.each(testDatabases)('geo service: basemap, places, config on $name', (database) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp(database, {
      GEO_BASEMAPS: JSON.stringify(basemaps),
      GEO_PROXY_ALLOW: 'sgx.geodatenzentrum.de',
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /geoth/basemap', () => {
    it('describes the layers, their levels and zooms, and credits Natural Earth', async () => {
      const res = await get('/geoth/basemap');
      expect(res.statusCode).toBe(200);
      const manifest = BasemapManifest.parse(res.json());
      expect(manifest.attribution).toMatch(/Natural Earth/);
      expect(manifest.layers.map((layer) => layer.id)).toEqual([
        'countries',
        'states',
        'lakes',
        'rivers',
        'borders',
        'coastline',
        'places',
      ]);
      // Each layer's levels cover every zoom from 0 up, without gaps or overlaps.
      for (const layer of manifest.layers) {
        expect(layer.levels[0]?.minZoom, layer.id).toBe(0);
        for (let i = 1; i < layer.levels.length; i += 1) {
          expect(layer.levels[i]?.minZoom, layer.id).toBe(layer.levels[i - 1]?.maxZoom);
        }
        expect(layer.levels.at(-1)?.maxZoom, layer.id).toBe(BASEMAP_MAX_ZOOM);
      }
      // Rivers have no 1:10m level: their 1:50m level serves the close zooms too.
      const rivers = manifest.layers.find((layer) => layer.id === 'rivers');
      expect(rivers?.levels.map((level) => [level.id, level.minZoom, level.maxZoom])).toEqual([
        [0, 0, 4],
        [1, 4, BASEMAP_MAX_ZOOM],
      ]);
    });

    it('serves every layer at every level as GeoJSON rounded to the level, inside its extent', async () => {
      const manifest = BasemapManifest.parse((await get('/geoth/basemap')).json());
      for (const layer of manifest.layers) {
        for (const level of layer.levels) {
          const levelId = level.id;
          const res = await get(`/geoth/basemap/${layer.id}/${levelId}`);
          expect(res.statusCode, `${layer.id}/${levelId}`).toBe(200);
          expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
          const collection = res.json() as FeatureCollection;
          expect(collection.type).toBe('FeatureCollection');
          expect(collection.features.length, `${layer.id}/${levelId}`).toBeGreaterThan(0);
          const [west, south, east, north] = level.extent;
          const expected = geometryTypes[layer.geometry];
          // Plain checks per position (hundreds of thousands), one assertion per layer.
          const problems: string[] = [];
          for (const feature of collection.features) {
            if (feature.type !== 'Feature') problems.push(`type ${feature.type}`);
            if (feature.geometry.type !== expected)
              problems.push(`geometry ${feature.geometry.type}`);
            for (const [x = Number.NaN, y = Number.NaN] of positions(feature.geometry)) {
              if (!(x >= west && x <= east && y >= south && y <= north))
                problems.push(`outside: ${x},${y}`);
              if (decimals(x) > level.precision || decimals(y) > level.precision) {
                problems.push(`not rounded: ${x},${y}`);
              }
            }
            if (feature.geometry.type === 'MultiPolygon') {
              for (const ring of feature.geometry.coordinates.flat(1)) {
                const [first, last] = [ring[0], ring.at(-1)];
                if (ring.length < 4 || first?.[0] !== last?.[0] || first?.[1] !== last?.[1]) {
                  problems.push(`open or degenerate ring of ${ring.length} points`);
                }
              }
            }
          }
          expect(problems.slice(0, 5), `${layer.id}/${levelId}`).toEqual([]);
        }
      }
    }, 120_000);

    it('names the countries in German and English', async () => {
      const collection = (await get('/geoth/basemap/countries/2')).json() as FeatureCollection;
      const germany = collection.features.find((feature) => feature.properties.id === '276');
      expect(germany?.properties).toMatchObject({ name_de: 'Deutschland', name_en: 'Germany' });
      const austria = collection.features.find((feature) => feature.properties.id === '040');
      expect(austria?.properties).toMatchObject({ name_de: 'Österreich', name_en: 'Austria' });
    });

    it('sends a strong ETag and long caching, and answers 304 to a matching If-None-Match', async () => {
      const first = await get('/geoth/basemap/borders/1');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      expect(first.headers.vary).toMatch(/Accept-Encoding/i);
      const again = await get('/geoth/basemap/borders/1', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const stale = await get('/geoth/basemap/borders/1', { 'if-none-match': '"other"' });
      expect(stale.statusCode).toBe(200);
    });

    it('compresses with brotli or gzip as the client accepts, each with its own ETag', async () => {
      const plain = await get('/geoth/basemap/countries/1');
      const br = await get('/geoth/basemap/countries/1', {
        'accept-encoding': 'gzip, deflate, br',
      });
      const gz = await get('/geoth/basemap/countries/1', { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
      const refused = await get('/geoth/basemap/countries/1', {
        'accept-encoding': 'br;q=0, gzip',
      });
      expect(refused.headers['content-encoding']).toBe('gzip');
    });

    it('answers 404 with a code for an unknown layer or a level the layer lacks', async () => {
      for (const url of [
        '/geoth/basemap/roads/0',
        '/geoth/basemap/rivers/2',
        '/geoth/basemap/countries/9',
        '/geoth/basemap/countries/x',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(ErrorBody.parse(res.json()).code).toBe('geo.basemap_not_found');
      }
    });

    it('answers unknown geo paths with a JSON 404', async () => {
      const res = await get('/geoth/nothing/here');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'route.not_found' });
    });
  });

  describe('GET /geoth/places', () => {
    const search = async (query: string) => {
      const res = await get(`/geoth/places?${query}`);
      expect(res.statusCode, query).toBe(200);
      return PlaceSearchResult.parse(res.json()).places;
    };

    it('refuses a missing, empty or overlong text and a bad limit with 400 and the field', async () => {
      for (const [query, field] of [
        ['', 'querystring.q'],
        ['q=', 'querystring.q'],
        ['q=%20%20', 'querystring.q'],
        [`q=${'a'.repeat(101)}`, 'querystring.q'],
        ['q=de&limit=0', 'querystring.limit'],
        ['q=de&limit=51', 'querystring.limit'],
        ['q=de&limit=zwei', 'querystring.limit'],
        ['q=de&limit=1.5', 'querystring.limit'],
        ['q=de&lang=fr', 'querystring.lang'],
      ] as const) {
        const res = await get(`/geoth/places?${query}`);
        expect(res.statusCode, query).toBe(400);
        const body = ErrorBody.parse(res.json());
        expect(body.code).toBe('request.validation');
        expect(body.fields?.map((f) => f.path)).toContain(field);
      }
    });

    it('finds names regardless of case and diacritics, in both languages', async () => {
      expect((await search('q=osterreich')).map((p) => p.id)).toEqual(['country:040']);
      expect((await search('q=OESTERREICH')).map((p) => p.id)).toEqual(['country:040']);
      expect((await search('q=Österr')).map((p) => p.id)).toEqual(['country:040']);
      expect((await search('q=austria')).map((p) => p.name)).toEqual(['Österreich']);
      expect((await search('q=austria&lang=en')).map((p) => p.name)).toEqual(['Austria']);
    });

    it('puts names that start with the text before names that contain it', async () => {
      const names = (await search('q=land&limit=50')).map((p) => p.name);
      // "Landes…" would start with it; here every hit contains it, Deutschland among them.
      expect(names).toContain('Deutschland');
      const places = await search('q=de&limit=50');
      const starts = places.map((p) => /^de/i.test(p.name_de) || /^de/i.test(p.name_en));
      const firstContains = starts.indexOf(false);
      expect(firstContains).toBeGreaterThan(0);
      expect(starts.slice(firstContains)).not.toContain(true);
    });

    it('answers any text with hits or a 400, never a 500', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.string({ unit: 'grapheme', maxLength: 120 }),
          fc.option(fc.string({ maxLength: 6 })),
          async (q, limit) => {
            const query = new URLSearchParams({ q, ...(limit === null ? {} : { limit }) });
            const res = await get(`/geoth/places?${query}`);
            expect([200, 400]).toContain(res.statusCode);
            if (res.statusCode === 200) PlaceSearchResult.parse(res.json());
            else expect(ErrorBody.parse(res.json()).code).toBe('request.validation');
          },
        ),
        propertyRuns(150),
      );
    });

    it('answers a point and the bounding box to fit, and honours the limit', async () => {
      const [germany] = await search('q=deutschland');
      expect(germany).toMatchObject({
        kind: 'country',
        name_de: 'Deutschland',
        name_en: 'Germany',
      });
      const [west, south, east, north] = germany?.bbox ?? [];
      expect(west).toBeCloseTo(5.87, 1);
      expect(east).toBeCloseTo(15.04, 1);
      expect(south).toBeCloseTo(47.27, 1);
      // The mainland's box: the islands off the North Sea coast lie a little further north.
      expect(north).toBeCloseTo(54.9, 1);
      expect(germany?.lon).toBeGreaterThan(west as number);
      expect(germany?.lat).toBeLessThan(north as number);
      expect(await search('q=a&limit=3')).toHaveLength(3);
      expect(await search('q=xyzzy')).toEqual([]);
    });
  });

  describe('GET /geoth/config', () => {
    it('lists the operator basemaps and says the proxy is on', async () => {
      const res = await get('/geoth/config');
      expect(res.statusCode).toBe(200);
      const config = GeoConfig.parse(res.json());
      expect(config.proxyEnabled).toBe(true);
      expect(config.basemaps.map((b) => [b.id, b.kind])).toEqual([
        ['topplus', 'wmts'],
        ['osm', 'xyz'],
      ]);
      expect(config.basemaps[0]).toMatchObject({ format: 'image/png', matrixSet: 'WEBMERCATOR' });
    });
    // Without configuration the list is empty: see geo.proxy.test.ts (the proxy-off app).
  });
});
