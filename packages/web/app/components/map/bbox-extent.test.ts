import type { BoundingBox } from '@geoportal/contract/record';
import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import {
  bboxToExtent,
  extentToBbox,
  MERCATOR_MAX_LATITUDE,
  needsFit,
  roundCoordinate,
  sameBbox,
  wrapLongitude,
} from './bbox-extent';

const germany: BoundingBox = { west: 5.86, south: 47.27, east: 15.05, north: 55.06 };
/** Fiji-like: from 177° E across the antimeridian to 178° W. */
const fiji: BoundingBox = { west: 177, south: -19.2, east: -178, north: -16 };

describe('bboxToExtent', () => {
  it('projects the corners like OpenLayers does (EPSG:3857)', () => {
    const [minX, minY, maxX, maxY] = bboxToExtent(germany);
    const [x0, y0] = fromLonLat([germany.west, germany.south]);
    const [x1, y1] = fromLonLat([germany.east, germany.north]);
    expect(minX).toBeCloseTo(x0 as number, 3);
    expect(minY).toBeCloseTo(y0 as number, 3);
    expect(maxX).toBeCloseTo(x1 as number, 3);
    expect(maxY).toBeCloseTo(y1 as number, 3);
  });

  it('continues a box across the antimeridian east of 180°', () => {
    const [minX, , maxX] = bboxToExtent(fiji);
    expect(minX).toBeCloseTo(fromLonLat([177, 0])[0] as number, 3);
    // −178° + 360° = 182°, beyond the world's east edge
    expect(maxX).toBeCloseTo(fromLonLat([182, 0])[0] as number, 3);
    expect(maxX).toBeGreaterThan(minX as number);
  });

  it('clamps the poles to what Web Mercator can show', () => {
    const [, minY, , maxY] = bboxToExtent({ west: -180, south: -90, east: 180, north: 90 });
    expect(Number.isFinite(minY)).toBe(true);
    expect(maxY).toBeCloseTo(fromLonLat([0, MERCATOR_MAX_LATITUDE])[1] as number, 0);
  });
});

describe('extentToBbox', () => {
  it('round-trips a box to 4 decimals', () => {
    expect(extentToBbox(bboxToExtent(germany))).toEqual(germany);
    expect(
      extentToBbox(bboxToExtent({ west: 7.12345, south: 50.98765, east: 8, north: 51 })),
    ).toEqual({
      west: 7.1235,
      south: 50.9877,
      east: 8,
      north: 51,
    });
  });

  it('turns a box drawn across the antimeridian into west > east', () => {
    expect(extentToBbox(bboxToExtent(fiji))).toEqual(fiji);
    // Drawn in the world copy west of −180°: from 183° W (= 177° E) to 178° W.
    const [x0] = fromLonLat([-183, 0]);
    const [x1] = fromLonLat([-178, 0]);
    const [, y0] = fromLonLat([0, -19.2]);
    const [, y1] = fromLonLat([0, -16]);
    expect(extentToBbox([x0, y0, x1, y1] as number[])).toEqual(fiji);
  });

  it('brings a box drawn in another world copy back to −180…180', () => {
    const shifted = bboxToExtent(germany).map((v, i) =>
      i % 2 === 0 ? v + 2 * Math.PI * 6378137 : v,
    );
    expect(extentToBbox(shifted)).toEqual(germany);
  });

  it('makes a box wider than the world −180…180', () => {
    const [x0] = fromLonLat([-200, 0]);
    const [x1] = fromLonLat([200, 0]);
    const box = extentToBbox([x0, 0, x1, 1000] as number[]);
    expect(box.west).toBe(-180);
    expect(box.east).toBe(180);
  });

  it('keeps a box that ends on the antimeridian on its side', () => {
    expect(extentToBbox(bboxToExtent({ west: 170, south: 0, east: 180, north: 10 }))).toEqual({
      west: 170,
      south: 0,
      east: 180,
      north: 10,
    });
  });
});

describe('roundCoordinate and wrapLongitude', () => {
  it('rounds to 4 decimals without a negative zero', () => {
    expect(roundCoordinate(13.123456)).toBe(13.1235);
    expect(Object.is(roundCoordinate(-0.00001), 0)).toBe(true);
  });

  it('wraps longitudes, keeping ±180 on the side of the edge', () => {
    expect(wrapLongitude(190, 'west')).toBe(-170);
    expect(wrapLongitude(-190, 'east')).toBe(170);
    expect(wrapLongitude(180, 'east')).toBe(180);
    expect(wrapLongitude(180, 'west')).toBe(-180);
    expect(wrapLongitude(-180, 'west')).toBe(-180);
    expect(wrapLongitude(540, 'east')).toBe(180);
  });
});

describe('sameBbox', () => {
  it('compares after rounding and treats two missing boxes as equal', () => {
    expect(sameBbox(germany, { ...germany, west: 5.860001 })).toBe(true);
    expect(sameBbox(germany, { ...germany, west: 5.87 })).toBe(false);
    expect(sameBbox(undefined, undefined)).toBe(true);
    expect(sameBbox(germany, undefined)).toBe(false);
  });
});

describe('needsFit', () => {
  const view = [0, 0, 100, 100];
  it('moves the view to a box outside it or too small to see', () => {
    expect(needsFit(view, [10, 10, 60, 60])).toBe(false);
    expect(needsFit(view, [90, 10, 120, 60])).toBe(true);
    expect(needsFit(view, [10, 10, 12, 12])).toBe(true);
  });
});
