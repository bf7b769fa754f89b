/**
 * Where a polygon's name goes, found the way OpenLayers places the label of a polygon (its
 * `getInteriorPoint`): on the horizontal line through the middle of the polygon's extent, in
 * the middle of the longest stretch of that line inside the polygon. The stretch's length tells
 * the map whether the name fits (OpenLayers' `overflow: false`). Computed in Web Mercator
 * metres, as the map draws, so the basemap's tiles label countries where the GeoJSON layers
 * did, once per polygon instead of once per tile it crosses.
 */

type Position = [number, number] | number[];

const EARTH_RADIUS = 6378137;
const MAX_LATITUDE = 85.0511287798;

/** Degrees (EPSG:4326) to Web Mercator metres (EPSG:3857). */
export function toMercator([lon = 0, lat = 0]: Position): [number, number] {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  return [
    (EARTH_RADIUS * Math.PI * lon) / 180,
    EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)),
  ];
}

/** Web Mercator metres to degrees. */
export function toLonLat([x = 0, y = 0]: Position): [number, number] {
  return [
    (x / (EARTH_RADIUS * Math.PI)) * 180,
    (360 / Math.PI) * Math.atan(Math.exp(y / EARTH_RADIUS)) - 90,
  ];
}

export interface LabelPoint {
  /** Longitude and latitude of the label. */
  position: [number, number];
  /** Length in metres (EPSG:3857) of the stretch the label sits on. */
  width: number;
}

/** The label point of one polygon (outer ring first, then holes) given in degrees. */
export function labelPoint(rings: Position[][]): LabelPoint | null {
  const projected = rings.map((ring) => ring.map(toMercator));
  const outer = projected[0];
  if (!outer || outer.length < 3) return null;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const y = (minY + maxY) / 2;
  // Where the line crosses the rings' edges (an edge counts from one end, not the other).
  const crossings: number[] = [];
  for (const ring of projected) {
    for (let i = 0; i < ring.length - 1; i++) {
      const [x1, y1] = ring[i] as [number, number];
      const [x2, y2] = ring[i + 1] as [number, number];
      if ((y <= y1 && y2 < y) || (y1 < y && y <= y2)) {
        crossings.push(((y - y1) / (y2 - y1)) * (x2 - x1) + x1);
      }
    }
  }
  crossings.sort((a, b) => a - b);
  let best: LabelPoint | null = null;
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const from = crossings[i] as number;
    const to = crossings[i + 1] as number;
    if (best === null || to - from > best.width) {
      best = { position: toLonLat([(from + to) / 2, y]), width: to - from };
    }
  }
  // A degenerate ring: the middle of its extent, with no room for a name.
  return best ?? { position: toLonLat([(minX + maxX) / 2, y]), width: 0 };
}
