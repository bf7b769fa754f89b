import { BASEMAP_TILE_MAX_ZOOM } from '@geoportal/contract/basemap-tiles';
import MVT from 'ol/format/MVT';
import type Layer from 'ol/layer/Layer';
import VectorTileLayer from 'ol/layer/VectorTile';
import VectorTileSource from 'ol/source/VectorTile';
import { createXYZ } from 'ol/tilegrid';
import { geoUrl } from '../../lib/http/geo-url';
import { type BasemapPalette, basemapTileStyle, measureLabelFonts } from './basemap-style';
import { BasemapWorkerLayer } from './basemap-worker-layer';

/** The offline basemap's tiles as a map layer, whoever draws them. */
export interface BasemapTiles {
  /** Added to and removed from the map (and disposed) by the caller. */
  layer: Layer;
  /** Draws the tiles in `palette` with names in `language` (nothing is drawn before). */
  restyle(palette: BasemapPalette, language: string): void;
  /** Calls `listener` once a tile could not be loaded (e.g. no geo service). */
  onceTileLoadError(listener: () => void): void;
}

/**
 * The offline basemap's vector tiles (`/geoth/basemap/tiles/{z}/{x}/{y}.pbf`) as one layer,
 * for the main map and the small maps alike: only the tiles in view at the zoom in view are
 * fetched and parsed. Tiles of 256 pixels, so a tile's zoom is the map's zoom and each
 * basemap layer comes at the detail level the service has for it; beyond the highest tile
 * zoom the tiles are enlarged. Styled with `basemapTileStyle`.
 *
 * Where the browser can draw on a canvas in a worker, a worker fetches, parses and draws the
 * tiles (basemap-worker-layer.ts), and the page's main thread only shows the pictures;
 * elsewhere (and in tests without a browser) OpenLayers draws them on the main thread.
 */
export function basemapTiles(
  apiBase: string,
  options: { zIndex: number; attributions?: string },
): BasemapTiles {
  const tileUrl = geoUrl(apiBase, '/basemap/tiles/{z}/{x}/{y}.pbf');
  const properties = { basemap: 'tiles' };
  if (canDrawInWorker()) {
    // The worker resolves addresses against its own script's, so it gets a whole one.
    const absolute = new URL(tileUrl, window.location.href).href
      .replace(/%7B/g, '{')
      .replace(/%7D/g, '}');
    const layer = new BasemapWorkerLayer(absolute, BASEMAP_TILE_MAX_ZOOM, {
      ...options,
      properties,
    });
    return {
      layer,
      restyle: (palette, language) => layer.restyle(palette, language),
      onceTileLoadError: (listener) => layer.onceTileLoadError(listener),
    };
  }
  const source = new VectorTileSource({
    format: new MVT(),
    url: tileUrl,
    tileGrid: createXYZ({ maxZoom: BASEMAP_TILE_MAX_ZOOM, tileSize: 256 }),
    attributions: options.attributions,
  });
  measureLabelFonts();
  const layer = new VectorTileLayer({
    source,
    zIndex: options.zIndex,
    // Country and place names must not overlap; larger places win (see basemapStyle).
    declutter: true,
    properties,
  });
  return {
    layer,
    restyle: (palette, language) => layer.setStyle(basemapTileStyle(palette, language)),
    onceTileLoadError: (listener) => source.once('tileloaderror', listener),
  };
}

/** Drops `layer`'s tiles or features and frees what draws it (its worker, if any). */
export function disposeLayer(layer: Layer): void {
  const source = layer.getSource() as { clear?: () => void } | null;
  source?.clear?.();
  layer.dispose();
}

/** Whether this browser can draw the tiles in a worker (a 2D OffscreenCanvas there). */
function canDrawInWorker(): boolean {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return false;
  try {
    return new OffscreenCanvas(1, 1).getContext('2d') !== null;
  } catch {
    return false;
  }
}
