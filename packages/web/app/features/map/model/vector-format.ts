import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import GPX from 'ol/format/GPX';
import KML from 'ol/format/KML';
import type { VectorKind } from './layer-list';

/**
 * Loaded only when vector data is added (its own chunk: the KML and GPX readers are large).
 *
 * The map features of a GeoJSON, KML or GPX text, in map coordinates (EPSG:3857). KML styles
 * are not taken over: their icons would be fetched from foreign hosts, and every added layer
 * gets the map's own, readable style instead.
 */
export function readVectorFeatures(kind: VectorKind, text: string): Feature[] {
  const options = { featureProjection: 'EPSG:3857' };
  switch (kind) {
    case 'geojson':
      return new GeoJSON().readFeatures(JSON.parse(text), options) as Feature[];
    case 'kml':
      return new KML({ extractStyles: false, showPointNames: false }).readFeatures(
        text,
        options,
      ) as Feature[];
    case 'gpx':
      return new GPX().readFeatures(text, options) as Feature[];
  }
}
