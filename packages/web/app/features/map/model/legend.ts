/**
 * The WMS GetLegendGraphic request of a layer (SLD 1.1.0, which WMS 1.3.0 requires). The
 * service URL keeps its own parameters (a MapServer `map=…`).
 */
export function wmsLegendUrl(serviceUrl: string, layer: string, version = '1.3.0'): string {
  const url = new URL(serviceUrl);
  for (const key of [...url.searchParams.keys()]) {
    if (['service', 'request', 'version', 'layer', 'format'].includes(key.toLowerCase())) {
      url.searchParams.delete(key);
    }
  }
  url.searchParams.set('SERVICE', 'WMS');
  url.searchParams.set('VERSION', version);
  url.searchParams.set('REQUEST', 'GetLegendGraphic');
  url.searchParams.set('FORMAT', 'image/png');
  url.searchParams.set('LAYER', layer);
  url.searchParams.set('SLD_VERSION', '1.1.0');
  return url.href;
}
