import type { BoundingBox } from '@geoportal/contract/record';
import type { Extent } from 'ol/extent';

// Conversions between the record's bounding box (WGS84 degrees, west > east across the
// antimeridian) and OpenLayers extents in the map's Web Mercator projection (EPSG:3857).
// Kept free of OpenLayers code so they are cheap to test and usable outside the map chunk.

/** Web Mercator's equatorial radius in metres (EPSG:3857). */
const RADIUS = 6378137;
/** x of longitude 180° in EPSG:3857. */
const HALF_WORLD = Math.PI * RADIUS;
/** Web Mercator cannot show the poles; latitudes are clamped to this when drawn. */
export const MERCATOR_MAX_LATITUDE = 85.0511287798;

/** Decimal places of emitted coordinates: 4 places are about 11 m, finer than any input. */
export const COORDINATE_DECIMALS = 4;

/** OpenLayers types an extent as `number[]`; it always has these four numbers. */
type Corners = [minX: number, minY: number, maxX: number, maxY: number];
const corners = (extent: Extent) => extent as Corners;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Rounds to 4 decimal places (and never answers -0, which would print as "-0"). */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Brings a longitude of any world copy into −180…180. The west edge uses −180 ≤ λ < 180 and
 * the east edge −180 < λ ≤ 180, so a box ending exactly on the antimeridian keeps its side.
 */
export function wrapLongitude(longitude: number, edge: 'west' | 'east'): number {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return edge === 'east' && wrapped === -180 && longitude > -180 ? 180 : wrapped;
}

const xOf = (longitude: number) => (longitude * HALF_WORLD) / 180;
const longitudeOf = (x: number) => (x / HALF_WORLD) * 180;
const yOf = (latitude: number) => {
  const phi = (clamp(latitude, -MERCATOR_MAX_LATITUDE, MERCATOR_MAX_LATITUDE) * Math.PI) / 180;
  return RADIUS * Math.log(Math.tan(Math.PI / 4 + phi / 2));
};
const latitudeOf = (y: number) =>
  ((2 * Math.atan(Math.exp(y / RADIUS)) - Math.PI / 2) * 180) / Math.PI;

/**
 * The map extent of a box. A box across the antimeridian continues east of 180° (its east
 * edge plus 360°), which OpenLayers draws across the seam because the layers wrap.
 */
export function bboxToExtent(box: BoundingBox): Extent {
  const east = box.west > box.east ? box.east + 360 : box.east;
  return [xOf(box.west), yOf(box.south), xOf(east), yOf(box.north)];
}

/**
 * The box of a map extent, rounded to 4 decimals and clamped to valid degrees. The extent may
 * lie in any world copy; one that spans the antimeridian becomes a box with west > east, one
 * wider than the world becomes −180…180.
 */
export function extentToBbox(extent: Extent): BoundingBox {
  const [minX, minY, maxX, maxY] = corners(extent);
  const south = roundCoordinate(clamp(latitudeOf(minY), -90, 90));
  const north = roundCoordinate(clamp(latitudeOf(maxY), -90, 90));
  const westLongitude = longitudeOf(minX);
  const eastLongitude = longitudeOf(maxX);
  if (eastLongitude - westLongitude >= 360) return { west: -180, south, east: 180, north };
  return {
    west: roundCoordinate(wrapLongitude(westLongitude, 'west')),
    south,
    east: roundCoordinate(wrapLongitude(eastLongitude, 'east')),
    north,
  };
}

/** True when both boxes have the same numbers (after rounding to 4 decimals). */
export function sameBbox(a: BoundingBox | undefined, b: BoundingBox | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    roundCoordinate(a.west) === roundCoordinate(b.west) &&
    roundCoordinate(a.south) === roundCoordinate(b.south) &&
    roundCoordinate(a.east) === roundCoordinate(b.east) &&
    roundCoordinate(a.north) === roundCoordinate(b.north)
  );
}

/** Below this share of the visible area a box is too small to make out, so the view zooms. */
const MIN_VISIBLE_SHARE = 1 / 25;

/**
 * Whether the view should move to show `target`: when it is not wholly visible, or so small
 * in the current view that the user would not see it. Keeps the view still while someone
 * types numbers that stay in sight.
 */
export function needsFit(view: Extent, target: Extent): boolean {
  const [vx0, vy0, vx1, vy1] = corners(view);
  const [tx0, ty0, tx1, ty1] = corners(target);
  const inside = tx0 >= vx0 && ty0 >= vy0 && tx1 <= vx1 && ty1 <= vy1;
  const area = (width: number, height: number) => Math.max(0, width) * Math.max(0, height);
  return !inside || area(tx1 - tx0, ty1 - ty0) < area(vx1 - vx0, vy1 - vy0) * MIN_VISIBLE_SHARE;
}
