import 'ol/ol.css';
import { useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import Zoom from 'ol/control/Zoom';
import type { EventsKey } from 'ol/events';
import { isEmpty } from 'ol/extent';
import GeoJSON from 'ol/format/GeoJSON';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import KeyboardPan from 'ol/interaction/KeyboardPan';
import KeyboardZoom from 'ol/interaction/KeyboardZoom';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import View from 'ol/View';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { countryStyle, extentMapPalettes } from '../../../../components/map/extent-map-style';
import { loadCountries } from '../../../../components/map/world-countries';
import mapClasses from './geojson-map.module.css';

export interface GeoJsonMapProps {
  /** A parsed GeoJSON object in WGS84 (RFC 7946). */
  data: object;
  /** Accessible name of the map region. */
  label: string;
  /** Height in CSS pixels. */
  height: number;
}

/** Milliseconds of zoom animations; none for people who asked for less motion. */
const motionDuration = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : 250;

/** Features drawn with the palette's footprint colours; points as filled circles. */
function featureStyle(scheme: 'light' | 'dark') {
  const palette = extentMapPalettes[scheme];
  const stroke = new Stroke({ color: palette.geometry, width: 2 });
  const fill = new Fill({ color: palette.geometryFill });
  return new Style({
    stroke,
    fill,
    image: new Circle({ radius: 5, fill: new Fill({ color: palette.geometry }), stroke }),
  });
}

/**
 * A small OpenLayers map of a GeoJSON file's features over the offline country borders,
 * fitted to them. Browser only: geojson-viewer.tsx loads it lazily. The focused map pans
 * with the arrow keys and zooms with + and −; Tab leaves it.
 */
export default function GeoJsonMap({ data, label, height }: GeoJsonMapProps) {
  const intl = useIntl();
  const scheme = useComputedColorScheme('light');
  const hintId = useId();
  const target = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);

  const features = useMemo(
    () =>
      new GeoJSON().readFeatures(data, {
        dataProjection: 'EPSG:4326',
        featureProjection: 'EPSG:3857',
      }),
    [data],
  );

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const duration = motionDuration();
    const instance = new OlMap({
      target: element,
      view: new View({ center: [0, 0], zoom: 2, enableRotation: false }),
      controls: [new Zoom({ duration, zoomOutLabel: '−' })],
      interactions: defaultInteractions({
        altShiftDragRotate: false,
        pinchRotate: false,
        keyboard: false,
        // A map inside a long page must not capture the wheel or a swipe meant for the page.
        onFocusOnly: true,
        zoomDuration: duration,
      }).extend([new KeyboardPan({ duration }), new KeyboardZoom({ duration })]),
    });
    setMap(instance);
    return () => {
      instance.setTarget(undefined);
      instance.dispose();
      setMap(null);
    };
  }, []);

  // Translated names of the zoom buttons (OpenLayers renders them as "+" and "−").
  useEffect(() => {
    const element = target.current;
    if (!map || !element) return;
    for (const [selector, id] of [
      ['.ol-zoom-in', 'map.zoomIn'],
      ['.ol-zoom-out', 'map.zoomOut'],
    ] as const) {
      const button = element.querySelector(selector);
      const name = intl.formatMessage({ id });
      button?.setAttribute('aria-label', name);
      button?.setAttribute('title', name);
    }
  }, [map, intl]);

  // The background: country borders, shared with the other maps of the page.
  useEffect(() => {
    if (!map) return;
    const source = new VectorSource();
    const layer = new VectorLayer({
      source,
      zIndex: 0,
      style: countryStyle(extentMapPalettes[scheme]),
    });
    map.addLayer(layer);
    let active = true;
    loadCountries().then(
      (countries) => {
        if (active) source.addFeatures(countries);
      },
      // Without the background the features still show where they are relative to each other.
      () => undefined,
    );
    return () => {
      active = false;
      map.removeLayer(layer);
      source.clear(true);
      layer.dispose();
    };
  }, [map, scheme]);

  // The file's features, and the view fitted to them once the map has a size.
  useEffect(() => {
    if (!map) return;
    const source = new VectorSource({ features });
    const layer = new VectorLayer({ source, zIndex: 1, style: featureStyle(scheme) });
    map.addLayer(layer);
    const extent = source.getExtent();
    const fit = () => {
      if (!extent || isEmpty(extent)) return;
      map.getView().fit(extent, { padding: [32, 24, 24, 40], maxZoom: 14 });
    };
    const size = map.getSize();
    let key: EventsKey | undefined;
    if (size?.[0] && size[1]) fit();
    else {
      key = map.on('change:size', () => {
        const next = map.getSize();
        if (!next?.[0] || !next[1]) return;
        if (key) unByKey(key);
        fit();
      });
    }
    return () => {
      if (key) unByKey(key);
      map.removeLayer(layer);
      // The memoised features outlive this layer when only the colours change.
      source.clear(true);
      layer.dispose();
    };
  }, [map, features, scheme]);

  return (
    <div className={mapClasses.frame} style={{ height }}>
      {/* biome-ignore lint/a11y/useSemanticElements: OpenLayers draws into this element; a
          focusable region gives its keyboard interactions (arrows, + and −) their key events. */}
      <div
        ref={target}
        className={mapClasses.target}
        role="region"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above; the map must take focus.
        tabIndex={0}
        data-testid="geojson-map"
      />
      <VisuallyHidden id={hintId}>{intl.formatMessage({ id: 'map.keyboardHint' })}</VisuallyHidden>
    </div>
  );
}
