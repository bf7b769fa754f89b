import { describe, expect, it, vi } from 'vitest';
import { loadBasemapLevel, smallMapLevels } from './world-countries';

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

describe('loadBasemapLevel', () => {
  it('loads a level once per page, in the map projection', async () => {
    const fetchLevel = vi.fn(async () => square);
    const first = await loadBasemapLevel('countries', 7, fetchLevel);
    const again = await loadBasemapLevel('countries', 7, fetchLevel);
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
    const bundled = await loadBasemapLevel('countries', 8, failing);
    expect(bundled.length).toBeGreaterThan(200);
    const working = vi.fn(async () => square);
    expect(await loadBasemapLevel('countries', 8, working)).toHaveLength(1);
    expect(working).toHaveBeenCalledOnce();
  });

  it('asks for each layer and level once, and keeps no stand-in but countries', async () => {
    const fetchLevel = vi.fn(async () => square);
    await loadBasemapLevel('states', 7, fetchLevel);
    await loadBasemapLevel('places', 7, fetchLevel);
    await loadBasemapLevel('states', 7, fetchLevel);
    expect(fetchLevel.mock.calls).toEqual([
      ['states', 7],
      ['places', 7],
    ]);
    const failing = vi.fn(async () => {
      throw new Error('503');
    });
    await expect(loadBasemapLevel('rivers', 9, failing)).rejects.toThrow('503');
    // Not remembered: the next map asks again.
    expect(await loadBasemapLevel('rivers', 9, fetchLevel)).toHaveLength(1);
  });
});

describe('smallMapLevels', () => {
  it('draws exactly one level of each layer at every zoom, context only from zoom 4', () => {
    // OpenLayers draws a layer for minZoom < zoom <= maxZoom.
    const drawn = (zoom: number) =>
      smallMapLevels
        .filter((level) => level.minZoom < zoom && zoom <= level.maxZoom)
        .map(({ layer, level }) => `${layer}/${level}`);
    expect(drawn(2)).toEqual(['countries/0']);
    expect(drawn(4)).toEqual(['countries/0']);
    expect(drawn(5)).toEqual(['countries/1', 'lakes/1', 'rivers/1', 'states/1', 'places/1']);
    expect(drawn(12)).toEqual(['countries/1', 'lakes/1', 'rivers/1', 'states/2', 'places/2']);
  });
});
