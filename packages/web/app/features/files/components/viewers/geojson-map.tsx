import { isEmpty } from 'ol/extent';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useEffect, useMemo } from 'react';
import type { ExtentMapPalette } from '../../../../components/map/extent-map-style';
import { SmallMapFrame, useSmallMap, whenSized } from '../../../../components/map/small-map';

export interface GeoJsonMapProps {
  /** A parsed GeoJSON object in WGS84 (RFC 7946). */
  data: object;
  /** Accessible name of the map region. */
  label: string;
  /** Height in CSS pixels. */
  height: number;
}

/** Space around the fitted features, in pixels, clear of the frame and the zoom buttons. */
const FIT_PADDING = [32, 24, 24, 40];
/** Fitting a single point stops at about street scale. */
const FIT_MAX_ZOOM = 14;

/** Features drawn with the palette's footprint colours; points as filled circles. */
function featureStyle(palette: ExtentMapPalette) {
  const stroke = new Stroke({ color: palette.geometry, width: 2 });
  const fill = new Fill({ color: palette.geometryFill });
  return new Style({
    stroke,
    fill,
    image: new Circle({ radius: 5, fill: new Fill({ color: palette.geometry }), stroke }),
  });
}

/**
 * A small map (components/map/small-map.tsx) of a GeoJSON file's features, fitted to them.
 * Browser only: geojson-viewer.tsx loads it lazily.
 */
export default function GeoJsonMap({ data, label, height }: GeoJsonMapProps) {
  const { map, targetRef, palette } = useSmallMap();

  const features = useMemo(
    () =>
      new GeoJSON().readFeatures(data, {
        dataProjection: 'EPSG:4326',
        featureProjection: 'EPSG:3857',
      }),
    [data],
  );

  // The file's features; the view is fitted to them once the map has a size.
  useEffect(() => {
    if (!map) return;
    const source = new VectorSource({ features });
    const layer = new VectorLayer({ source, zIndex: 1, style: featureStyle(palette) });
    map.addLayer(layer);
    const extent = source.getExtent();
    const stopWaiting = whenSized(map, () => {
      if (!extent || isEmpty(extent)) return;
      map.getView().fit(extent, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
    });
    return () => {
      stopWaiting();
      map.removeLayer(layer);
      // The memoised features outlive this layer when only the colours change.
      source.clear(true);
      layer.dispose();
    };
  }, [map, features, palette]);

  return <SmallMapFrame targetRef={targetRef} label={label} height={height} testId="geojson-map" />;
}
