import type { BasemapManifest } from '@geoportal/contract/geo';
import type VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import { useEffect, useState } from 'react';
import { type BasemapPalette, basemapStyle } from '../../../components/map/basemap-style';
import {
  type BasemapTiles,
  basemapTiles,
  disposeLayer,
} from '../../../components/map/basemap-tiles';
import { bundledCountriesLayer } from '../../../components/map/world-countries';
import { useAccess } from '../../../lib/auth/access';
import { getBasemapManifest } from '../api/basemap';

/**
 * The offline basemap's OpenLayers layer: the geo service's vector tiles, or the stand-in
 * countries bundled with the app.
 */
type BasemapPart =
  | { id: 'tiles'; tiles: BasemapTiles; layer: BasemapTiles['layer'] }
  | { id: 'bundled'; layer: VectorLayer };

/**
 * The offline basemap of the geo service (Natural Earth) as vector tiles, each basemap layer at
 * the detail level for the zoom. When the manifest cannot be read, the country borders bundled
 * with the app stand in, so the map never goes blank. Restyled, not rebuilt, when the colour
 * scheme or language changes.
 */
export function useOfflineBasemap(
  map: OlMap | null,
  options: { visible: boolean; palette: BasemapPalette; language: string; apiBase: string },
) {
  const { client } = useAccess();
  const { visible, palette, language, apiBase } = options;
  const [parts, setParts] = useState<BasemapPart[]>([]);

  useEffect(() => {
    if (!map) return;
    const controller = new AbortController();
    const added: BasemapPart[] = [];
    const add = (part: BasemapPart) => {
      added.push(part);
      map.addLayer(part.layer);
    };
    getBasemapManifest(client, apiBase, controller.signal)
      .then((manifest) => {
        if (controller.signal.aborted) return;
        if (manifest.layers.length === 0) throw new Error('empty basemap manifest');
        add(tileLayer(manifest, apiBase));
        setParts([...added]);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        add(bundledCountries());
        setParts([...added]);
      });
    return () => {
      controller.abort();
      for (const part of added) {
        map.removeLayer(part.layer);
        disposeLayer(part.layer);
      }
      setParts([]);
    };
  }, [map, client, apiBase]);

  useEffect(() => {
    for (const part of parts) {
      if (part.id === 'tiles') part.tiles.restyle(palette, language);
      else part.layer.setStyle(basemapStyle(part.id, palette, language));
    }
  }, [parts, palette, language]);

  useEffect(() => {
    for (const part of parts) part.layer.setVisible(visible);
  }, [parts, visible]);
}

/** The basemap's vector tiles, credited as the manifest asks. */
function tileLayer(manifest: BasemapManifest, apiBase: string): BasemapPart {
  // Natural Earth and the places' CC BY 4.0 licence ask for credit while the map shows them.
  const tiles = basemapTiles(apiBase, { zIndex: -100, attributions: manifest.attribution });
  return { id: 'tiles', tiles, layer: tiles.layer };
}

/** Credit for the bundled borders: world-atlas is made from Natural Earth. */
const BUNDLED_ATTRIBUTION = 'Made with Natural Earth';

/** The country borders shipped with the app (world-atlas), when the geo service has none. */
function bundledCountries(): BasemapPart {
  const layer = bundledCountriesLayer({
    zIndex: -100,
    attributions: BUNDLED_ATTRIBUTION,
    properties: { basemap: 'bundled' },
  });
  return { id: 'bundled', layer };
}
