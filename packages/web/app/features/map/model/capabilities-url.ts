/**
 * The GetCapabilities request of a service URL: the URL keeps its own parameters (a
 * MapServer `map=…`) and gets SERVICE and REQUEST unless it already has them.
 */
export function capabilitiesUrl(kind: 'wms' | 'wmts', serviceUrl: string): string {
  const url = new URL(serviceUrl);
  const has = (name: string) =>
    [...url.searchParams.keys()].some((key) => key.toLowerCase() === name);
  if (!has('service')) url.searchParams.set('SERVICE', kind.toUpperCase());
  if (!has('request')) url.searchParams.set('REQUEST', 'GetCapabilities');
  return url.href;
}
