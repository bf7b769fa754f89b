import 'ol/ol.css';
import { Box, Button, Tabs, useComputedColorScheme } from '@mantine/core';
import { unByKey } from 'ol/Observable';
import { fromLonLat, toLonLat } from 'ol/proj';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRouteLoaderData } from 'react-router';
import { basemapPalettes } from '../../../components/map/basemap-style';
import { MapIntro } from '../../../components/map/map-placeholder';
import { useToast } from '../../../lib/use-toast';
import { useFeatureInfo } from '../hooks/use-feature-info';
import { useFocusBox } from '../hooks/use-focus-box';
import { useFootprints } from '../hooks/use-footprints';
import { useMainMap } from '../hooks/use-main-map';
import { useMapUrl } from '../hooks/use-map-url';
import { useOfflineBasemap } from '../hooks/use-offline-basemap';
import { useOperatorBasemaps } from '../hooks/use-operator-basemaps';
import { useUserLayers } from '../hooks/use-user-layers';
import { viewForBox } from '../model/box-view';
import { layerListReducer, type MapLayer } from '../model/layer-list';
import { type ServiceProblem, serviceHost, serviceProblemMessage } from '../model/service-problem';
import { defaultBasemap, type MapUrlState, roundView } from '../model/url-state';
import { motionDuration } from '../model/view';
import { BasemapSwitcher } from './basemap-switcher';
import { FeatureInfoPanel } from './feature-info-panel';
import { FootprintPopup } from './footprint-popup';
import { FootprintResults } from './footprint-results';
import { FootprintSearch } from './footprint-search';
import { LayersPanel } from './layers-panel';
import { MapStatus } from './map-status';
import { MapTools } from './map-tools';
import classes from './map-view.module.css';
import { MapViewport } from './map-viewport';
import { PlaceSearch } from './place-search';

type SidePanel = 'results' | 'layers' | 'info';

/** Milliseconds after the map stops moving before the address is updated. */
const URL_DEBOUNCE_MS = 400;

/**
 * The home page's map viewer (browser only, its own chunk): the map with the offline or an
 * operator's basemap, the catalogue's footprints, added layers and tools, and beside it (below
 * on narrow screens) the results list, the layer panel and feature info — the non-map
 * equivalents. Its state lives in the page address, so a view can be shared and back/forward
 * work.
 */
