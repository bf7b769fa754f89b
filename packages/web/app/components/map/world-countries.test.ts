import { describe, expect, it, vi } from 'vitest';
import { loadCountryBorders } from './world-countries';

const square = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'DE',
      properties: { name: 'Deutschland' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [6, 47],
            [15, 47],
            [15, 55],
            [6, 55],
            [6, 47],
          ],
        ],
      },
    },
  ],
};

describe('loadCountryBorders', () => {
  it('loads a level once per page, in the map projection', async () => {
    const fetchLevel = vi.fn(async () => square);
    const first = await loadCountryBorders(7, fetchLevel);
    const again = await loadCountryBorders(7, fetchLevel);
    expect(fetchLevel).toHaveBeenCalledTimes(1);
    expect(again).toBe(first);
    expect(first).toHaveLength(1);
    const [west, south] = first[0]?.getGeometry()?.getExtent() ?? [];
    // 6° E, 47° N in EPSG:3857.
    expect(west).toBeCloseTo(667_916.9, 0);
    expect(south).toBeCloseTo(5_942_074.1, 0);
  });

  it('falls back to the bundled borders when the geo service fails, and asks it again later', async () => {
    const failing = vi.fn(async () => {
      throw new Error('503');
    });
    const bundled = await loadCountryBorders(8, failing);
    expect(bundled.length).toBeGreaterThan(200);
    const working = vi.fn(async () => square);
    expect(await loadCountryBorders(8, working)).toHaveLength(1);
    expect(working).toHaveBeenCalledOnce();
  });
});
