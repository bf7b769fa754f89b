import { type BoundingBox, crossesAntimeridian } from '@geoportal/contract/record';

type Corners = Pick<BoundingBox, 'west' | 'south' | 'east' | 'north'>;

/** A box for the spatial index as [west, south, east, north]. */
export type IndexBox = [number, number, number, number];

/**
 * Degrees are kept to nine decimals (about 0.1 mm) in the spatial index. The GiST index of
 * boxes multiplies widths and heights to choose where an entry goes; with coordinates far
 * below any survey's precision (1e-200) the product underflows and PostgreSQL refuses the
 * write ("value out of range: underflow"), whose save would then fail. The record keeps its
 * exact numbers; only the index's copy is rounded, and the boxes of a query the same way.
 */
const indexDegrees = (degrees: number) => Math.round(degrees * 1e9) / 1e9 + 0;

/**
 * The boxes a bounding box takes in the spatial index: one, or two split at the antimeridian
 * when it crosses it (west > east).
 */
export function indexBoxes(box: Corners): IndexBox[] {
  const [west, south, east, north] = [box.west, box.south, box.east, box.north].map(
    indexDegrees,
  ) as IndexBox;
  return crossesAntimeridian(box)
    ? [
        [west, south, 180, north],
        [-180, south, east, north],
      ]
    : [[west, south, east, north]];
}
