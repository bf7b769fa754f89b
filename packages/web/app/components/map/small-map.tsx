import 'ol/ol.css';
import { useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import Zoom from 'ol/control/Zoom';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import KeyboardPan from 'ol/interaction/KeyboardPan';
import KeyboardZoom from 'ol/interaction/KeyboardZoom';
import VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import VectorSource from 'ol/source/Vector';
import View from 'ol/View';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { countryStyle, type ExtentMapPalette, extentMapPalettes } from './extent-map-style';
import classes from './small-map.module.css';
import { loadCountries } from './world-countries';

/**
 * The base of the page's small maps (the extent map, the GeoJSON viewer): an OpenLayers map
 * over the offline country borders, panned with the arrow keys and zoomed with + and − once
 * focused, with translated zoom buttons, colours of the page's colour scheme and no animation
 * for people who asked for less motion. Browser only; each map adds its own layers to `map`.
 */

/** Milliseconds of zoom and pan animations; none for people who asked for less motion. */
export const motionDuration = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : 250;

export interface SmallMap {
  /** The map, once it exists (after the first effect); null before and after. */
  map: OlMap | null;
  /** Goes on the element OpenLayers draws into (`SmallMapFrame` takes it). */
  targetRef: RefObject<HTMLDivElement | null>;
  /** The colours of the current colour scheme, for the map's own layers. */
  palette: ExtentMapPalette;
}

/** Creates the map with its controls, keyboard interactions and country-border background. */
export function useSmallMap(): SmallMap {
  const intl = useIntl();
  const scheme = useComputedColorScheme('light');
  const palette = extentMapPalettes[scheme];
  const targetRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);

  // The map itself, once per mount.
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const duration = motionDuration();
    const instance = new OlMap({
      target,
      view: new View({ center: [0, 0], zoom: 2, enableRotation: false }),
      controls: [new Zoom({ duration, zoomOutLabel: '−' })],
      interactions: defaultInteractions({
        altShiftDragRotate: false,
        pinchRotate: false,
        keyboard: false,
        // A small map inside a long page must not capture the wheel or a swipe that is meant
        // to scroll the page; clicking (which focuses it) or tabbing in enables both.
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
    const target = targetRef.current;
    if (!map || !target) return;
    const names = [
      ['.ol-zoom-in', intl.formatMessage({ id: 'map.zoomIn' })],
      ['.ol-zoom-out', intl.formatMessage({ id: 'map.zoomOut' })],
    ] as const;
    for (const [selector, name] of names) {
      const button = target.querySelector(selector);
      button?.setAttribute('aria-label', name);
      button?.setAttribute('title', name);
    }
  }, [map, intl]);

  // The background: country borders, loaded once per page and shared by every map.
  const [countries, setCountries] = useState<VectorLayer | null>(null);
  useEffect(() => {
    if (!map) return;
    const source = new VectorSource();
    const layer = new VectorLayer({ source, zIndex: 0 });
    map.addLayer(layer);
    setCountries(layer);
    let active = true;
    loadCountries().then(
      (features) => {
        if (active) source.addFeatures(features);
      },
      // Without the background the map's own features still mean something.
      () => undefined,
    );
    return () => {
      active = false;
      map.removeLayer(layer);
      // The features are shared with other maps: drop this source's listeners on them, or
      // they would keep the source alive.
      source.clear(true);
      layer.dispose();
      setCountries(null);
    };
  }, [map]);

  // Restyled rather than recreated when the colour scheme changes, so the borders stay put.
  useEffect(() => {
    countries?.setStyle(countryStyle(palette));
  }, [countries, palette]);

  return { map, targetRef, palette };
}

/**
 * Runs `callback` as soon as the map has a size: at once when it is laid out, else (not laid
 * out yet, or in a hidden section) on the first change to a real size. Returns the cleanup.
 */
export function whenSized(map: OlMap, callback: () => void): () => void {
  const hasSize = () => {
    const size = map.getSize();
    return size !== undefined && size[0] !== 0 && size[1] !== 0;
  };
  if (hasSize()) {
    callback();
    return () => undefined;
  }
  const key = map.on('change:size', () => {
    if (!hasSize()) return;
    unByKey(key);
    callback();
  });
  return () => unByKey(key);
}

export interface SmallMapFrameProps {
  /** From `useSmallMap`. */
  targetRef: RefObject<HTMLDivElement | null>;
  /** Accessible name of the map region. */
  label: string;
  /** Extra text after the keyboard hint (e.g. how to edit), read as the region's description. */
  hint?: string;
  /** Height in CSS pixels. */
  height: number;
  /** `data-testid` of the region. */
  testId?: string;
}

/**
 * The map's frame and the focusable, named region OpenLayers draws into, described by the
 * keyboard hint (arrows pan, + and − zoom, Tab leaves).
 */
export function SmallMapFrame({ targetRef, label, hint, height, testId }: SmallMapFrameProps) {
  const intl = useIntl();
  const hintId = useId();
  const description = [intl.formatMessage({ id: 'map.keyboardHint' }), hint ?? ''].join(' ').trim();
  return (
    <div className={classes.frame} style={{ height }}>
      {/* biome-ignore lint/a11y/useSemanticElements: OpenLayers draws into this element; a
          focusable region gives its keyboard interactions (arrows, + and −) their key events. */}
      <div
        ref={targetRef}
        className={classes.target}
        role="region"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above; the map must take focus.
        tabIndex={0}
        data-testid={testId}
      />
      <VisuallyHidden id={hintId}>{description}</VisuallyHidden>
    </div>
  );
}
