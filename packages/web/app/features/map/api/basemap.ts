import type { BasemapManifest } from '@geoportal/contract/geo';
import { geoUrl } from '../../../lib/http/geo-url';
import type { HttpClient } from '../../../lib/http/http-client';
import { listAnswer } from './answer-shape';

/**
 * Reads the offline basemap's manifest (`GET /geoth/basemap`): its layers in drawing order,
 * each with detail levels and the zooms they are for. A wrong answer fails (answer-shape.ts).
 */
export function getBasemapManifest(
  client: HttpClient,
  apiBase: string,
  signal?: AbortSignal,
): Promise<BasemapManifest> {
  return client.get(geoUrl(apiBase, '/basemap'), {
    signal,
    ...listAnswer<BasemapManifest>('layers', 'basemap manifest'),
  });
}