export default function MapView() {
  const intl = useIntl();
  const toast = useToast();
  const root = useRouteLoaderData<{ config?: { apiBase?: string } }>('root');
  const apiBase = root?.config?.apiBase ?? '/api/v1';
  const scheme = useComputedColorScheme('light');
  const targetRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  const applyExternal = useRef<(state: MapUrlState) => void>(() => undefined);
  const { initial, write } = useMapUrl((state) => applyExternal.current(state));
  const [layers, dispatch] = useReducer(layerListReducer, initial.layers);
  const [basemap, setBasemap] = useState(initial.basemap ?? defaultBasemap);
  const [query, setQuery] = useState(initial.query);
  const [panel, setPanel] = useState<SidePanel>('results');
  const [pendingService, setPendingService] = useState(initial.service);
  // The box of a "show on the main map" link, outlined until the address names another.
  const [focusBox, setFocusBox] = useState(initial.extent);

  const map = useMainMap({ targetRef, fullScreenRef: frameRef, initialView: initial });
  const operatorBasemaps = useOperatorBasemaps(map, basemap, apiBase);
  useOfflineBasemap(map, {
    visible: basemap === defaultBasemap || !operatorBasemaps.some((b) => b.id === basemap),
    palette: basemapPalettes[scheme],
    language: intl.locale,
    apiBase,
  });
  // Why layers failed, shown at the layer in the panel until it is removed.
  const [problems, setProblems] = useState<ReadonlyMap<string, ServiceProblem>>(() => new Map());
  useUserLayers(map, layers, apiBase, {
    onError: (layer, problem) => {
      setProblems((current) => new Map(current).set(layer.id, problem));
      const host = serviceHost(layer.url);
      toast.error(
        `${intl.formatMessage({ id: 'map.layers.loadFailed' }, { title: layer.title })} ${intl.formatMessage({ id: serviceProblemMessage[problem] }, { host })}`,
      );
    },
  });
  const footprints = useFootprints(map, { query, scheme, apiBase });
  useFocusBox(map, focusBox, scheme);
  const featureInfo = useFeatureInfo(map, {
    layers,
    apiBase,
    // A click on a footprint opens its popup instead.
    skip: (pixel) => footprints.hitsAt(pixel).length > 0,
  });
  useEffect(() => {
    if (featureInfo.results.length > 0 || featureInfo.loading) setPanel('info');
  }, [featureInfo.results, featureInfo.loading]);

  // The pending address update, and whether the next settling of the map comes from the
  // address itself (then it must not write the address again).
  const writeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settlingFromUrl = useRef(false);
  // When the visitor last did something with the map (pointer, key, wheel); 0: never.
  const touchedAt = useRef(0);

  // Back, forward or a link changed the address: show what it says. A write still pending
  // from before would push the old view on top of it, so it is dropped.
  applyExternal.current = (state) => {
    clearTimeout(writeTimer.current);
    dispatch({ type: 'replaceFromUrl', layers: state.layers });
    setBasemap(state.basemap ?? defaultBasemap);
    setQuery(state.query);
    setFocusBox(state.extent);
    if (state.service) setPendingService(state.service);
    const view = map?.getView();
    const center = view?.getCenter();
    const now =
      center &&
      roundView({ center: toLonLat(center) as [number, number], zoom: view?.getZoom() ?? 0 });
    // The address's view, or the view that fits the box of a "show on the map" link.
    const wanted =
      state.center !== undefined && state.zoom !== undefined
        ? { center: state.center, zoom: state.zoom }
        : state.extent && map
          ? viewForBox(map, state.extent)
          : undefined;
    const moves =
      wanted !== undefined &&
      (now?.zoom !== wanted.zoom ||
        now.center[0] !== wanted.center[0] ||
        now.center[1] !== wanted.center[1]);
    if (view && wanted && moves) {
      settlingFromUrl.current = true;
      const target = { center: fromLonLat(wanted.center), zoom: wanted.zoom };
      const startedAt = performance.now();
      view.animate({ ...target, duration: motionDuration() }, (complete) => {
        // Cut short by something other than the visitor (a view update while the page
        // settles): the map must still end where the address says, not half way.
        if (complete || touchedAt.current > startedAt) return;
        settlingFromUrl.current = true;
        view.setCenter(target.center);
        view.setZoom(target.zoom);
      });
    }
  };

  // The address follows the map once the visitor has done something with it: the map
  // settling into its first view (fitted, resized as the page lays out) writes nothing, so
  // an untouched home page keeps its plain address.
  const viewerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const touch = () => {
      touchedAt.current = performance.now();
    };
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const type of events) viewer.addEventListener(type, touch, { capture: true });
    return () => {
      for (const type of events) viewer.removeEventListener(type, touch, { capture: true });
    };
  }, []);
  const latest = useRef({ layers, basemap, query });
  latest.current = { layers, basemap, query };
  const writeNow = useCallback(() => {
    const view = map?.getView();
    const center = view?.getCenter();
    const zoom = view?.getZoom();
    if (!center || zoom === undefined) return;
    const [lon, lat] = toLonLat(center) as [number, number];
    write({ view: { center: [lon, lat], zoom }, ...latest.current });
  }, [map, write]);

  useEffect(() => {
    if (!map) return;
    const key = map.on('moveend', () => {
      if (settlingFromUrl.current) {
        settlingFromUrl.current = false;
        return;
      }
      const hasView = new URLSearchParams(window.location.search).has('c');
      if (touchedAt.current === 0 && !hasView) return;
      clearTimeout(writeTimer.current);
      writeTimer.current = setTimeout(writeNow, URL_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(writeTimer.current);
      unByKey(key);
    };
  }, [map, writeNow]);

  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: written when these change.
  useEffect(() => {
    // While the map moves to a view the address named, it holds what the address says.
    if (!mounted.current || settlingFromUrl.current) {
      mounted.current = true;
      return;
    }
    writeNow();
  }, [layers, basemap, query]);

  const addLayer = useCallback((layer: MapLayer) => {
    // Added anew: tried anew.
    setProblems((current) => {
      if (!current.has(layer.id)) return current;
      const next = new Map(current);
      next.delete(layer.id);
      return next;
    });
    dispatch({ type: 'add', layer });
    setPanel('layers');
  }, []);

  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsId = useId();

  return (
    <div className={classes.viewer} ref={viewerRef}>
      <div className={classes.mapColumn} ref={frameRef}>
        <div className={classes.toolbar}>
          <FootprintSearch query={query} onSearch={setQuery} />
          <PlaceSearch map={map} apiBase={apiBase} />
          {/* On a phone the basemap and the tools fold away, so the map keeps the screen. */}
          <Button
            hiddenFrom="sm"
            variant="default"
            aria-expanded={toolsOpen}
            aria-controls={toolsId}
            onClick={() => setToolsOpen((open) => !open)}
          >
            {intl.formatMessage({ id: toolsOpen ? 'map.tools.hide' : 'map.tools.show' })}
          </Button>
          <Box id={toolsId} className={classes.tools} visibleFrom={toolsOpen ? undefined : 'sm'}>
            <BasemapSwitcher value={basemap} onChange={setBasemap} basemaps={operatorBasemaps} />
            <MapTools map={map} />
          </Box>
        </div>
        <MapViewport targetRef={targetRef}>
          <FootprintPopup
            map={map}
            footprints={footprints}
            onAddService={(service) => {
              addLayer(service);
            }}
            onPickService={(service) => {
              setPendingService(service);
              setPanel('layers');
            }}
          />
        </MapViewport>
        <MapStatus map={map} />
      </div>
      <Tabs
        className={classes.side}
        value={panel}
        onChange={(value) => setPanel((value as SidePanel | null) ?? 'results')}
        keepMounted
      >
        <Tabs.List grow>
          <Tabs.Tab value="results">{intl.formatMessage({ id: 'map.panel.results' })}</Tabs.Tab>
          <Tabs.Tab value="layers">
            {intl.formatMessage({ id: 'map.panel.layers' }, { count: layers.length })}
          </Tabs.Tab>
          <Tabs.Tab value="info">{intl.formatMessage({ id: 'map.panel.info' })}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="results" className={classes.panel}>
          <MapIntro className={classes.intro} />
          <FootprintResults
            footprints={footprints}
            onAddService={addLayer}
            onPickService={(service) => {
              setPendingService(service);
              setPanel('layers');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="layers" className={classes.panel}>
          <LayersPanel
            layers={layers}
            dispatch={dispatch}
            apiBase={apiBase}
            map={map}
            pendingService={pendingService}
            onPendingDone={() => setPendingService(undefined)}
            problems={problems}
          />
        </Tabs.Panel>
        <Tabs.Panel value="info" className={classes.panel}>
          <FeatureInfoPanel info={featureInfo} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
