import type { BoundingBox } from '@geoportal/contract/record';
import { findRegion } from '@geoportal/contract/regions';
import { useComputedColorScheme } from '@mantine/core';
import { always } from 'ol/events/condition';
import { createEmpty, type Extent, extend, isEmpty } from 'ol/extent';
import Feature from 'ol/Feature';
import { fromExtent } from 'ol/geom/Polygon';
import DragBox from 'ol/interaction/DragBox';
import VectorLayer from 'ol/layer/Vector';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { unByKey } from 'ol/Observable';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { bboxToExtent, extentToBbox } from '../../../components/map/bbox-extent';
import type { ExtentMapPalette } from '../../../components/map/extent-map-style';
import {
  motionDuration,
  SmallMapFrame,
  useSmallMap,
  whenSized,
} from '../../../components/map/small-map';
import type { SearchMapProps } from './search-map-props';

/** Space around fitted footprints, in pixels, clear of the frame and the zoom buttons. */
const FIT_PADDING = [40, 24, 24, 40];
/** Fitting a single small footprint stops at about county scale. */
const FIT_MAX_ZOOM = 10;
/** A drawn box smaller than this many square pixels was a click, not a box. */
const MIN_BOX_AREA = 64;

const GERMANY = findRegion('DE')?.bbox as BoundingBox;

const footprintStyle = (p: ExtentMapPalette) =>
  new Style({
    fill: new Fill({ color: p.boxFill }),
    stroke: new Stroke({ color: p.box, width: 1.5 }),
  });

/** The footprint of the hovered hit: the strong colour, so it stands out from the others. */
const hoveredStyle = (p: ExtentMapPalette) =>
  new Style({
    fill: new Fill({ color: p.geometryFill }),
    stroke: new Stroke({ color: p.geometry, width: 3 }),
    zIndex: 1,
  });

/**
 * The extent filter: dashed, without fill, so the footprints inside stay readable; near black
 * (near white in the dark scheme), apart from the blue footprints and the orange hovered one,
 * with at least 3:1 against land and sea (WCAG 1.4.11).
 */
const filterStyle = (scheme: 'light' | 'dark') =>
  new Style({
    stroke: new Stroke({
      color: scheme === 'dark' ? '#f1f3f5' : '#343a40', // gray-1 / gray-8
      width: 2.5,
      lineDash: [8, 6],
    }),
  });

/**
 * The map of the search page (browser only; the page uses `SearchMapPanel`, which loads this
 * module lazily): the footprints of the hits on the current page, the one under the pointer or
 * hovered in the list highlighted; the extent filter as a dashed box; in drawing mode a drag
 * draws a new extent filter. It follows each new page of hits, showing all its footprints.
 */
