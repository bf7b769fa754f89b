import { isMapService } from '@geoportal/contract/map-services';
import type { HttpClient } from '../../../lib/http/http-client';

/** A map service a record names (WMS or WMTS), with the layer it points at, if any. */
export interface RecordMapService {
  kind: 'wms' | 'wmts';
  url: string;
  layer?: string;
  name?: string;
}

interface RecordWithResources {
  metadata?: {
    onlineResources?: { protocol?: string; url?: string; layer?: string; name?: string }[];
  };
}

/**
 * The map services of a record (`GET /object/{id}`, its metadata's online resources with
 * protocol `wms` or `wmts`), for "add to map" in the footprint popup.
 */
export async function getMapServices(client: HttpClient, id: string): Promise<RecordMapService[]> {
  const record = await client.get<RecordWithResources>(`/object/${encodeURIComponent(id)}`);
  return (record?.metadata?.onlineResources ?? []).flatMap((resource) => {
    const { protocol, url } = resource;
    if (!protocol || !url || !isMapService({ protocol })) return [];
    return [
      {
        kind: protocol as 'wms' | 'wmts',
        url,
        ...(resource.layer ? { layer: resource.layer } : {}),
        ...(resource.name ? { name: resource.name } : {}),
      },
    ];
  });
}
