import type { BoundingBox, Geometry } from '@geoportal/contract/record';

/**
 * Props of the extent map. Shared by the lazy wrapper (extent-map-lazy.tsx), which pages use,
 * and the map itself (extent-map.tsx), without pulling OpenLayers into the page's chunk.
 */
export interface ExtentMapProps {
  /** The bounding box to show; without one the view shows Germany. */
  extent?: BoundingBox;
  /** The optional exact footprint, drawn over the box. */
  geometry?: Geometry;
  /** Makes the box editable: called with the new box (4 decimals) when a drag ends. */
  onChange?: (extent: BoundingBox) => void;
  /** Accessible name of the map region. */
  label: string;
  /** Height in CSS pixels; default `EXTENT_MAP_HEIGHT`. */
  height?: number;
}

/** Default height of the extent map and its placeholder, in CSS pixels. */
export const EXTENT_MAP_HEIGHT = 280;
