import type { BoundingBox } from '@geoportal/contract/record';
import { findRegion } from '@geoportal/contract/regions';
import { createEmpty, type Extent, extend } from 'ol/extent';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { fromExtent } from 'ol/geom/Polygon';
import ExtentInteraction from 'ol/interaction/Extent';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { bboxToExtent, extentToBbox, needsFit, sameBbox } from './bbox-extent';
import { EXTENT_MAP_HEIGHT, type ExtentMapProps } from './extent-map-props';
import { boxStyle, geometryStyle, handleStyle } from './extent-map-style';
import { motionDuration, SmallMapFrame, useSmallMap, whenSized } from './small-map';

/** Space around a fitted box, in pixels, so its edges stay clear of the frame and buttons. */
const FIT_PADDING = [40, 24, 24, 40];
/** Fitting a tiny box or a point stops at about town scale. */
const FIT_MAX_ZOOM = 12;

const GERMANY = findRegion('DE')?.bbox as BoundingBox;

/**
 * ol/interaction/Extent draws a box by dragging, resizes it at its corners and edges and moves
 * it when dragged inside (`drag`). It reports every intermediate extent; this subclass adds the
 * end of a gesture, so the form receives one value per drag instead of one per pointer move.
 */
class BoxInteraction extends ExtentInteraction {
  onCommit: () => void = () => undefined;

  override handleUpEvent(event: Parameters<ExtentInteraction['handleUpEvent']>[0]): boolean {
    const result = super.handleUpEvent(event);
    this.onCommit();
    return result;
  }
}

/** The same object as long as the numbers stay the same, so effects rerun only on real changes. */
function useStableBox(box: BoundingBox | undefined): BoundingBox | undefined {
  const stable = useRef(box);
  if (!sameBbox(stable.current, box)) stable.current = box;
  return stable.current;
}

/**
 * A small OpenLayers map of a record's extent over an offline background of country borders
 * (the base in small-map.tsx). Browser only: pages use `ExtentMap` from extent-map-lazy.tsx,
 * which loads this module lazily. The focused map pans with the arrow keys and zooms with
 * + and −; Tab leaves it.
 */
export default function ExtentMap({
  extent: extentProp,
  geometry,
  onChange,
  label,
  height = EXTENT_MAP_HEIGHT,
}: ExtentMapProps) {
  const extent = useStableBox(extentProp);
  const intl = useIntl();
  const { map, targetRef, palette } = useSmallMap();
  const editable = onChange !== undefined;

  // Read inside long-lived OpenLayers callbacks, so they see the latest props without being
  // recreated on every render.
  const latest = useRef({ extent, onChange });
  latest.current = { extent, onChange };
  /** The last box this map reported; its echo through the props must not move the view. */
  const emitted = useRef<BoundingBox | undefined>(undefined);

  const geometryFeatures = useMemo(
    () =>
      geometry
        ? new GeoJSON().readFeatures(
            { type: 'Feature', geometry, properties: null },
            { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' },
          )
        : [],
    [geometry],
  );

  // The exact footprint.
  useEffect(() => {
    if (!map || geometryFeatures.length === 0) return;
    const source = new VectorSource({ features: geometryFeatures, wrapX: true });
    const layer = new VectorLayer({ source, style: geometryStyle(palette), zIndex: 2 });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      // The memoised features outlive this layer when only the colours change.
      source.clear(true);
      layer.dispose();
    };
  }, [map, geometryFeatures, palette]);

  // Read-only: the box as a highlighted polygon.
  useEffect(() => {
    if (!map || editable || !extent) return;
    const layer = new VectorLayer({
      source: new VectorSource({
        features: [new Feature(fromExtent(bboxToExtent(extent)))],
        wrapX: true,
      }),
      style: boxStyle(palette),
      zIndex: 1,
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      layer.dispose();
    };
  }, [map, editable, extent, palette]);

  // Editable: draw, resize and move the box. Recreated when the colours change, because the
  // interaction takes its styles only when it is constructed.
  const [drawing, setDrawing] = useState<BoxInteraction | null>(null);
  useEffect(() => {
    if (!map || !editable) return;
    const start = latest.current.extent;
    const interaction = new BoxInteraction({
      extent: start ? bboxToExtent(start) : undefined,
      boxStyle: boxStyle(palette),
      pointerStyle: handleStyle(palette),
      drag: true,
      wrapX: true,
    });
    interaction.onCommit = () => {
      const drawn = interaction.getExtent();
      const current = latest.current.extent;
      if (!drawn) {
        // A click without dragging leaves no box; keep the one the form holds.
        interaction.setExtent(current ? bboxToExtent(current) : null);
        return;
      }
      const next = extentToBbox(drawn);
      if (sameBbox(next, current)) return;
      emitted.current = next;
      latest.current.onChange?.(next);
    };
    map.addInteraction(interaction);
    setDrawing(interaction);
    return () => {
      map.removeInteraction(interaction);
      setDrawing(null);
    };
  }, [map, editable, palette]);

  // Editable: a box typed or picked elsewhere moves the drawn one.
  useEffect(() => {
    if (!drawing) return;
    const drawn = drawing.getExtent();
    if (extent && drawn && sameBbox(extentToBbox(drawn), extent)) return;
    drawing.setExtent(extent ? bboxToExtent(extent) : null);
  }, [drawing, extent]);

  // The view: fitted to the box (or footprint, or Germany) at first; later only when a new box
  // from outside the map would be hidden or too small to see.
  const fitted = useRef(false);
  useEffect(() => {
    if (!map) return;
    if (fitted.current && extent && sameBbox(extent, emitted.current)) return;
    let target: Extent = createEmpty();
    if (extent) target = bboxToExtent(extent);
    else {
      for (const feature of geometryFeatures) {
        const part = feature.getGeometry()?.getExtent();
        if (part) extend(target, part);
      }
    }
    // Still empty: neither a box nor a footprint.
    if (target[0] === Number.POSITIVE_INFINITY) target = bboxToExtent(GERMANY);
    const fit = () => {
      const view = map.getView();
      const size = map.getSize() as number[];
      if (fitted.current && !needsFit(view.calculateExtent(size), target)) return;
      view.fit(target, {
        padding: FIT_PADDING,
        maxZoom: FIT_MAX_ZOOM,
        duration: fitted.current ? motionDuration() : 0,
      });
      fitted.current = true;
    };
    return whenSized(map, fit);
  }, [map, extent, geometryFeatures]);

  return (
    <SmallMapFrame
      targetRef={targetRef}
      label={label}
      hint={editable ? intl.formatMessage({ id: 'map.editHint' }) : undefined}
      height={height}
      testId="extent-map"
    />
  );
}
