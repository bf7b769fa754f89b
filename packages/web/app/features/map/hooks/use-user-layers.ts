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
import { attributionHtml } from '../model/attribution-html';
import type { MapService } from '../model/capabilities';
import { CapabilitiesError } from '../model/capabilities-error';
import { isVectorKind, type MapLayer } from '../model/layer-list';
import { type ServiceProblem, serviceProblemOf } from '../model/service-problem';
import { loadImageDirectFirst } from '../model/service-route';

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
  /** A layer could not be loaded (capabilities, data or format), and why. */
  onError: (layer: MapLayer, problem: ServiceProblem) => void;
}

/**
 * Capabilities read once per service and page, shared by every layer of the service (and
 * again after a failure, when the visitor adds the layer anew).
 */
const capabilitiesCache = new Map<string, Promise<MapService>>();

function cachedCapabilities(
  kind: 'wms' | 'wmts',
  url: string,
  read: () => Promise<MapService>,
): Promise<MapService> {
  const key = `${kind}|${url}`;
  let promise = capabilitiesCache.get(key);
  if (!promise) {
    promise = read();
    capabilitiesCache.set(key, promise);
    promise.catch(() => capabilitiesCache.delete(key));
  }
  return promise;
}

/**
 * Keeps the map's OpenLayers layers in step with the layer list: creates a layer when it is
 * added, removes it when it goes, and sets visibility, opacity and order. WMS images and WMTS
 * tiles are asked for at the service's own URL, directly where that works and else through the
 * geo service's proxy (`service-route.ts`). A service's capabilities give its attribution and,
 * when they cannot be read, the reason the layer fails.
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
          readService: (kind, url) =>
            cachedCapabilities(kind, url, () => getCapabilities(client, apiBase, kind, url)),
          onError: (problem) => onError.current(layer, problem),
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
  readService: (kind: 'wms' | 'wmts', url: string) => Promise<MapService>;
  onError: (problem: ServiceProblem) => void;
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
          .catch((error: unknown) => {
            services.onError(serviceProblemOf(error));
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
        loadImageDirectFirst(image.getImage() as HTMLImageElement, src, services.proxy);
      },
    });
    // One report per layer: the capabilities' reason when they failed, else the image's.
    let reported = false;
    const report = (problem: ServiceProblem) => {
      if (reported) return;
      reported = true;
      services.onError(problem);
    };
    const capabilities = services.readService('wms', layer.url);
    capabilities.then(
      (service) => {
        const attribution = service.layers.find((entry) => entry.name === layer.name)?.attribution;
        if (attribution) source.setAttributions(attributionHtml(attribution));
      },
      (error: unknown) => report(serviceProblemOf(error)),
    );
    source.on('imageloaderror', () => {
      // The capabilities may still be on their way: their reason is the better one.
      capabilities.then(
        () => report('failed'),
        (error: unknown) => report(serviceProblemOf(error)),
      );
    });
    return new ImageLayer({ source, properties });
  }
  // WMTS: the tile grid comes from the capabilities, read once when the layer is added.
  const tiles = new TileLayer({ properties });
  Promise.all([services.readService('wmts', layer.url), import('ol/source/WMTS')])
    .then(([service, { default: WMTS, optionsFromCapabilities }]) => {
      if (service.kind !== 'wmts') throw new CapabilitiesError('not a WMTS');
      const options = optionsFromCapabilities(service.capabilities, {
        layer: layer.name,
        projection: 'EPSG:3857',
      });
      if (!options) throw new CapabilitiesError('the WMTS has no such layer');
      tiles.setSource(
        new WMTS({
          ...options,
          tileLoadFunction: (tile, src) => {
            const image = (tile as ImageTile).getImage() as HTMLImageElement;
            loadImageDirectFirst(image, src, services.proxy);
          },
        }),
      );
    })
    .catch((error: unknown) => services.onError(serviceProblemOf(error)));
  return tiles;
}
