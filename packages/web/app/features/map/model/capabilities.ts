import WMSCapabilities from 'ol/format/WMSCapabilities';
import WMTSCapabilities from 'ol/format/WMTSCapabilities';
import { CapabilitiesError } from './capabilities-error';

/** A layer a service offers, as the "add layer" list shows it. */
export interface ServiceLayer {
  /** The name (WMS) or identifier (WMTS) the map asks for. */
  name: string;
  title: string;
  /** Whether GetFeatureInfo answers for it (WMS `queryable="1"`). */
  queryable: boolean;
  /** The legend image of its first style, if the service names one. */
  legendUrl?: string;
  /** West, south, east, north in degrees, if the service says. */
  extent?: [number, number, number, number];
  /** Whom to credit (WMS `Attribution`, inherited from the parent layer), if the service says. */
  attribution?: LayerAttribution;
}

/** A WMS layer's `Attribution`: its title and the provider's web address. */
export interface LayerAttribution {
  title: string;
  url?: string;
}

/** What the map needs of a WMS: its version, where GetMap goes and its layers. */
export interface WmsService {
  kind: 'wms';
  version: string;
  title: string;
  layers: ServiceLayer[];
  /** GetFeatureInfo formats the service offers. */
  infoFormats: string[];
}

/** What the map needs of a WMTS: its layers and the parsed capabilities for the source. */
export interface WmtsService {
  kind: 'wmts';
  title: string;
  layers: ServiceLayer[];
  /** The whole parsed document, for `optionsFromCapabilities`. */
  capabilities: Record<string, unknown>;
}

export type MapService = WmsService | WmtsService;

export { capabilitiesUrl } from './capabilities-url';
export { CapabilitiesError };

interface WmsLayerNode {
  Name?: string;
  Title?: string;
  queryable?: boolean;
  Style?: { LegendURL?: { OnlineResource?: string }[] }[];
  EX_GeographicBoundingBox?: number[];
  Attribution?: { Title?: string; OnlineResource?: string };
  Layer?: WmsLayerNode[];
}

const asBox = (box: unknown): ServiceLayer['extent'] =>
  Array.isArray(box) && box.length === 4 && box.every((value) => Number.isFinite(value))
    ? (box as [number, number, number, number])
    : undefined;

/** A node's own attribution; only web addresses are kept as links. */
function attributionOf(node: WmsLayerNode): LayerAttribution | undefined {
  const title = node.Attribution?.Title?.trim();
  const url = node.Attribution?.OnlineResource?.trim();
  const webUrl = url && /^https?:\/\//i.test(url) ? url : undefined;
  if (!title && !webUrl) return undefined;
  return { title: title || (webUrl as string), ...(webUrl ? { url: webUrl } : {}) };
}

/** Every named layer of a WMS layer tree, depth first (group layers with a name included). */
function flattenWms(
  node: WmsLayerNode | undefined,
  out: ServiceLayer[] = [],
  inherited?: LayerAttribution,
): ServiceLayer[] {
  if (!node) return out;
  const attribution = attributionOf(node) ?? inherited;
  if (node.Name) {
    const legendUrl = node.Style?.[0]?.LegendURL?.[0]?.OnlineResource;
    out.push({
      name: node.Name,
      title: node.Title?.trim() || node.Name,
      queryable: node.queryable === true,
      ...(legendUrl ? { legendUrl } : {}),
      ...(asBox(node.EX_GeographicBoundingBox)
        ? { extent: asBox(node.EX_GeographicBoundingBox) }
        : {}),
      ...(attribution ? { attribution } : {}),
    });
  }
  for (const child of node.Layer ?? []) flattenWms(child, out, attribution);
  return out;
}

/** Parses a WMS GetCapabilities answer (1.1.1 or 1.3.0). */
export function parseWmsCapabilities(text: string): WmsService {
  if (!/<(?:\w+:)?(?:WMS_Capabilities|WMT_MS_Capabilities)\b/.test(text)) {
    throw new CapabilitiesError('not a WMS capabilities document');
  }
  // biome-ignore lint/suspicious/noExplicitAny: OpenLayers types the parsed document as any.
  const parsed: any = new WMSCapabilities().read(text);
  const layers = flattenWms(parsed?.Capability?.Layer);
  if (layers.length === 0) throw new CapabilitiesError('the service offers no named layer');
  const formats: unknown = parsed?.Capability?.Request?.GetFeatureInfo?.Format;
  return {
    kind: 'wms',
    version: typeof parsed?.version === 'string' ? parsed.version : '1.3.0',
    title: parsed?.Service?.Title?.trim() || '',
    layers,
    infoFormats: Array.isArray(formats) ? formats.filter((f) => typeof f === 'string') : [],
  };
}

/** Parses a WMTS GetCapabilities answer. */
export function parseWmtsCapabilities(text: string): WmtsService {
  if (!/<(?:\w+:)?Capabilities\b/.test(text) || !/wmts/i.test(text)) {
    throw new CapabilitiesError('not a WMTS capabilities document');
  }
  // biome-ignore lint/suspicious/noExplicitAny: OpenLayers types the parsed document as any.
  const parsed: any = new WMTSCapabilities().read(text);
  const raw: unknown = parsed?.Contents?.Layer;
  const layers: ServiceLayer[] = (Array.isArray(raw) ? raw : []).flatMap(
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    (layer: any) => {
      if (typeof layer?.Identifier !== 'string') return [];
      const legendUrl = layer.Style?.[0]?.LegendURL?.[0]?.href;
      const box = layer.WGS84BoundingBox;
      return [
        {
          name: layer.Identifier,
          title: layer.Title?.trim() || layer.Identifier,
          queryable: false,
          ...(typeof legendUrl === 'string' ? { legendUrl } : {}),
          ...(asBox(box) ? { extent: asBox(box) } : {}),
        },
      ];
    },
  );
  if (layers.length === 0) throw new CapabilitiesError('the service offers no layer');
  return {
    kind: 'wmts',
    title: parsed?.ServiceIdentification?.Title?.trim() || '',
    layers,
    capabilities: parsed,
  };
}

/** The GetFeatureInfo format to ask for: plain text when offered (shown as it is). */
export function pickInfoFormat(formats: string[]): string | undefined {
  const preferred = ['text/plain', 'application/json', 'application/geo+json'];
  return preferred.find((format) => formats.includes(format));
}
