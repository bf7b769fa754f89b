import type { BasemapLayerId } from '@geoportal/contract/geo';
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { feature } from 'topojson-client';

type Topology = Parameters<typeof feature>[0];

/** Natural Earth's id of Antarctica, which Web Mercator cannot show sensibly. */
const ANTARCTICA = '010';

let loading: Promise<Feature[]> | undefined;

/** One layer of the geo service's offline basemap at one detail level, on a small map. */
export interface SmallMapLevel {
  layer: BasemapLayerId;
  level: number;
  /** OpenLayers zooms: from `minZoom` (exclusive) up to `maxZoom` (inclusive). */
  minZoom: number;
  maxZoom: number;
}

/**
 * What a small map draws beneath its own features (see the server's modules/geo/basemap-data.ts
 * for the levels): the countries of the world at 1:110m, and from zoom 4, about the size of
 * Germany on a small map, Europe's at 1:50m (about 190 KB compressed). From zoom 4 on it adds
 * what tells a reader where a box lies: lakes, rivers, the borders of states (German Länder
 * and their like) and places with their names, together about 60 KB compressed. The main
 * map's 1:10m countries (about 0.5 MB) are left out.
 */
export const smallMapLevels: readonly SmallMapLevel[] = [
  { layer: 'countries', level: 0, minZoom: 0, maxZoom: 4 },
  { layer: 'countries', level: 1, minZoom: 4, maxZoom: Number.POSITIVE_INFINITY },
  { layer: 'lakes', level: 1, minZoom: 4, maxZoom: Number.POSITIVE_INFINITY },
  { layer: 'rivers', level: 1, minZoom: 4, maxZoom: Number.POSITIVE_INFINITY },
  { layer: 'states', level: 1, minZoom: 4, maxZoom: 6 },
  { layer: 'states', level: 2, minZoom: 6, maxZoom: Number.POSITIVE_INFINITY },
  { layer: 'places', level: 1, minZoom: 4, maxZoom: 6 },
  { layer: 'places', level: 2, minZoom: 6, maxZoom: Number.POSITIVE_INFINITY },
];

/** Answers one layer's level as GeoJSON in EPSG:4326. */
export type FetchBasemapLevel = (layer: BasemapLayerId, level: number) => Promise<unknown>;

const loaded = new Map<string, Promise<Feature[]>>();

/**
 * One level of a layer of the geo service's offline basemap as map features in EPSG:3857,
 * loaded once per page and shared by every small map (and cached by the browser with the main
 * map's). When the geo service cannot answer, the country borders bundled with the app stand
 * in for `countries`, so a small map never loses its background; the other layers stay away
 * and are asked for again by the next map.
 */
export function loadBasemapLevel(
  layer: BasemapLayerId,
  level: number,
  fetchLevel: FetchBasemapLevel,
): Promise<Feature[]> {
  const key = `${layer}/${level}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = fetchLevel(layer, level).then(
      (geojson) =>
        new GeoJSON().readFeatures(geojson, {
          dataProjection: 'EPSG:4326',
          featureProjection: 'EPSG:3857',
        }),
      (error: unknown) => {
        // Asked again by the next map: the service may be back by then.
        loaded.delete(key);
        if (layer === 'countries') return loadCountries();
        throw error;
      },
    );
    loaded.set(key, pending);
  }
  return pending;
}

/**
 * The country borders bundled with the app (Natural Earth 1:50m from world-atlas, public
 * domain), as map features in EPSG:3857: the stand-in when the geo service cannot answer. The data is imported dynamically so that it lands in
 * its own chunk, fetched from our own server only when a map is shown; it is converted once
 * per page and shared by every map.
 */
export function loadCountries(): Promise<Feature[]> {
  loading ??= import('world-atlas/countries-50m.json').then(
    ({ default: data }) => {
      const topology = data as unknown as Topology;
      const countries = topology.objects.countries;
      if (!countries) return [];
      const collection = feature(topology, countries);
      const features = 'features' in collection ? collection.features : [collection];
      return new GeoJSON().readFeatures(
        {
          type: 'FeatureCollection',
          features: features.filter((country) => country.id !== ANTARCTICA),
        },
        { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' },
      );
    },
    (error: unknown) => {
      // A failed chunk load (offline, new deployment) may succeed on the next map.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
