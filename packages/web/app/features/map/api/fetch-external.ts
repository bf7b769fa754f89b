import { proxiedUrl } from '../../../lib/http/geo-url';
import type { HttpClient } from '../../../lib/http/http-client';
import { isHttpRequestError } from '../../../lib/http/http-error';
import type { MapService } from '../model/capabilities';
import { rememberProxied, triesDirect } from '../model/service-route';

/**
 * The text of an external resource: asked of the service directly when it may answer
 * cross-origin reads (`service-route.ts`), else or after a failure through the geo service's
 * proxy. A failure is the proxy's, whose error code says what went wrong.
 */
export async function fetchExternalText(
  client: HttpClient,
  apiBase: string,
  url: string,
  signal?: AbortSignal,
): Promise<string> {
  if (triesDirect(url)) {
    try {
      // An absolute foreign URL: the client sends no token, key or cookie there.
      // Its 401 is the service's own, never a reason to sign the visitor out here.
      return await client.get<string>(url, { responseType: 'text', signal, handlesAuth: true });
    } catch (error) {
      // An error status came through: the service answers this page, the proxy would only
      // hear the same. Anything else (no CORS, no connection) is the proxy's to try.
      if (signal?.aborted || isHttpRequestError(error)) throw error;
      rememberProxied(url);
    }
  }
  return client.get<string>(proxiedUrl(apiBase, url), { responseType: 'text', signal });
}

/**
 * Reads and parses a WMS or WMTS service's capabilities. The XML readers load with the first
 * service added (their own chunk), not with the map.
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
