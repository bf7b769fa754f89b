import type { BasemapManifest } from '@geoportal/contract/geo';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { useEffect, useState } from 'react';
import {
  type BasemapPalette,
  basemapStyle,
  placeRank,
} from '../../../components/map/basemap-style';
import { loadCountries } from '../../../components/map/world-countries';
import { getBasemapLevel } from '../../../lib/api/get-basemap-level';
import { useAccess } from '../../../lib/auth/access';
import { getBasemapManifest } from '../api/basemap';

/** The offline basemap's OpenLayers layers with what each one draws. */
interface BasemapPart {
  /** The manifest's layer id, or `bundled` for the stand-in countries. */
  id: string;
  layer: VectorLayer;
}

/**
 * The offline basemap of the geo service (Natural Earth): one vector layer per basemap layer
 * and detail level, shown in that level's zoom range and loaded only when first shown. When the
 * manifest cannot be read, the country borders bundled with the app stand in, so the map
 * never goes blank. Restyled, not rebuilt, when the colour scheme or language changes.
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
        for (const part of layersOf(manifest, client, apiBase)) add(part);
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
        part.layer.getSource()?.clear(true);
        part.layer.dispose();
      }
      setParts([]);
    };
  }, [map, client, apiBase]);

  useEffect(() => {
    for (const part of parts) part.layer.setStyle(basemapStyle(part.id, palette, language));
  }, [parts, palette, language]);

  useEffect(() => {
    for (const part of parts) part.layer.setVisible(visible);
  }, [parts, visible]);
}

/** One layer per manifest layer and level, each loading its GeoJSON on first display. */
function layersOf(
  manifest: BasemapManifest,
  client: ReturnType<typeof useAccess>['client'],
  apiBase: string,
): BasemapPart[] {
  const format = new GeoJSON({ featureProjection: 'EPSG:3857' });
  // Natural Earth and the places' CC BY 4.0 licence ask for credit while the map shows them.
  const attributions = manifest.attribution;
  return manifest.layers.flatMap(({ id, levels, labelled }, order) =>
    levels.map(({ id: level, minZoom, maxZoom }) => {
      const source = new VectorSource({
        attributions,
        loader: (_extent, _resolution, _projection, success, failure) => {
          getBasemapLevel(client, apiBase, id, level).then(
            (data) => {
              const features = format.readFeatures(data);
              source.addFeatures(features);
              success?.(features);
            },
            () => failure?.(),
          );
        },
      });
      const places = (id as string) === 'places';
      const layer = new VectorLayer({
        source,
        // OpenLayers' minZoom is exclusive and maxZoom inclusive; the manifest's the other
        // way round.
        minZoom: minZoom - 1e-6,
        maxZoom: maxZoom - 1e-6,
        zIndex: order - 100,
        // Labels must not overlap; larger places first (see basemapStyle).
        declutter: labelled || places,
        // Smaller ranks (larger places) drawn first, so their labels win.
        ...(places
          ? { renderOrder: (a, b) => placeRank(a) - placeRank(b) }
          : { updateWhileAnimating: false }),
        properties: { basemap: id },
      });
      return { id, layer };
    }),
  );
}

/** Credit for the bundled borders: world-atlas is made from Natural Earth. */
const BUNDLED_ATTRIBUTION = 'Made with Natural Earth';

/** The country borders shipped with the app (world-atlas), when the geo service has none. */
function bundledCountries(): BasemapPart {
  const source = new VectorSource({ attributions: BUNDLED_ATTRIBUTION });
  loadCountries().then(
    (features) => source.addFeatures(features.map((feature) => feature.clone())),
    () => undefined,
  );
  return {
    id: 'bundled',
    layer: new VectorLayer({ source, zIndex: -100, properties: { basemap: 'bundled' } }),
  };
}
