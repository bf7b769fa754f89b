/// <reference lib="webworker" />

import MVT from 'ol/format/MVT';
import { inView } from 'ol/layer/Layer';
import VectorTileLayer from 'ol/layer/VectorTile';
import type { FrameState } from 'ol/Map';
import { get as getProjection } from 'ol/proj';
import VectorTileSource from 'ol/source/VectorTile';
import TileQueue, { getTilePriority } from 'ol/TileQueue';
import { createXYZ } from 'ol/tilegrid';
import { basemapTileStyle } from './basemap-style';
import type { BasemapFrame, FromBasemapWorker, ToBasemapWorker } from './basemap-worker-messages';

/**
 * Fetches, parses and draws the offline basemap's vector tiles off the page's main thread
 * (OpenLayers' offscreen-canvas way): the page sends the view of each frame it wants, this
 * worker draws the tiles and their decluttered labels with OpenLayers on an OffscreenCanvas
 * and sends the picture back (basemap-worker-layer.ts). Building a tile's drawing
 * instructions and labelling took 150–300 ms per frame at Lighthouse's 4× slowdown on the
 * main thread, where it held up every tap and the page's own work.
 */

const worker = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromBasemapWorker, transfer: Transferable[] = []) =>
  worker.postMessage(message, transfer);

/** At most this many tiles load at once (OpenLayers' map default). */
const MAX_TILES_LOADING = 16;

let layer: VectorTileLayer | undefined;
let frameState: FrameState | undefined;

const tileQueue = new TileQueue(
  (tile, sourceKey, center, resolution) =>
    getTilePriority(frameState as FrameState, tile, sourceKey, center, resolution),
  () => post({ type: 'changed' }),
);

function start(tileUrl: string, maxZoom: number): void {
  const source = new VectorTileSource({
    format: new MVT(),
    url: tileUrl,
    tileGrid: createXYZ({ maxZoom, tileSize: 256 }),
    // The page shows each frame as it comes; a fade-in would ask for a frame after frame.
    transition: 0,
  });
  source.on('tileloaderror', () => post({ type: 'tileloaderror' }));
  // Nothing is drawn until the page sends the style (its colour scheme and language).
  // Country and place names must not overlap; larger places win (see basemapStyle).
  layer = new VectorTileLayer({ source, declutter: true, style: null });
  layer.on('change', () => post({ type: 'changed' }));
}

/** Draws `frame` as the page's map would draw the layer, and sends the picture. */
function render(frame: BasemapFrame): void {
  if (!layer) return;
  const projection = getProjection('EPSG:3857');
  if (!projection) return;
  const layerState = layer.getLayerState();
  const state = {
    ...frame,
    animate: false,
    declutter: {},
    layerIndex: 0,
    layerStatesArray: [layerState],
    postRenderFunctions: [],
    tileQueue,
    time: Date.now(),
    usedTiles: {},
    wantedTiles: {},
    mapId: 'basemap',
    renderTargets: {},
    viewState: { ...frame.viewState, projection },
  } as unknown as FrameState;
  frameState = state;
  const viewState = { ...frame.viewState };
  const container = inView(layerState, state.viewState)
    ? (layer.render(state, null as unknown as HTMLElement) as unknown as DrawnLayer | null)
    : null;
  if (container) {
    layer.renderDeclutter(state, layerState);
    layer.renderDeferred(state);
  }
  for (const postRender of state.postRenderFunctions) postRender(null as never, state);
  if (tileQueue.getTilesLoading() < MAX_TILES_LOADING) {
    tileQueue.reprioritize();
    tileQueue.loadMoreTiles(MAX_TILES_LOADING, MAX_TILES_LOADING);
  }
  // Every request is answered, with no picture where nothing was drawn, so the page knows
  // the worker is free for the next frame.
  const canvas = container?.firstElementChild;
  const image =
    canvas && canvas.width > 0 && canvas.height > 0 ? canvas.transferToImageBitmap() : null;
  const transform = canvas?.style.transform ?? '';
  post({ type: 'rendered', index: frame.index, image, transform, viewState }, image ? [image] : []);
  if (state.animate) post({ type: 'changed' });
}

/** What OpenLayers' layer renderer answers in a worker: a stand-in element with the canvas. */
interface DrawnLayer {
  firstElementChild: (OffscreenCanvas & { style: { transform: string } }) | null;
}

worker.onmessage = ({ data }: MessageEvent<ToBasemapWorker>) => {
  switch (data.type) {
    case 'start':
      start(data.tileUrl, data.maxZoom);
      break;
    case 'style':
      layer?.setStyle(basemapTileStyle(data.palette, data.language));
      break;
    case 'render':
      render(data.frame);
      break;
  }
};
