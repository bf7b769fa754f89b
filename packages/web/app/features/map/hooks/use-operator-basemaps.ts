import type { OperatorBasemap } from '@geoportal/contract/geo';
import type BaseLayer from 'ol/layer/Base';
import ImageLayer from 'ol/layer/Image';
import TileLayer from 'ol/layer/Tile';
import type OlMap from 'ol/Map';
import ImageWMS from 'ol/source/ImageWMS';
import XYZ from 'ol/source/XYZ';
import { useEffect, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { getCapabilities } from '../api/fetch-external';
import { getGeoConfig } from '../api/geo-config';

/**
 * The operator's online basemaps (`/geoth/config`), none by default. Reads the list once;
 * the layer of the chosen one is created when it is first chosen and drawn beneath everything.
 * Tiles come straight from the operator's host (configured, hence allowed); a WMTS's
 * capabilities come through the proxy like any other service document.
 */
export function useOperatorBasemaps(map: OlMap | null, selected: string, apiBase: string) {
  const { client } = useAccess();
  const [basemaps, setBasemaps] = useState<OperatorBasemap[]>([]);

  useEffect(() => {
    let active = true;
    getGeoConfig(client, apiBase).then(
      (config) => {
        if (active) setBasemaps(config.basemaps);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [client, apiBase]);

  useEffect(() => {
    const basemap = basemaps.find((entry) => entry.id === selected);
    if (!map || !basemap) return;
    let layer: BaseLayer | undefined;
    let active = true;
    createLayer(basemap, (url) => getCapabilities(client, apiBase, 'wmts', url)).then(
      (created) => {
        if (!active) return;
        layer = created;
        map.addLayer(created);
      },
      () => undefined,
    );
    return () => {
      active = false;
      if (layer) {
        map.removeLayer(layer);
        layer.dispose();
      }
    };
  }, [map, basemaps, selected, client, apiBase]);

  return basemaps;
}

async function createLayer(
  basemap: OperatorBasemap,
  readWmts: (url: string) => ReturnType<typeof getCapabilities>,
): Promise<BaseLayer> {
  const attributions = basemap.attribution ? [basemap.attribution] : undefined;
  const zIndex = -200;
  switch (basemap.kind) {
    case 'xyz':
      return new TileLayer({
        source: new XYZ({ url: basemap.url, attributions, maxZoom: basemap.maxZoom }),
        zIndex,
      });
    case 'wms':
      return new ImageLayer({
        source: new ImageWMS({
          url: basemap.url,
          params: { LAYERS: basemap.layer, FORMAT: basemap.format, VERSION: basemap.version },
          attributions,
        }),
        zIndex,
      });
    case 'wmts': {
      const [service, { default: WMTS, optionsFromCapabilities }] = await Promise.all([
        readWmts(basemap.url),
        import('ol/source/WMTS'),
      ]);
      if (service.kind !== 'wmts') throw new Error('not a WMTS');
      const options = optionsFromCapabilities(service.capabilities, {
        layer: basemap.layer,
        matrixSet: basemap.matrixSet,
        format: basemap.format,
        ...(basemap.style ? { style: basemap.style } : {}),
      });
      if (!options) throw new Error('the WMTS has no such layer');
      return new TileLayer({ source: new WMTS({ ...options, attributions }), zIndex });
    }
  }
}
