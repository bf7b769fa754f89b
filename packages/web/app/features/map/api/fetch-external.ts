import { proxiedUrl } from '../../../lib/http/geo-url';
import type { HttpClient } from '../../../lib/http/http-client';
import type { MapService } from '../model/capabilities';

/** The text of an external resource, fetched through the geo service's proxy. */
export async function fetchExternalText(
  client: HttpClient,
  apiBase: string,
  url: string,
  signal?: AbortSignal,
): Promise<string> {
  return client.get<string>(proxiedUrl(apiBase, url), { responseType: 'text', signal });
}

/**
 * Reads and parses a WMS or WMTS service's capabilities (through the proxy). The XML readers
 * load with the first service added (their own chunk), not with the map.
 */
export async function getCapabilities(
  client: HttpClient,
  apiBase: string,
  kind: 'wms' | 'wmts',
  serviceUrl: string,
  signal?: AbortSignal,
): Promise<MapService> {
  const { capabilitiesUrl, parseWmsCapabilities, parseWmtsCapabilities } = await import(
    '../model/capabilities'
  );
  const text = await fetchExternalText(client, apiBase, capabilitiesUrl(kind, serviceUrl), signal);
  return kind === 'wms' ? parseWmsCapabilities(text) : parseWmtsCapabilities(text);
}
