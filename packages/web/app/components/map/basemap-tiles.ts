import { BASEMAP_TILE_MAX_ZOOM } from '@geoportal/contract/basemap-tiles';
import MVT from 'ol/format/MVT';
import VectorTileLayer from 'ol/layer/VectorTile';
import VectorTileSource from 'ol/source/VectorTile';
import { createXYZ } from 'ol/tilegrid';
import { geoUrl } from '../../lib/http/geo-url';
import { measureLabelFonts } from './basemap-style';

/**
 * The offline basemap's vector tiles (`/geoth/basemap/tiles/{z}/{x}/{y}.pbf`) as one layer,
 * for the main map and the small maps alike: only the tiles in view at the zoom in view are
 * fetched and parsed, each a task of its own. Tiles of 256 pixels, so a tile's zoom is the
 * map's zoom and each basemap layer comes at the detail level the service has for it; beyond
 * the highest tile zoom the tiles are enlarged. Styled with `basemapTileStyle`.
 */
export function basemapTileLayer(
  apiBase: string,
  options: { zIndex: number; attributions?: string },
): VectorTileLayer {
  const source = new VectorTileSource({
    format: new MVT(),
    url: geoUrl(apiBase, '/basemap/tiles/{z}/{x}/{y}.pbf'),
    tileGrid: createXYZ({ maxZoom: BASEMAP_TILE_MAX_ZOOM, tileSize: 256 }),
    attributions: options.attributions,
  });
  measureLabelFonts();
  return new VectorTileLayer({
    source,
    zIndex: options.zIndex,
    // Country and place names must not overlap; larger places win (see basemapStyle).
    declutter: true,
    properties: { basemap: 'tiles' },
  });
}
