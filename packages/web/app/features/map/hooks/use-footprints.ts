import type { FootprintFeature, SpatialSearchResponse } from '@geoportal/contract/search';
import {
  buffer,
  containsExtent,
  type Extent,
  getArea,
  getHeight,
  getWidth,
  intersects,
} from 'ol/extent';
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import type { Pixel } from 'ol/pixel';
import VectorSource from 'ol/source/Vector';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { searchFootprints } from '../api/search-footprints';
import { type FootprintScheme, footprintStyle, highlightStyle } from '../model/footprint-style';
import { boxFit, extentToBbox, motionDuration } from '../model/view';

/** Milliseconds after the map stops before the footprints of the new extent are asked for. */
const FETCH_DEBOUNCE_MS = 250;

/** A footprint's area in map units, for the drawing order. */
const areaOf = (feature: { getGeometry: () => { getExtent: () => Extent } | undefined }) => {
  const geometry = feature.getGeometry();
  return geometry ? getArea(geometry.getExtent()) : 0;
};

/** What was loaded last: the box asked for (map coordinates), at which zoom, and the answer. */
interface LoadedArea {
  extent: Extent;
  zoom: number;
  /** Whether the answer holds every match (not cut at the page size). */
  complete: boolean;
  answer: SpatialSearchResponse;
  /** Each footprint's extent in map coordinates. */
  extents: Map<string, Extent>;
}

/** The popup: the footprints under a click and where it was. */
export interface FootprintSelection {
  ids: string[];
  coordinate: number[];
}

export interface Footprints {
  /** The footprints that meet the current extent, in the server's order. */
  items: FootprintFeature[];
  /** How many records match in the extent (may exceed the items). */
  numberMatched: number;
  /** Whether an answer has come: before it, there is no count to tell. */
  counted: boolean;
  loading: boolean;
  failed: boolean;
  /** The footprint highlighted on the map and in the list. */
  highlighted: string | null;
  highlight: (id: string | null) => void;
  selection: FootprintSelection | null;
  select: (selection: FootprintSelection | null) => void;
  /** Ids of the footprints at a pixel, smallest first. */
  hitsAt: (pixel: Pixel) => string[];
  /** Fits the map to a footprint and opens its popup. */
  show: (id: string) => void;
  item: (id: string) => FootprintFeature | undefined;
}

/**
 * The catalogue's footprints on the map (DESIGN §4 spatial search): asked for the current
 * extent and zoom after the map stops moving, drawn as one image layer (smooth with 10,000),
 * highlighted on hover (on the map or in the list) and selected by a click.
 */
