import type { ImageTile } from 'ol';
import type ImageWrapper from 'ol/Image';
import type BaseLayer from 'ol/layer/Base';
import ImageLayer from 'ol/layer/Image';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import ImageWMS from 'ol/source/ImageWMS';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import { useEffect, useRef } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { proxiedUrl } from '../../../lib/http/geo-url';
import { fetchExternalText, getCapabilities } from '../api/fetch-external';
import { isVectorKind, type MapLayer } from '../model/layer-list';

/** The z-index of the lowest added layer; basemaps lie below 0, footprints above 1000. */
const LAYER_Z = 100;

/** The style of added vector data: violet, readable on both schemes' basemaps. */
const vectorStyle = new Style({
  fill: new Fill({ color: 'rgba(132, 94, 247, 0.2)' }),
  stroke: new Stroke({ color: '#7048e8', width: 2 }),
  image: new CircleStyle({
    radius: 5,
    fill: new Fill({ color: '#7048e8' }),
    stroke: new Stroke({ color: '#ffffff', width: 1.5 }),
  }),
});

export interface UserLayerCallbacks {
  /** A layer could not be loaded (capabilities, data or format). */
  onError: (layer: MapLayer) => void;
}

/**
 * Keeps the map's OpenLayers layers in step with the layer list: creates a layer when it is
 * added, removes it when it goes, and sets visibility, opacity and order. Everything from an
 * external host goes through the geo service's proxy: WMS images and WMTS tiles are asked for
 * at the service's own URL by OpenLayers and rewritten to the proxy when loaded.
 */
export function useUserLayers(
  map: OlMap | null,
  layers: MapLayer[],
  apiBase: string,
  callbacks: UserLayerCallbacks,
) {
  const { client } = useAccess();
  const created = useRef(new Map<string, BaseLayer>());
  const onError = useRef(callbacks.onError);
  onError.current = callbacks.onError;

  useEffect(() => {
    if (!map) return;
    const existing = created.current;
    const wanted = new Set(layers.map((layer) => layer.id));
    for (const [id, olLayer] of existing) {
      if (wanted.has(id)) continue;
      map.removeLayer(olLayer);
      olLayer.dispose();
      existing.delete(id);
    }
    layers.forEach((layer, index) => {
      let olLayer = existing.get(layer.id);
      if (!olLayer) {
        olLayer = createLayer(layer, {
          proxy: (url) => proxiedUrl(apiBase, url),
          readText: (url) => fetchExternalText(client, apiBase, url),
          readWmts: (url) => getCapabilities(client, apiBase, 'wmts', url),
          onError: () => onError.current(layer),
        });
        existing.set(layer.id, olLayer);
        map.addLayer(olLayer);
      }
      olLayer.setVisible(layer.visible);
      olLayer.setOpacity(layer.opacity);
      olLayer.setZIndex(LAYER_Z + index);
    });
  }, [map, layers, apiBase, client]);

  // Removed with the map.
  useEffect(() => {
    const existing = created.current;
    return () => {
      for (const olLayer of existing.values()) {
        map?.removeLayer(olLayer);
        olLayer.dispose();
      }
      existing.clear();
    };
  }, [map]);

  return created;
}

interface LayerServices {
  proxy: (url: string) => string;
  readText: (url: string) => Promise<string>;
  readWmts: (url: string) => ReturnType<typeof getCapabilities>;
  onError: () => void;
}

function createLayer(layer: MapLayer, services: LayerServices): BaseLayer {
  const properties = { userLayer: layer.id, kind: layer.kind, title: layer.title };
  if (isVectorKind(layer.kind)) {
    const kind = layer.kind;
    const source = new VectorSource({
      loader: (_extent, _resolution, _projection, success, failure) => {
        const text =
          layer.data === undefined ? services.readText(layer.url) : Promise.resolve(layer.data);
        Promise.all([text, import('../model/vector-format')])
          .then(([value, { readVectorFeatures }]) => {
            const features = readVectorFeatures(kind, value);
            source.addFeatures(features);
            success?.(features);
          })
          .catch(() => {
            services.onError();
            failure?.();
          });
      },
    });
    return new VectorLayer({ source, style: vectorStyle, properties });
  }
  if (layer.kind === 'wms') {
    const source = new ImageWMS({
      url: layer.url,
      params: { LAYERS: layer.name, TRANSPARENT: true, FORMAT: 'image/png' },
      ratio: 1,
      imageLoadFunction: (image: ImageWrapper, src: string) => {
        (image.getImage() as HTMLImageElement).src = services.proxy(src);
      },
    });
    let reported = false;
    source.on('imageloaderror', () => {
      if (reported) return;
      reported = true;
      services.onError();
    });
    return new ImageLayer({ source, properties });
  }
  // WMTS: the tile grid comes from the capabilities, read once when the layer is added.
  const tiles = new TileLayer({ properties });
  Promise.all([services.readWmts(layer.url), import('ol/source/WMTS')])
    .then(([service, { default: WMTS, optionsFromCapabilities }]) => {
      if (service.kind !== 'wmts') throw new Error('not a WMTS');
      const options = optionsFromCapabilities(service.capabilities, {
        layer: layer.name,
        projection: 'EPSG:3857',
      });
      if (!options) throw new Error('no such layer');
      tiles.setSource(
        new WMTS({
          ...options,
          tileLoadFunction: (tile, src) => {
            ((tile as ImageTile).getImage() as HTMLImageElement).src = services.proxy(src);
          },
        }),
      );
    })
    .catch(() => services.onError());
  return tiles;
}
