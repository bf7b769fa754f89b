import type { AllGeoJSON } from '@turf/helpers';
import { simplify } from '@turf/simplify';
import { boxGeometry } from '../records/geojson.js';

/**
 * The footprint a map draws for a record at a zoom level: its own geometry simplified to
 * about a pixel and with no more decimals than a pixel needs, else its box. A map of the
 * whole country thus gets a few points per record instead of every vertex.
 */
export function footprintGeometry(
  row: {
    west: number | null;
    south: number | null;
    east: number | null;
    north: number | null;
    footprint: Record<string, unknown> | null;
  },
  zoom: number,
): { type: string; coordinates: unknown[] } {
  // Degrees per pixel at this zoom (256-pixel tiles), the simplification tolerance.
  const pixel = 360 / (256 * 2 ** zoom);
  const decimals = Math.min(7, Math.max(1, Math.ceil(-Math.log10(pixel)) + 1));
  const geometry = row.footprint
    ? (simplify(structuredClone(row.footprint) as unknown as AllGeoJSON, {
        tolerance: pixel,
        highQuality: false,
      }) as unknown as { type: string; coordinates: unknown[] })
    : (boxGeometry({
        west: row.west as number,
        south: row.south as number,
        east: row.east as number,
        north: row.north as number,
      }) as { type: string; coordinates: unknown[] });
  return {
    type: geometry.type,
    coordinates: roundCoordinates(geometry.coordinates, decimals) as unknown[],
  };
}

function roundCoordinates(value: unknown, decimals: number): unknown {
  if (typeof value === 'number') return Number(value.toFixed(decimals));
  return Array.isArray(value) ? value.map((v) => roundCoordinates(v, decimals)) : value;
}
