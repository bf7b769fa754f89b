import type { BoundingBox } from '@geoportal/contract/record';

/** A hit's footprint on the map: its extent box. */
export interface Footprint {
  id: string;
  /** The hit's title in the page language, for the footprint's tooltip. */
  title: string;
  extent: BoundingBox;
}

/**
 * Props of the search map. Shared by the panel (search-map-panel.tsx), which the page renders
 * on the server too, and the map itself (search-map.tsx), without pulling OpenLayers into the
 * page's chunk.
 */
export interface SearchMapProps {
  /** The footprints of the hits on the current page. */
  footprints: Footprint[];
  /** The extent filter, drawn as a dashed box. */
  bbox?: BoundingBox;
  /** The hit the pointer is on (on the map or in the list). */
  hoveredId: string | null;
  onHover: (id: string | null) => void;
  /** A footprint was clicked: open that record. */
  onSelect: (id: string) => void;
  /** While true, dragging draws a box instead of panning. */
  drawing: boolean;
  /** A box was drawn (4 decimals). */
  onDrawn: (box: BoundingBox) => void;
  /** The visible area after every move, for "search this area". */
  onViewChange: (box: BoundingBox) => void;
  /** Accessible name of the map region. */
  label: string;
  /** Height in CSS pixels. */
  height: number;
}

/** Height of the search map and its placeholder, in CSS pixels. */
export const SEARCH_MAP_HEIGHT = 300;
