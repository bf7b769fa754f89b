/** Kinds of layers a visitor can add to the map. */
export const layerKinds = ['wms', 'wmts', 'geojson', 'kml', 'gpx'] as const;
export type LayerKind = (typeof layerKinds)[number];

/** Vector kinds, read with an OpenLayers format from a URL or a local file. */
export const vectorKinds = ['geojson', 'kml', 'gpx'] as const satisfies readonly LayerKind[];
export type VectorKind = (typeof vectorKinds)[number];

export const isVectorKind = (kind: LayerKind): kind is VectorKind =>
  (vectorKinds as readonly string[]).includes(kind);

/** The vector kind of a file, by its name's ending; undefined when it is none of them. */
export function vectorKindOfFile(fileName: string): VectorKind | undefined {
  const ending = fileName.toLowerCase().split('.').pop();
  if (ending === 'geojson' || ending === 'json') return 'geojson';
  if (ending === 'kml') return 'kml';
  if (ending === 'gpx') return 'gpx';
  return undefined;
}

/**
 * One layer the visitor added. Service and URL layers travel in the page address; a dropped
 * local file has no address, so it carries its text and stays out of the URL.
 */
export interface MapLayer {
  /** Stable within the page: kind, URL and layer name (or the file name and a counter). */
  id: string;
  kind: LayerKind;
  /** The service or file URL; empty for a local file. */
  url: string;
  /** The WMS/WMTS layer name; empty for vector data. */
  name: string;
  /** What the layer panel shows: the capabilities title, the file name or the name. */
  title: string;
  visible: boolean;
  /** 0 (transparent) … 1 (opaque). */
  opacity: number;
  /** The text of a local file (GeoJSON, KML, GPX); absent for URL layers. */
  data?: string;
}

/** The id of a URL layer: the same service layer is never added twice. */
export function layerId(kind: LayerKind, url: string, name: string): string {
  return `${kind}|${url}|${name}`;
}

/** A new layer with defaults: visible, opaque, titled by its name or URL. */
export function newLayer(
  fields: Pick<MapLayer, 'kind' | 'url'> & Partial<Omit<MapLayer, 'kind' | 'url'>>,
): MapLayer {
  const name = fields.name ?? '';
  return {
    id: fields.id ?? layerId(fields.kind, fields.url, name),
    kind: fields.kind,
    url: fields.url,
    name,
    title: fields.title || name || fields.url,
    visible: fields.visible ?? true,
    opacity: fields.opacity ?? 1,
    ...(fields.data === undefined ? {} : { data: fields.data }),
  };
}

/**
 * Changes to the layer list. The list is drawn bottom to top: the first layer lies lowest,
 * "up" moves a layer towards the top of the stack (later in the list).
 */
export type LayerAction =
  | { type: 'add'; layer: MapLayer }
  | { type: 'remove'; id: string }
  | { type: 'setVisible'; id: string; visible: boolean }
  | { type: 'setOpacity'; id: string; opacity: number }
  | { type: 'move'; id: string; direction: 'up' | 'down' }
  | { type: 'setTitle'; id: string; title: string }
  /** The layers of the address (back/forward, a shared link); local files stay on top. */
  | { type: 'replaceFromUrl'; layers: MapLayer[] };

const clampOpacity = (value: number) =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;

/** The layer list's reducer; answers the same array when nothing changes. */
export function layerListReducer(layers: MapLayer[], action: LayerAction): MapLayer[] {
  switch (action.type) {
    case 'add':
      // The same service layer again only brings it back into view.
      if (layers.some((layer) => layer.id === action.layer.id)) {
        return layerListReducer(layers, { type: 'setVisible', id: action.layer.id, visible: true });
      }
      return [...layers, action.layer];
    case 'remove': {
      const next = layers.filter((layer) => layer.id !== action.id);
      return next.length === layers.length ? layers : next;
    }
    case 'setVisible':
      return update(layers, action.id, (layer) =>
        layer.visible === action.visible ? layer : { ...layer, visible: action.visible },
      );
    case 'setOpacity': {
      const opacity = clampOpacity(action.opacity);
      return update(layers, action.id, (layer) =>
        layer.opacity === opacity ? layer : { ...layer, opacity },
      );
    }
    case 'setTitle':
      return update(layers, action.id, (layer) =>
        layer.title === action.title || !action.title ? layer : { ...layer, title: action.title },
      );
    case 'move': {
      const index = layers.findIndex((layer) => layer.id === action.id);
      const target = action.direction === 'up' ? index + 1 : index - 1;
      if (index < 0 || target < 0 || target >= layers.length) return layers;
      const next = [...layers];
      [next[index], next[target]] = [next[target] as MapLayer, next[index] as MapLayer];
      return next;
    }
    case 'replaceFromUrl': {
      const local = layers.filter((layer) => layer.data !== undefined);
      // Keep titles learnt from capabilities for layers that stay.
      const known = new Map(layers.map((layer) => [layer.id, layer]));
      const fromUrl = action.layers.map((layer) => {
        const before = known.get(layer.id);
        return before && before.title !== before.url && layer.title === (layer.name || layer.url)
          ? { ...layer, title: before.title }
          : layer;
      });
      const next = [...fromUrl, ...local];
      return sameLayers(layers, next) ? layers : next;
    }
  }
}

function update(layers: MapLayer[], id: string, change: (layer: MapLayer) => MapLayer) {
  let changed = false;
  const next = layers.map((layer) => {
    if (layer.id !== id) return layer;
    const updated = change(layer);
    if (updated !== layer) changed = true;
    return updated;
  });
  return changed ? next : layers;
}

function sameLayers(a: MapLayer[], b: MapLayer[]) {
  return (
    a.length === b.length &&
    a.every((layer, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        layer.id === other.id &&
        layer.visible === other.visible &&
        layer.opacity === other.opacity &&
        layer.title === other.title
      );
    })
  );
}
