import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { feature } from 'topojson-client';

type Topology = Parameters<typeof feature>[0];

/** Natural Earth's id of Antarctica, which Web Mercator cannot show sensibly. */
const ANTARCTICA = '010';

let loading: Promise<Feature[]> | undefined;

/**
 * The detail levels of the geo service's `countries` layer a small map draws: the world at
 * 1:110m (about 50 KB compressed), and from zoom 4, about the size of Germany on a small map,
 * Europe at 1:50m (about 170 KB); see the server's modules/geo/basemap-data.ts. The 1:10m level
 * (about 0.5 MB) is for the main map only.
 */
export const smallMapCountryLevels = [
  { level: 0, minZoom: 0, maxZoom: 4 },
  { level: 1, minZoom: 4, maxZoom: Number.POSITIVE_INFINITY },
] as const;

const borders = new Map<number, Promise<Feature[]>>();

/**
 * The country borders of one level of the geo service's offline basemap as map features in
 * EPSG:3857, loaded once per page and shared by every small map (and cached by the browser
 * with the main map's). `fetchLevel` answers the level's GeoJSON. When the geo service cannot
 * answer, the borders bundled with the app stand in, so a small map never loses its background.
 */
export function loadCountryBorders(
  level: number,
  fetchLevel: (level: number) => Promise<unknown>,
): Promise<Feature[]> {
  let pending = borders.get(level);
  if (!pending) {
    pending = fetchLevel(level).then(
      (geojson) =>
        new GeoJSON().readFeatures(geojson, {
          dataProjection: 'EPSG:4326',
          featureProjection: 'EPSG:3857',
        }),
      () => {
        // Asked again by the next map: the service may be back by then.
        borders.delete(level);
        return loadCountries();
      },
    );
    borders.set(level, pending);
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
