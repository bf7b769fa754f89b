import { getCenter } from 'ol/extent';
import type OlMap from 'ol/Map';
import { toLonLat } from 'ol/proj';
import { type MapView, roundView } from './url-state';
import { bboxToExtent, boxFit } from './view';

/**
 * The view (centre and zoom, rounded as the address writes them) in which `map` shows a box
 * of west, south, east, north degrees as `view.fit` with `boxFit` would: centred, with its
 * margin, no closer than `boxFit.maxZoom`. Undefined while the map has no size.
 */
export function viewForBox(
  map: OlMap,
  bbox: readonly [number, number, number, number],
): MapView | undefined {
  const [mapWidth = 0, mapHeight = 0] = map.getSize() ?? [];
  const [top, right, bottom, left] = boxFit.padding as [number, number, number, number];
  const width = mapWidth - left - right;
  const height = mapHeight - top - bottom;
  if (width <= 0 || height <= 0) return undefined;
  const extent = bboxToExtent(bbox);
  const view = map.getView();
  const zoom = view.getZoomForResolution(view.getResolutionForExtent(extent, [width, height]));
  return roundView({
    center: toLonLat(getCenter(extent)) as [number, number],
    zoom: Math.min(boxFit.maxZoom, zoom ?? boxFit.maxZoom),
  });
}
