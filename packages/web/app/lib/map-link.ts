import type { BoundingBox } from '@geoportal/contract/object';
import type { OnlineResource } from '@geoportal/contract/record';
import { pathTo } from '../route-paths';

/**
 * The address of the home page's map with a service added as a layer, for "open in map"
 * links of map services (WMS, WMTS).
 *
 * The contract with the map (the Map issue reads these parameters on the home page):
 * - `layer=<protocol>:<url>`: the service to add, its protocol code (`wms`, `wmts`) and its
 *   URL, separated at the first colon (the URL itself contains colons);
 * - `name=<layer>`: the layer of that service to show; left out when the record names none,
 *   so the map offers the service's layers instead.
 * Values are URL-encoded; read them with `URLSearchParams`.
 */
export function mapLinkFor(resource: Pick<OnlineResource, 'protocol' | 'url' | 'layer'>): string {
  const query = new URLSearchParams({ layer: `${resource.protocol}:${resource.url}` });
  if (resource.layer) query.set('name', resource.layer);
  return `${pathTo('home')}?${query.toString()}`;
}

/**
 * The address of the home page's map fitted to a record's bounding box (`bbox=west,south,
 * east,north` in degrees), with the catalogue's footprints around it.
 */
export function mapLinkForBox(extent: BoundingBox): string {
  const { west, south, east, north } = extent;
  const query = new URLSearchParams({ bbox: [west, south, east, north].join(',') });
  return `${pathTo('home')}?${query.toString()}`;
}
