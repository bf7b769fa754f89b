import type { BasemapPalette } from './basemap-style';

/**
 * The messages between a page's basemap layer (basemap-worker-layer.ts) and the worker that
 * fetches, parses and draws its vector tiles (basemap.worker.ts). Only plain data crosses:
 * the style is named by its palette and language, and each side builds its own objects.
 */

/** What the worker needs of the map's view to draw one frame. */
export interface BasemapFrame {
  /** Counts the frames asked for, so an answer can be matched to its request. */
  index: number;
  size: [number, number];
  pixelRatio: number;
  extent: number[];
  viewState: { center: number[]; resolution: number; rotation: number; zoom: number };
  viewHints: number[];
  coordinateToPixelTransform: number[];
  pixelToCoordinateTransform: number[];
}

export type ToBasemapWorker =
  | { type: 'start'; tileUrl: string; maxZoom: number }
  | { type: 'style'; palette: BasemapPalette; language: string }
  | { type: 'render'; frame: BasemapFrame };

export type FromBasemapWorker =
  /** A tile arrived or the style changed: the page should ask for a new frame. */
  | { type: 'changed' }
  /** A tile could not be loaded (no geo service): the page may draw a stand-in beneath. */
  | { type: 'tileloaderror' }
  /**
   * The frame `index` drawn: the picture (null where nothing was drawn, e.g. the layer is
   * hidden at this zoom), the CSS transform OpenLayers gave its canvas, and the view it was
   * drawn for (the page shifts it to the view it shows meanwhile).
   */
  | {
      type: 'rendered';
      index: number;
      image: ImageBitmap | null;
      transform: string;
      viewState: { center: number[]; resolution: number; rotation: number };
    };
