import {
  BASEMAP_TILE_LABELS,
  BASEMAP_TILE_MAX_ZOOM,
  type BasemapLayer,
  type BasemapLayerId,
} from '@geoportal/contract/geo';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import GeoJSONVT from 'geojson-vt';
import { basemapLayers, buildLayer, type Feature } from './basemap-data.js';
import { labelPoint } from './label-point.js';

/**
 * Cuts the offline basemap's vector tiles: each tile holds one MVT layer per basemap layer,
 * cut from the detail level that layer has for the tile's zoom (geojson-vt, Mapbox's tiler),
 * plus `labels`: one point per country polygon where its name goes (label-point.ts), since a
 * polygon cut into tiles would otherwise be labelled once per tile. Encoded with vt-pbf
 * (MapLibre's). Plain computation, run in the tile thread (basemap-tile-thread.ts).
 */

/** Tile size in MVT units (the usual 4096), and the margin copied from neighbouring tiles. */
const EXTENT = 4096;
const BUFFER = 64;
/**
 * geojson-vt's simplification in tile units: 8 of 4096 is half a pixel of the 256 px tiles
 * the maps draw (3, its default, kept a fifth of a pixel). Measured on the search page's map
 * at Lighthouse's 4× slowdown: the tiles are a quarter smaller and their first frame takes
 * about a third less time (bench notes in docs/decisions.md). Natural Earth's finest level
 * (1:10m) is far coarser than half a pixel at the highest tile zoom, where the map enlarges.
 */
const TOLERANCE = 8;

/** West, south, east, north in degrees of tile z/x/y (Web Mercator's XYZ scheme). */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const n = 2 ** z;
  const lon = (column: number) => (column / n) * 360 - 180;
  const lat = (row: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}

const meets = (a: readonly number[], b: readonly number[]) =>
  (a[0] ?? 0) <= (b[2] ?? 0) &&
  (b[0] ?? 0) <= (a[2] ?? 0) &&
  (a[1] ?? 0) <= (b[3] ?? 0) &&
  (b[1] ?? 0) <= (a[3] ?? 0);

/**
 * The level of `layer` a tile at zoom `z` is cut from: the one whose zooms hold `z`; where
 * that level's extent misses the tile (the finer levels cover only Europe), the finest
 * coarser level that meets it, so the world does not go blank outside Europe.
 */
export function levelForTile(
  layer: BasemapLayer,
  z: number,
  bounds: readonly number[],
): number | undefined {
  const own = layer.levels.filter((level) => level.minZoom <= z);
  for (const level of own.reverse()) {
    if (meets(level.extent, bounds)) return level.id;
  }
  return undefined;
}

type TileIndex = GeoJSONVT;

/** The country label points of one level's country features. */
function countryLabels(features: Feature[]) {
  return features.flatMap((feature) => {
    if (feature.geometry.type !== 'MultiPolygon') return [];
    const { name_de, name_en } = feature.properties as { name_de?: string; name_en?: string };
    if (!name_de && !name_en) return [];
    return feature.geometry.coordinates.flatMap((rings) => {
      const point = labelPoint(rings);
      if (!point) return [];
      return [
        {
          type: 'Feature' as const,
          properties: {
            ...(name_de ? { name_de } : {}),
            ...(name_en ? { name_en } : {}),
            width: Math.round(point.width),
          },
          geometry: { type: 'Point' as const, coordinates: point.position },
        },
      ];
    });
  });
}

/** Cuts encoded tiles; keeps the tile index of each layer and level it has used. */
export interface TileCutter {
  /** The Mapbox Vector Tile z/x/y, encoded (bounds are checked by the route's schema). */
  cut(z: number, x: number, y: number): Promise<Uint8Array>;
}

export function createTileCutter(): TileCutter {
  // One tile index per layer and level (and for the labels per countries level), made on
  // first use: cutting the 1:10m countries takes a moment, so it is done once per thread.
  const indexes = new Map<string, Promise<TileIndex>>();

  const indexOf = (layer: BasemapLayerId | typeof BASEMAP_TILE_LABELS, level: number) => {
    const key = `${layer}/${level}`;
    let index = indexes.get(key);
    if (!index) {
      const source = layer === BASEMAP_TILE_LABELS ? 'countries' : layer;
      index = buildLayer(source, level).then((features) => {
        const data =
          layer === BASEMAP_TILE_LABELS ? countryLabels(features ?? []) : (features ?? []);
        return new GeoJSONVT({ type: 'FeatureCollection', features: data } as never, {
          maxZoom: BASEMAP_TILE_MAX_ZOOM,
          // Tiles are cut on demand from zoom 3 on; below, the index holds them ready.
          indexMaxZoom: 2,
          extent: EXTENT,
          // A label is drawn from the tile its point lies in, never from a neighbour's too.
          buffer: layer === BASEMAP_TILE_LABELS ? 0 : BUFFER,
          tolerance: TOLERANCE,
        });
      });
      index.catch(() => indexes.delete(key));
      indexes.set(key, index);
    }
    return index;
  };

  return {
    async cut(z, x, y) {
      const bounds = tileBounds(z, x, y);
      const layers: Record<string, unknown> = {};
      for (const layer of basemapLayers) {
        const level = levelForTile(layer, z, bounds);
        if (level === undefined) continue;
        const tile = (await indexOf(layer.id, level)).getTile(z, x, y);
        if (tile && tile.features.length > 0) layers[layer.id] = tile;
        if (layer.id === 'countries') {
          const labels = (await indexOf(BASEMAP_TILE_LABELS, level)).getTile(z, x, y);
          if (labels && labels.features.length > 0) layers[BASEMAP_TILE_LABELS] = labels;
        }
      }
      return fromGeojsonVt(layers as Parameters<typeof fromGeojsonVt>[0], {
        version: 2,
        extent: EXTENT,
      });
    },
  };
}