export function useFootprints(
  map: OlMap | null,
  options: { query: string; scheme: FootprintScheme; apiBase: string },
): Footprints {
  const { client } = useAccess();
  const { query, scheme } = options;
  const [items, setItems] = useState<FootprintFeature[]>([]);
  const [numberMatched, setNumberMatched] = useState(0);
  const [counted, setCounted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [selection, setSelection] = useState<FootprintSelection | null>(null);
  // Every loaded footprint by id (the margin around the view included), for the popup.
  const [all, setAll] = useState<Map<string, FootprintFeature>>(() => new Map());
  // How many footprints are drawn: their fill fades as more overlap (footprint-style.ts).
  const [drawn, setDrawn] = useState(0);

  const layers = useMemo(() => {
    const source = new VectorSource();
    const highlightSource = new VectorSource();
    return {
      source,
      highlightSource,
      footprints: new VectorImageLayer({
        source,
        zIndex: 1000,
        // Drawn larger than the view, so a pan shows drawn footprints, not a blank margin.
        imageRatio: 2,
        // Large footprints first (behind), small ones over them: a city's record stays
        // visible and clickable in front of the Germany-wide ones.
        renderOrder: (a, b) => areaOf(b) - areaOf(a),
        properties: { footprints: true },
      }),
      highlight: new VectorLayer({ source: highlightSource, zIndex: 1001 }),
    };
  }, []);

  useEffect(() => {
    layers.footprints.setStyle(footprintStyle(scheme, drawn));
    layers.highlight.setStyle(highlightStyle(scheme));
  }, [layers, scheme, drawn]);

  useEffect(() => {
    if (!map) return;
    map.addLayer(layers.footprints);
    map.addLayer(layers.highlight);
    return () => {
      map.removeLayer(layers.footprints);
      map.removeLayer(layers.highlight);
    };
  }, [map, layers]);

  // Load for the extent and zoom once the map rests, and again when the query changes.
  useEffect(() => {
    if (!map) return;
    const format = new GeoJSON({ featureProjection: 'EPSG:3857' });
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let loaded: LoadedArea | undefined;

    /** The entries of the list: the loaded footprints that meet the view. */
    const showInView = (area: LoadedArea, view: Extent) => {
      const inView = area.answer.features.filter((item) => {
        const extent = area.extents.get(item.id);
        return extent !== undefined && intersects(extent, view);
      });
      setItems(inView);
      // A complete answer counts exactly; otherwise the server's count (of the wider box).
      setNumberMatched(area.complete ? inView.length : area.answer.numberMatched);
      setCounted(true);
    };

    const load = () => {
      const view = map.getView().calculateExtent(map.getSize());
      const zoom = Math.round(map.getView().getZoom() ?? 0);
      // Inside what is loaded, at no finer zoom: nothing new to ask for.
      if (loaded?.complete && zoom <= loaded.zoom && containsExtent(loaded.extent, view)) {
        const area = loaded;
        startTransition(() => showInView(area, view));
        return;
      }
      // A margin around the view, so that the next small pan needs no request.
      const margin = Math.max(getWidth(view), getHeight(view)) * 0.5;
      const wanted = buffer(view, margin);
      controller?.abort();
      const current = new AbortController();
      controller = current;
      // The list and the whole viewer render again for each of these state changes: as
      // transitions they render in short slices, not in one task that blocks the page.
      startTransition(() => setLoading(true));
      searchFootprints(client, { query, bbox: extentToBbox(wanted), zoom, signal: current.signal })
        .then((answer) => {
          if (current.signal.aborted) return;
          const features = format.readFeatures(answer) as Feature[];
          const extents = new Map<string, Extent>();
          for (const feature of features) {
            const extent = feature.getGeometry()?.getExtent();
            if (extent) extents.set(String(feature.getId()), extent);
          }
          layers.source.clear(true);
          layers.source.addFeatures(features);
          const area: LoadedArea = {
            extent: wanted,
            zoom,
            complete: answer.numberReturned >= answer.numberMatched,
            answer,
            extents,
          };
          loaded = area;
          startTransition(() => {
            setDrawn(features.length);
            setAll(new Map(answer.features.map((item) => [item.id, item])));
            showInView(area, view);
            setFailed(false);
            setLoading(false);
          });
        })
        .catch(() => {
          if (current.signal.aborted) return;
          startTransition(() => {
            setFailed(true);
            setLoading(false);
          });
        });
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(load, FETCH_DEBOUNCE_MS);
    };
    const key = map.on('moveend', schedule);
    if (map.getSize()) schedule();
    return () => {
      clearTimeout(timer);
      controller?.abort();
      unByKey(key);
    };
  }, [map, client, query, layers]);

  // The highlighted footprint drawn on top, again when new footprints arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: items replace the source's features.
  useEffect(() => {
    layers.highlightSource.clear(true);
    if (!highlighted) return;
    const feature = layers.source.getFeatureById(highlighted);
    if (feature) layers.highlightSource.addFeature(feature.clone());
  }, [layers, highlighted, items]);

  const hitsAt = useCallback(
    (pixel: Pixel): string[] => {
      if (!map) return [];
      const hits = new Map<string, number>();
      map.forEachFeatureAtPixel(
        pixel,
        (feature) => {
          const id = feature.getId();
          const extent = feature.getGeometry()?.getExtent();
          if (id === undefined || !extent) return;
          hits.set(String(id), getArea(extent));
        },
        { layerFilter: (layer) => layer === layers.footprints, hitTolerance: 2 },
      );
      // The smallest footprint first: where footprints pile up, it is the most specific.
      return [...hits].sort((a, b) => a[1] - b[1]).map(([id]) => id);
    },
    [map, layers],
  );

  // Hover on the map highlights (once per frame); a click opens the popup.
  useEffect(() => {
    if (!map) return;
    let frame = 0;
    const move = map.on('pointermove', (event) => {
      if (event.dragging) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const [first] = hitsAt(event.pixel);
        setHighlighted(first ?? null);
        const target = map.getTargetElement();
        if (target) target.style.cursor = first ? 'pointer' : '';
      });
    });
    const click = map.on('singleclick', (event) => {
      const ids = hitsAt(event.pixel);
      setSelection(ids.length > 0 ? { ids, coordinate: event.coordinate } : null);
    });
    return () => {
      cancelAnimationFrame(frame);
      unByKey([move, click]);
    };
  }, [map, hitsAt]);

  const show = useCallback(
    (id: string) => {
      const feature = layers.source.getFeatureById(id);
      const geometry = feature?.getGeometry();
      if (!map || !geometry) return;
      const [west = 0, south = 0, east = 0, north = 0]: Extent = geometry.getExtent();
      const extent = [west, south, east, north];
      map.getView().fit(extent, { ...boxFit, duration: motionDuration() });
      const center = [(west + east) / 2, (south + north) / 2];
      setSelection({ ids: [id], coordinate: center });
      setHighlighted(id);
    },
    [map, layers],
  );

  return {
    items,
    numberMatched,
    counted,
    loading,
    failed,
    highlighted,
    highlight: setHighlighted,
    selection,
    select: setSelection,
    hitsAt,
    show,
    item: useCallback((id: string) => all.get(id), [all]),
  };
}
