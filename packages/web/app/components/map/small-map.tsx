import 'ol/ol.css';
import { useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import Zoom from 'ol/control/Zoom';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import KeyboardPan from 'ol/interaction/KeyboardPan';
import KeyboardZoom from 'ol/interaction/KeyboardZoom';
import type Layer from 'ol/layer/Layer';
import type VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import View from 'ol/View';
import { type RefObject, useContext, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { AccessContext } from '../../lib/auth/access';
import { basemapPalettes } from './basemap-style';
import { type BasemapTiles, basemapTiles, disposeLayer } from './basemap-tiles';
import { countryStyle, type ExtentMapPalette, extentMapPalettes } from './extent-map-style';
import classes from './small-map.module.css';
import { bundledCountriesLayer } from './world-countries';

/**
 * The base of the page's small maps (the extent map, the search map, the GeoJSON viewer): an
 * OpenLayers map over the offline basemap's vector tiles (countries; from zoom 4 also states,
 * water and places), panned with the arrow keys and zoomed with + and − once focused, with
 * translated zoom buttons, colours of the page's colour scheme and no animation for people who
 * asked for less motion. Browser only; each map adds its own layers to `map`.
 */

/** Milliseconds of zoom and pan animations; none for people who asked for less motion. */
export const motionDuration = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : 250;

/** The small map's background: the basemap's tiles, and the bundled borders if they fail. */
interface Background {
  tiles: BasemapTiles;
  bundled?: VectorLayer;
}

export interface SmallMap {
  /** The map, once it exists (after the first effect); null before and after. */
  map: OlMap | null;
  /** Goes on the element OpenLayers draws into (`SmallMapFrame` takes it). */
  targetRef: RefObject<HTMLDivElement | null>;
  /** The colours of the current colour scheme, for the map's own layers. */
  palette: ExtentMapPalette;
}

/** Creates the map with its controls, keyboard interactions and offline basemap background. */
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
      // Germany until the map fits its own content: the first frame then needs only the
      // borders of Europe, not those of the whole world as well.
      view: new View({ center: fromLonLat([10.45, 51.16]), zoom: 5, enableRotation: false }),
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

  // The background: the geo service's offline basemap as vector tiles, as on the main map,
  // so a small map fetches and parses only the few tiles it shows (a whole layer of Europe's
  // countries was 170 KB, parsed and drawn in one task while the page started). The tiles
  // are public and cached by the browser for every map. When a tile cannot be loaded (no geo
  // service), the country borders bundled with the app are drawn beneath, so a small map never
  // loses its background.
  const access = useContext(AccessContext);
  const apiBase = access?.apiBase ?? '/api/v1';
  const [background, setBackground] = useState<Background | null>(null);
  useEffect(() => {
    if (!map) return;
    const tiles = basemapTiles(apiBase, { zIndex: 0 });
    const layers: Layer[] = [tiles.layer];
    map.addLayer(tiles.layer);
    setBackground({ tiles });
    tiles.onceTileLoadError(() => {
      const bundled = bundledCountriesLayer({ zIndex: -1 });
      layers.push(bundled);
      map.addLayer(bundled);
      setBackground({ tiles, bundled });
    });
    return () => {
      for (const layer of layers) {
        map.removeLayer(layer);
        disposeLayer(layer);
      }
      setBackground(null);
    };
  }, [map, apiBase]);

  // Restyled rather than recreated when the colour scheme or language changes, so the
  // background stays put.
  const language = intl.locale;
  useEffect(() => {
    if (!background) return;
    background.tiles.restyle(basemapPalettes[scheme], language);
    background.bundled?.setStyle(countryStyle(palette));
  }, [background, palette, scheme, language]);

  return { map, targetRef, palette };
}

export { whenSized } from './when-sized';

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
