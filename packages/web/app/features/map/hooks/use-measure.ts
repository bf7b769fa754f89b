import type { EventsKey } from 'ol/events';
import type { LineString, Polygon } from 'ol/geom';
import type Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import VectorSource from 'ol/source/Vector';
import { getArea, getLength } from 'ol/sphere';
import { Fill, Stroke, Style } from 'ol/style';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatArea, formatLength } from '../model/measure-format';

export type MeasureKind = 'distance' | 'area';

const measureStyle = new Style({
  fill: new Fill({ color: 'rgba(12, 166, 120, 0.15)' }),
  stroke: new Stroke({ color: '#087f5b', width: 2, lineDash: [6, 4] }),
});

/**
 * Measures a distance (a line) or an area (a polygon) drawn on the map, on the sphere
 * (`ol/sphere`), so lengths are true on the ground and not Web Mercator's. While measuring,
 * the map's `measuring` property is set, so a click does not ask for feature info.
 */
export function useMeasure(
  map: OlMap | null,
  kind: MeasureKind | null,
): { result: string; ready: boolean } {
  const intl = useIntl();
  const [result, setResult] = useState('');
  // Whether the drawing interaction has loaded and takes clicks.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setResult('');
    setReady(false);
    if (!map || !kind) return;
    const source = new VectorSource();
    const layer = new VectorLayer({ source, style: measureStyle, zIndex: 2000 });
    const measure = (geometry: LineString | Polygon) =>
      kind === 'distance'
        ? formatLength(getLength(geometry), intl.locale)
        : formatArea(getArea(geometry), intl.locale);
    const keys: EventsKey[] = [];
    let change: EventsKey | undefined;
    let draw: Draw | undefined;
    let active = true;
    map.addLayer(layer);
    map.set('measuring', true);
    // The drawing interaction loads when measuring starts (its own chunk).
    import('ol/interaction/Draw').then(
      ({ default: DrawInteraction }) => {
        if (!active) return;
        draw = new DrawInteraction({
          source,
          type: kind === 'distance' ? 'LineString' : 'Polygon',
        });
        keys.push(
          draw.on('drawstart', (event) => {
            source.clear();
            const geometry = event.feature.getGeometry() as LineString | Polygon;
            change = geometry.on('change', () => setResult(measure(geometry)));
          }),
          draw.on('drawend', (event) => {
            if (change) unByKey(change);
            setResult(measure(event.feature.getGeometry() as LineString | Polygon));
          }),
        );
        map.addInteraction(draw);
        setReady(true);
      },
      () => undefined,
    );
    return () => {
      active = false;
      unByKey(keys);
      if (change) unByKey(change);
      if (draw) map.removeInteraction(draw);
      map.removeLayer(layer);
      map.set('measuring', false);
    };
  }, [map, kind, intl.locale]);

  return { result, ready };
}
