import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ErrorBody } from '@geoportal/contract/errors';
import { BASEMAP_TILE_LABELS, BASEMAP_TILE_MAX_ZOOM } from '@geoportal/contract/geo';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/** Tile column and row at zoom z that hold a longitude and latitude (XYZ scheme). */
function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const radians = (lat * Math.PI) / 180;
  return [
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.asinh(Math.tan(radians)) / Math.PI) / 2) * n),
  ];
}

/** The tile decoded by Mapbox's own reader. */
const decode = (body: Buffer) => new VectorTile(new PbfReader(body));

/** Every feature of one layer of a decoded tile as GeoJSON in degrees. */
function featuresOf(tile: VectorTile, layer: string, z: number, x: number, y: number) {
  const found = tile.layers[layer];
  if (!found) return [];
  return Array.from({ length: found.length }, (_, i) => {
    const feature = found.feature(i).toGeoJSON(x, y, z);
    return { geometry: feature.geometry, properties: feature.properties ?? {} };
  });
}

describe.each(testDatabases)('geo service: basemap vector tiles on $name', (database) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const tile = async (z: number, x: number, y: number) => {
    const res = await get(`/geoth/basemap/tiles/${z}/${x}/${y}.pbf`);
    expect(res.statusCode, `${z}/${x}/${y}`).toBe(200);
    return decode(res.rawPayload);
  };

  beforeAll(async () => {
    t = await createTestApp(database);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers tile 0/0/0 as a Mapbox Vector Tile with every layer of the world', async () => {
    const res = await get('/geoth/basemap/tiles/0/0/0.pbf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const decoded = decode(res.rawPayload);
    expect(Object.keys(decoded.layers).sort()).toEqual(
      [
        'borders',
        'coastline',
        'countries',
        'lakes',
        BASEMAP_TILE_LABELS,
        'places',
        'rivers',
        'states',
      ].sort(),
    );
    const countries = decoded.layers.countries;
    expect(countries?.extent).toBe(4096);
    expect(countries?.length).toBeGreaterThan(150);
    // Polygons with their names, lines for the borders, points for places and labels.
    expect(countries?.feature(0).type).toBe(3);
    expect(decoded.layers.borders?.feature(0).type).toBe(2);
    expect(decoded.layers.places?.feature(0).type).toBe(1);
    const names = featuresOf(decoded, 'countries', 0, 0, 0).map((f) => f.properties.name_de);
    expect(names).toContain('Deutschland');
    expect(names).toContain('Brasilien');
  });

  it('cuts close zooms from the 1:10m data: Berlin and the Länder in the zoom 6 tile over Berlin', async () => {
    const [x, y] = tileOf(13.4, 52.52, 6);
    const decoded = await tile(6, x, y);
    const berlin = featuresOf(decoded, 'places', 6, x, y).find(
      (feature) => feature.properties.name_de === 'Berlin',
    );
    expect(berlin?.geometry.type).toBe('Point');
    const [lon, lat] = berlin?.geometry.type === 'Point' ? berlin.geometry.coordinates : [];
    expect(lon).toBeCloseTo(13.4, 0);
    expect(lat).toBeCloseTo(52.5, 0);
    const states = featuresOf(decoded, 'states', 6, x, y).map((feature) => feature.properties.id);
    expect(states).toContain('DE-BE');
    expect(states).toContain('DE-BB');
  });

  it('places each country name once, not once per tile the country crosses', async () => {
    // Germany (one polygon at 1:110m) crosses tiles of zoom 2 and 3; its name lies in one.
    for (const z of [2, 3]) {
      let labels = 0;
      for (let x = 0; x < 2 ** z; x++) {
        for (let y = 0; y < 2 ** z; y++) {
          labels += featuresOf(await tile(z, x, y), BASEMAP_TILE_LABELS, z, x, y).filter(
            (feature) => feature.properties.name_de === 'Deutschland',
          ).length;
        }
      }
      expect(labels, `zoom ${z}`).toBe(1);
    }
    const [x, y] = tileOf(10.4, 51.2, 4);
    const label = featuresOf(await tile(4, x, y), BASEMAP_TILE_LABELS, 4, x, y).find(
      (feature) => feature.properties.name_en === 'Germany',
    );
    // Inside Germany, with the room the name has (hundreds of kilometres).
    const [lon = 0, lat = 0] = label?.geometry.type === 'Point' ? label.geometry.coordinates : [];
    expect(lon).toBeGreaterThan(6);
    expect(lon).toBeLessThan(15);
    expect(lat).toBeGreaterThan(47.5);
    expect(lat).toBeLessThan(55);
    expect(Number(label?.properties.width)).toBeGreaterThan(300_000);
  });

  it('draws the world outside Europe at close zooms from the coarser level', async () => {
    const [x, y] = tileOf(-47.9, -15.8, 7);
    const names = featuresOf(await tile(7, x, y), 'countries', 7, x, y).map(
      (feature) => feature.properties.name_en,
    );
    expect(names).toContain('Brazil');
  });

  it('answers a tile of open sea as an empty tile', async () => {
    const [x, y] = tileOf(-30, -40, 8);
    const res = await get(`/geoth/basemap/tiles/8/${x}/${y}.pbf`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(decode(res.rawPayload).layers)).toEqual([]);
  });

  it('sends caching headers, compresses as accepted and answers 304 to its ETag', async () => {
    const url = '/geoth/basemap/tiles/4/8/5.pbf';
    const plain = await get(url);
    expect(plain.headers['cache-control']).toBe('public, max-age=86400');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get(url);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(plain.rawPayload)).toBe(true);

    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const notModified = await get(url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it.each([
    [`${BASEMAP_TILE_MAX_ZOOM + 1}/0/0`, /up to zoom 10/],
    ['3/8/0', /0 to 7/],
    ['2/0/4', /0 to 3/],
    ['0/1/0', /0 to 0/],
    ['a/0/0', /z/],
    ['1/-1/0', /x/],
    ['1/0/1e0', /y/],
    ['123/0/0', /z/],
  ])('refuses tile %s with 400 and a readable message', async (address, message) => {
    const res = await get(`/geoth/basemap/tiles/${address}.pbf`);
    expect(res.statusCode).toBe(400);
    const body = ErrorBody.parse(res.json());
    expect(body.code).toBe('request.validation');
    expect(body.message).toMatch(message);
  });

  it('answers a path that is no tile with the JSON 404', async () => {
    const res = await get('/geoth/basemap/tiles/1/0/0.png');
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.parse(res.json()).status).toBe(404);
  });
});
