import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { feature } from 'topojson-client';

type Topology = Parameters<typeof feature>[0];

/** Natural Earth's id of Antarctica, which Web Mercator cannot show sensibly. */
const ANTARCTICA = '010';

let loading: Promise<Feature[]> | undefined;

/**
 * The country borders bundled with the app (Natural Earth 1:50m from world-atlas, public
 * domain), as map features in EPSG:3857: the stand-in when the geo service cannot answer.
 * The data is imported dynamically so that it lands in its own chunk, fetched from our own
 * server only when a map needs it; it is converted once per page and shared by every map.
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

/**
 * A layer of the bundled country borders (`loadCountries`), the stand-in background of a map
 * whose geo service cannot answer. It fills once they are converted; each layer draws its own
 * copies, since the features are shared by every map. Without them the layer stays empty: the
 * map's own features still mean something.
 */
export function bundledCountriesLayer(options: {
  zIndex: number;
  attributions?: string;
  properties?: Record<string, unknown>;
}): VectorLayer {
  const source = new VectorSource({ attributions: options.attributions });
  loadCountries().then(
    (features) => source.addFeatures(features.map((country) => country.clone())),
    () => undefined,
  );
  return new VectorLayer({ source, zIndex: options.zIndex, properties: options.properties });
}
