import type ImageLayer from 'ol/layer/Image';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import type { Pixel } from 'ol/pixel';
import type ImageWMS from 'ol/source/ImageWMS';
import { useEffect, useRef, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { fetchExternalText } from '../api/fetch-external';
import type { MapLayer } from '../model/layer-list';

/** The GetFeatureInfo answer of one layer at the clicked place. */
export interface FeatureInfoResult {
  layerId: string;
  title: string;
  /** The service's plain-text answer; empty when it found nothing there. */
  text: string;
  failed: boolean;
}

export interface FeatureInfo {
  results: FeatureInfoResult[];
  loading: boolean;
  /** Whether the user has clicked on a WMS layer yet (for the empty panel's text). */
  asked: boolean;
}

/**
 * GetFeatureInfo on a click for every visible WMS layer (plain text, through the proxy), unless
 * `skip` says the click meant something else (a footprint). Measuring turns it off by setting
 * `active` to false.
 */
export function useFeatureInfo(
  map: OlMap | null,
  options: { layers: MapLayer[]; apiBase: string; skip: (pixel: Pixel) => boolean },
): FeatureInfo {
  const { client } = useAccess();
  const [info, setInfo] = useState<FeatureInfo>({ results: [], loading: false, asked: false });
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!map) return;
    let controller: AbortController | undefined;
    const key = map.on('singleclick', (event) => {
      const { layers, apiBase, skip } = latest.current;
      if (map.get('measuring') || skip(event.pixel)) return;
      const view = map.getView();
      const resolution = view.getResolution();
      if (resolution === undefined) return;
      const queries = layers.flatMap((layer) => {
        if (layer.kind !== 'wms' || !layer.visible) return [];
        const olLayer = map
          .getLayers()
          .getArray()
          .find((candidate) => candidate.get('userLayer') === layer.id) as
          | ImageLayer<ImageWMS>
          | undefined;
        const url = olLayer
          ?.getSource()
          ?.getFeatureInfoUrl(event.coordinate, resolution, view.getProjection(), {
            INFO_FORMAT: 'text/plain',
            FEATURE_COUNT: 10,
          });
        return url ? [{ layer, url }] : [];
      });
      if (queries.length === 0) return;
      controller?.abort();
      const current = new AbortController();
      controller = current;
      setInfo({ results: [], loading: true, asked: true });
      Promise.all(
        queries.map(({ layer, url }) =>
          fetchExternalText(client, apiBase, url, current.signal).then(
            (text): FeatureInfoResult => ({
              layerId: layer.id,
              title: layer.title,
              text: cleanInfo(text),
              failed: false,
            }),
            (): FeatureInfoResult => ({
              layerId: layer.id,
              title: layer.title,
              text: '',
              failed: true,
            }),
          ),
        ),
      ).then((results) => {
        if (!current.signal.aborted) setInfo({ results, loading: false, asked: true });
      });
    });
    return () => {
      controller?.abort();
      unByKey(key);
    };
  }, [map, client]);

  return info;
}

/**
 * A plain-text answer without MapServer's "no results" boilerplate: an answer that names no
 * feature counts as empty.
 */
export function cleanInfo(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || /search returned no results/i.test(trimmed)) return '';
  return trimmed;
}
