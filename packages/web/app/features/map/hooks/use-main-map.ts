import Attribution from 'ol/control/Attribution';
import FullScreen from 'ol/control/FullScreen';
import ScaleLine from 'ol/control/ScaleLine';
import Zoom from 'ol/control/Zoom';
import ZoomToExtent from 'ol/control/ZoomToExtent';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import KeyboardPan from 'ol/interaction/KeyboardPan';
import KeyboardZoom from 'ol/interaction/KeyboardZoom';
import OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import View from 'ol/View';
import { type RefObject, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { whenSized } from '../../../components/map/when-sized';
import { exitFullScreenPaths, fullScreenPaths, homePaths, svgLabel } from '../components/icons';
import { bboxToExtent, boxFit, homeExtent, homeView, motionDuration } from '../model/view';

export interface MainMapOptions {
  /** The element OpenLayers draws into: the focusable map viewport. */
  targetRef: RefObject<HTMLDivElement | null>;
  /** The element full screen shows: the map with its tool bars. */
  fullScreenRef: RefObject<HTMLDivElement | null>;
  /**
   * The view the page address names, or the box of a "show on the map" link to fit, else the
   * home view.
   */
  initialView?: {
    center?: [number, number];
    zoom?: number;
    extent?: [number, number, number, number];
  };
}

/** Below the phone width of SPEC §9 (600 px) the attribution starts folded. */
const narrowScreen = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 600px)').matches === true;

/**
 * Creates the home page's map (once per mount): controls (zoom, home extent, full screen,
 * scale line, attribution), the default pointer interactions without rotation, and keyboard
 * pan and zoom that listen only while the map has focus (the viewport is the keyboard target).
 * Animations last 0 ms for people who asked for reduced motion.
 */
export function useMainMap({ targetRef, fullScreenRef, initialView }: MainMapOptions) {
  const intl = useIntl();
  const [map, setMap] = useState<OlMap | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once; the address is read again by the URL state hook.
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const duration = motionDuration();
    const view = new View({
      center: fromLonLat(initialView?.center ?? homeView.center),
      zoom: initialView?.zoom ?? homeView.zoom,
      enableRotation: false,
      maxZoom: 20,
    });
    // Built here, attached to the page in a task of its own (below): together they were one
    // task of 45 ms on a 2-core server (180 ms on a phone), half of it the layout that
    // attaching forces to learn the map's size.
    const instance = new OlMap({
      view,
      // The viewport element itself takes the keys, so arrows and +/- act only when the map
      // has focus; Tab moves on as usual.
      keyboardEventTarget: target,
      controls: [
        new Zoom({ duration, zoomOutLabel: '−' }),
        new ZoomToExtent({ extent: homeExtent(), label: svgLabel(homePaths) }),
        new FullScreen({
          source: fullScreenRef.current ?? undefined,
          label: svgLabel(fullScreenPaths),
          labelActive: svgLabel(exitFullScreenPaths),
        }),
        new ScaleLine({ units: 'metric' }),
        // Open on wide screens, where credit fits beside the scale; a button on phones.
        new Attribution({ collapsible: true, collapsed: narrowScreen() }),
      ],
      interactions: defaultInteractions({
        altShiftDragRotate: false,
        pinchRotate: false,
        keyboard: false,
        zoomDuration: duration,
      }).extend([new KeyboardPan({ duration }), new KeyboardZoom({ duration })]),
    });
    // Without a view in the address, its box or else Germany fills the map whatever its size.
    const box = initialView?.extent;
    const unsized =
      initialView?.center === undefined
        ? whenSized(instance, () =>
            box
              ? view.fit(bboxToExtent(box), { ...boxFit, duration: 0 })
              : view.fit(homeExtent(), { duration: 0 }),
          )
        : () => undefined;
    const attaching = setTimeout(() => instance.setTarget(target), 0);
    setMap(instance);
    return () => {
      clearTimeout(attaching);
      unsized();
      instance.setTarget(undefined);
      instance.dispose();
      setMap(null);
    };
  }, []);

  // Translated names of OpenLayers' own buttons.
  useEffect(() => {
    const viewport = map?.getViewport();
    if (!viewport) return;
    const names = [
      ['.ol-zoom-in', 'map.zoomIn'],
      ['.ol-zoom-out', 'map.zoomOut'],
      ['.ol-zoom-extent button', 'map.homeExtent'],
      ['.ol-full-screen button', 'map.fullScreen'],
      ['.ol-attribution button', 'map.attribution'],
    ] as const;
    // The controls live in the map's viewport, also before it is attached to the page.
    for (const [selector, id] of names) {
      for (const button of viewport.querySelectorAll(selector)) {
        const name = intl.formatMessage({ id });
        button.setAttribute('aria-label', name);
        button.setAttribute('title', name);
      }
    }
  }, [map, intl]);

  return map;
}
