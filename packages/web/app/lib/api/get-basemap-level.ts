import { geoUrl } from '../http/geo-url';
import type { HttpClient } from '../http/http-client';

/**
 * The GeoJSON (EPSG:4326) of one layer of the offline basemap at one detail level
 * (`GET /geoth/basemap/{layer}/{level}`); the main map and the small record maps draw it.
 */
export function getBasemapLevel(
  client: HttpClient,
  apiBase: string,
  layer: string,
  level: number,
): Promise<unknown> {
  return client.get(geoUrl(apiBase, `/basemap/${encodeURIComponent(layer)}/${level}`));
}
