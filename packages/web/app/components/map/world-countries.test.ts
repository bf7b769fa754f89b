import { describe, expect, it } from 'vitest';
import { loadCountries } from './world-countries';

describe('loadCountries', () => {
  it('converts the bundled borders once per page, in the map projection, without Antarctica', async () => {
    const first = await loadCountries();
    expect(first.length).toBeGreaterThan(200);
    expect(await loadCountries()).toBe(first);
    const [, south] = first
      .map((country) => country.getGeometry()?.getExtent() ?? [0, 0, 0, 0])
      .reduce((a, b) => [0, Math.min(a[1] ?? 0, b[1] ?? 0), 0, 0]);
    // Antarctica would reach far below −20,000 km in EPSG:3857.
    expect(south).toBeGreaterThan(-10_000_000);
  });
});
