import Feature from 'ol/Feature';
import { fromExtent } from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { useEffect, useMemo } from 'react';
import { type FootprintScheme, focusStyle } from '../model/footprint-style';
import { bboxToExtent } from '../model/view';

/**
 * The box of a "show on the main map" link (a record's extent), drawn dashed over every
 * footprint, so the record's own area can be told apart from the others after the map has
 * fitted to it. Not hit by clicks: the footprints beneath stay the ones to pick.
 */
export function useFocusBox(
  map: OlMap | null,
  box: [number, number, number, number] | undefined,
  scheme: FootprintScheme,
) {
  const layer = useMemo(
    () =>
      new VectorLayer({
        source: new VectorSource(),
        zIndex: 1002,
        properties: { focusBox: true },
      }),
    [],
  );

  useEffect(() => {
    layer.setStyle(focusStyle(scheme));
  }, [layer, scheme]);

  useEffect(() => {
    if (!map) return;
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, layer]);

  const [west, south, east, north] = box ?? [];
  useEffect(() => {
    const source = layer.getSource();
    source?.clear(true);
    if (west === undefined || south === undefined || east === undefined || north === undefined) {
      return;
    }
    source?.addFeature(new Feature(fromExtent(bboxToExtent([west, south, east, north]))));
  }, [layer, west, south, east, north]);
}
