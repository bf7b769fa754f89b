import { isVectorKind, type LayerKind, layerKinds, type MapLayer, newLayer } from './layer-list';

/**
 * What the page address holds of the map (shareable, with back/forward):
 * - `c=lon,lat` centre in degrees (EPSG:4326), 5 decimals (about a metre);
 * - `z=zoom` the view zoom, 2 decimals;
 * - `b=basemap` the basemap id, left out for the offline default;
 * - `l=kind|visible|opacity|name|url`, once per layer, lowest first: kind `wms`, `wmts`,
 *   `geojson`, `kml` or `gpx`; visible `1`/`0`; opacity 0–100; name and URL URL-encoded
 *   (so `|` never appears inside a field);
 * - `q=text` the catalogue search shown as footprints;
 * - `bbox=west,south,east,north` in degrees, the form of "show on the map" links (record
 *   pages): the map opens fitted to that box. `c` and `z` win when both are present, and the
 *   map's own writes replace it by them.
 * The form of "open in map" links (`lib/map-link.ts`: `layer=<protocol>:<url>&name=<layer>`)
 * is read too and becomes one more layer.
 */
export interface MapUrlState {
  center?: [number, number];
  zoom?: number;
  basemap?: string;
  layers: MapLayer[];
  query: string;
  /** The box of a "show on the map" link, when the address names no view of its own. */
  extent?: [number, number, number, number];
  /**
   * A service of an "open in map" link that names no layer: the map offers its layers to
   * pick from instead of adding one.
   */
  service?: { kind: 'wms' | 'wmts'; url: string };
}

/** The basemap when the address names none: the offline one of the geo service. */
export const defaultBasemap = 'offline';

const MIN_ZOOM = 0;
const MAX_ZOOM = 22;

function parseCenter(value: string | null): [number, number] | undefined {
  if (!value) return undefined;
  const parts = value.split(',');
  if (parts.length !== 2) return undefined;
  const [lon, lat] = parts.map(Number) as [number, number];
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return undefined;
  if (lon < -180 || lon > 180 || lat < -85.06 || lat > 85.06) return undefined;
  return [lon, lat];
}

function parseExtent(value: string | null): [number, number, number, number] | undefined {
  if (!value) return undefined;
  const parts = value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return undefined;
  const [west, south, east, north] = parts as [number, number, number, number];
  if (west < -180 || east > 180 || west > east) return undefined;
  if (south < -90 || north > 90 || south > north) return undefined;
  return [west, south, east, north];
}

function parseZoom(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const zoom = Number(value);
  return Number.isFinite(zoom) && zoom >= MIN_ZOOM && zoom <= MAX_ZOOM ? zoom : undefined;
}

const isKind = (value: string): value is LayerKind =>
  (layerKinds as readonly string[]).includes(value);

/** Only web addresses may become layers (no `javascript:` or `data:` URLs in a shared link). */
const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** One `l=` entry; undefined when it is not one. */
export function parseLayerEntry(entry: string): MapLayer | undefined {
  const fields = entry.split('|');
  if (fields.length !== 5) return undefined;
  const [kind, visible, opacityText, nameText, urlText] = fields as [
    string,
    string,
    string,
    string,
    string,
  ];
  const name = decode(nameText);
  const url = decode(urlText);
  const opacity = Number(opacityText);
  if (!isKind(kind) || name === undefined || url === undefined || !isWebUrl(url)) return undefined;
  if (!isVectorKind(kind) && !name) return undefined;
  if (!Number.isFinite(opacity) || opacity < 0 || opacity > 100) return undefined;
  return newLayer({ kind, url, name, visible: visible !== '0', opacity: opacity / 100 });
}

/** The `l=` entry of a layer. */
export function layerEntry(layer: MapLayer): string {
  return [
    layer.kind,
    layer.visible ? '1' : '0',
    String(Math.round(layer.opacity * 100)),
    encodeURIComponent(layer.name),
    encodeURIComponent(layer.url),
  ].join('|');
}

/** The layer or service of an "open in map" link (`layer=wms:https://…&name=…`). */
function linked(params: URLSearchParams): { layer?: MapLayer; service?: MapUrlState['service'] } {
  const value = params.get('layer');
  const colon = value?.indexOf(':') ?? -1;
  if (!value || colon < 0) return {};
  const kind = value.slice(0, colon).toLowerCase();
  const url = value.slice(colon + 1);
  if (!isKind(kind) || !isWebUrl(url)) return {};
  const name = params.get('name')?.trim() ?? '';
  if (!isVectorKind(kind) && !name) return { service: { kind, url } };
  return { layer: newLayer({ kind, url, name }) };
}

/** Reads the map's part of a query string; anything malformed is left out, never thrown. */
export function parseMapUrl(search: string | URLSearchParams): MapUrlState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const layers: MapLayer[] = [];
  const seen = new Set<string>();
  const push = (layer: MapLayer | undefined) => {
    if (!layer || seen.has(layer.id)) return;
    seen.add(layer.id);
    layers.push(layer);
  };
  for (const entry of params.getAll('l')) push(parseLayerEntry(entry));
  const link = linked(params);
  push(link.layer);
  const basemap = params.get('b')?.trim();
  const center = parseCenter(params.get('c'));
  const extent = center ? undefined : parseExtent(params.get('bbox'));
  return {
    ...(link.service ? { service: link.service } : {}),
    center,
    zoom: parseZoom(params.get('z')),
    basemap: basemap ? basemap : undefined,
    layers,
    query: params.get('q')?.trim() ?? '',
    ...(extent ? { extent } : {}),
  };
}

/** The view as written into the address: rounded so tiny moves don't make new entries. */
export interface MapView {
  center: [number, number];
  zoom: number;
}

export function roundView(view: MapView): MapView {
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return {
    center: [round(view.center[0], 5), round(view.center[1], 5)],
    zoom: round(view.zoom, 2),
  };
}

/**
 * The query string of a map state (without `?`). Parameters that are not the map's
 * (anything but c, z, b, l, q and the link forms' layer, name and bbox) are kept as they are.
 */
export function serializeMapUrl(
  state: { view: MapView; basemap: string; layers: MapLayer[]; query: string },
  keep: URLSearchParams = new URLSearchParams(),
): string {
  const params = new URLSearchParams();
  for (const [key, value] of keep) {
    if (!['c', 'z', 'b', 'l', 'q', 'layer', 'name', 'bbox'].includes(key)) {
      params.append(key, value);
    }
  }
  const { center, zoom } = roundView(state.view);
  params.set('c', `${center[0]},${center[1]}`);
  params.set('z', String(zoom));
  if (state.basemap !== defaultBasemap) params.set('b', state.basemap);
  for (const layer of state.layers) {
    // A local file has no address to share.
    if (layer.data === undefined) params.append('l', layerEntry(layer));
  }
  if (state.query) params.set('q', state.query);
  return params.toString();
}
