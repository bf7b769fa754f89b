/**
 * The offline basemap's tile constants without any schema library, so that the browser's map
 * code can use them without evaluating the zod schemas of `geo.ts` (which re-exports them).
 */

/**
 * Highest zoom of the offline basemap's vector tiles (`GET /geoth/basemap/tiles/{z}/{x}/{y}.pbf`):
 * the 1:10m data holds no more detail than a zoom 10 tile shows; the map draws closer zooms
 * from these tiles, enlarged.
 */
export const BASEMAP_TILE_MAX_ZOOM = 10;

/**
 * The tiles' layer of country label points (names as the `countries` features, and `width`:
 * the length in EPSG:3857 metres of the line inside the polygon the name sits on). The other
 * layers of a tile are named by their `BasemapLayerId`.
 */
export const BASEMAP_TILE_LABELS = 'labels';