export default function SearchMap({
  footprints,
  bbox,
  hoveredId,
  onHover,
  onSelect,
  drawing,
  onDrawn,
  onViewChange,
  label,
  height,
}: SearchMapProps) {
  const intl = useIntl();
  const { map, targetRef, palette } = useSmallMap();
  const scheme = useComputedColorScheme('light');
  // Read inside long-lived OpenLayers listeners, so they see the latest props.
  const latest = useRef({ onHover, onSelect, onDrawn, onViewChange });
  latest.current = { onHover, onSelect, onDrawn, onViewChange };

  const features = useMemo(
    () =>
      footprints.map((footprint) => {
        const feature = new Feature(fromExtent(bboxToExtent(footprint.extent)));
        feature.setId(footprint.id);
        feature.set('title', footprint.title);
        return feature;
      }),
    [footprints],
  );

  // The footprints, recreated for each new page of hits.
  const [layer, setLayer] = useState<VectorLayer | null>(null);
  useEffect(() => {
    if (!map) return;
    const created = new VectorLayer({
      source: new VectorSource({ features, wrapX: true }),
      zIndex: 2,
    });
    map.addLayer(created);
    setLayer(created);
    return () => {
      map.removeLayer(created);
      created.getSource()?.clear(true);
      created.dispose();
      setLayer(null);
    };
  }, [map, features]);

  // Restyled rather than recreated when the hovered hit or the colours change.
  useEffect(() => {
    if (!layer) return;
    const normal = footprintStyle(palette);
    const strong = hoveredStyle(palette);
    layer.setStyle((feature) => (feature.getId() === hoveredId ? strong : normal));
  }, [layer, hoveredId, palette]);

  // The extent filter.
  useEffect(() => {
    if (!map || !bbox) return;
    const layer = new VectorLayer({
      source: new VectorSource({
        features: [new Feature(fromExtent(bboxToExtent(bbox)))],
        wrapX: true,
      }),
      style: filterStyle(scheme),
      zIndex: 3,
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      layer.dispose();
    };
  }, [map, bbox, scheme]);

  // Pointing at a footprint highlights its hit; clicking it opens the record.
  useEffect(() => {
    if (!map) return;
    const target = targetRef.current;
    let current: string | null = null;
    const footprintAt = (event: MapBrowserEvent) => {
      const found = map.forEachFeatureAtPixel(event.pixel, (feature) => feature, {
        layerFilter: (candidate) => candidate === layer,
      });
      const id = found?.getId();
      return id === undefined ? null : String(id);
    };
    const keys = [
      map.on('pointermove', (event) => {
        if (event.dragging) return;
        const id = footprintAt(event);
        if (target) target.style.cursor = id ? 'pointer' : '';
        if (id !== current) {
          current = id;
          latest.current.onHover(id);
        }
      }),
      map.on('click', (event) => {
        const id = footprintAt(event);
        if (id) latest.current.onSelect(id);
      }),
    ];
    const leave = () => {
      if (current === null) return;
      current = null;
      latest.current.onHover(null);
    };
    target?.addEventListener('pointerleave', leave);
    return () => {
      unByKey(keys);
      target?.removeEventListener('pointerleave', leave);
    };
  }, [map, layer, targetRef]);

  // The visible area, after every pan and zoom.
  useEffect(() => {
    if (!map) return;
    const report = () => {
      const size = map.getSize();
      if (!size || size[0] === 0 || size[1] === 0) return;
      latest.current.onViewChange(extentToBbox(map.getView().calculateExtent(size)));
    };
    const key = map.on('moveend', report);
    return () => unByKey(key);
  }, [map]);

  // Drawing mode: a drag draws a box (before panning gets the gesture).
  useEffect(() => {
    if (!map || !drawing) return;
    const interaction = new DragBox({ condition: always, minArea: MIN_BOX_AREA });
    interaction.on('boxend', () => {
      const extent = interaction.getGeometry().getExtent();
      latest.current.onDrawn(extentToBbox(extent));
    });
    map.addInteraction(interaction);
    const target = targetRef.current;
    if (target) target.style.cursor = 'crosshair';
    return () => {
      map.removeInteraction(interaction);
      if (target) target.style.cursor = '';
    };
  }, [map, drawing, targetRef]);

  // The view shows every footprint of a new page (or the extent filter, or Germany).
  const fitKey = `${footprints.map((footprint) => footprint.id).join(',')}|${bbox ? Object.values(bbox).join(',') : ''}`;
  const fitted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fitKey` stands for the footprints and the filter, so that a hover (a new `features` identity never happens without one) does not move the view.
  useEffect(() => {
    if (!map) return;
    let target: Extent = createEmpty();
    if (bbox) target = bboxToExtent(bbox);
    else
      for (const feature of features)
        extend(target, feature.getGeometry()?.getExtent() ?? createEmpty());
    if (isEmpty(target)) target = bboxToExtent(GERMANY);
    const fit = () => {
      map.getView().fit(target, {
        padding: FIT_PADDING,
        maxZoom: FIT_MAX_ZOOM,
        duration: fitted.current ? motionDuration() : 0,
      });
      fitted.current = true;
    };
    return whenSized(map, fit);
  }, [map, fitKey]);

  return (
    <SmallMapFrame
      targetRef={targetRef}
      label={label}
      hint={intl.formatMessage({ id: drawing ? 'search.map.drawHint' : 'search.map.hint' })}
      height={height}
      testId="search-map"
    />
  );
}
