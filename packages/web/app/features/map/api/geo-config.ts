import type { GeoConfig } from '@geoportal/contract/geo';
import { geoUrl } from '../../../lib/http/geo-url';
import type { HttpClient } from '../../../lib/http/http-client';
import { listAnswer } from './answer-shape';

/**
 * What the map may use beyond the offline basemap (`GET /geoth/config`): the operator's
 * online basemaps (none by default, so the page talks only to its own host) and whether the
 * proxy forwards anything.
 */
export function getGeoConfig(client: HttpClient, apiBase: string): Promise<GeoConfig> {
  return client.get(
    geoUrl(apiBase, '/config'),
    listAnswer<GeoConfig>('basemaps', 'map configuration'),
  );
}
