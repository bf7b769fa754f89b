import { describe, expect, it } from 'vitest';
import { BoundingBox, crossesAntimeridian } from './record.js';
import { findRegion, regions } from './regions.js';

const germany = findRegion('DE');

describe('regions', () => {
  it('has 16 German states and the countries of Europe', () => {
    expect(regions.filter((r) => r.kind === 'state')).toHaveLength(16);
    for (const code of [
      'AT',
      'FR',
      'GB',
      'NO',
      'CH',
      'IS',
      'LI',
      'RS',
      'XK',
      'UA',
      'MD',
      'BY',
      'TR',
    ]) {
      expect(findRegion(code)?.kind, code).toBe('country');
    }
  });

  it('has unique codes of the right shape and both labels', () => {
    const codes = regions.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const r of regions) {
      expect(r.code).toMatch(r.kind === 'state' ? /^DE-[A-Z]{2}$/ : /^[A-Z]{2}$/);
      expect(r.labels.de.trim()).not.toBe('');
      expect(r.labels.en.trim()).not.toBe('');
    }
  });

  it('has a valid bounding box for every region', () => {
    for (const r of regions) {
      expect(BoundingBox.safeParse(r.bbox).success, r.code).toBe(true);
      // Only Russia reaches across the antimeridian; any other west > east is a typo.
      expect(crossesAntimeridian(r.bbox), r.code).toBe(r.code === 'RU');
    }
  });

  it('puts every German state inside Germany', () => {
    expect(germany).toBeDefined();
    const de = germany?.bbox as BoundingBox;
    for (const r of regions.filter((s) => s.kind === 'state')) {
      expect(r.bbox.west, r.code).toBeGreaterThanOrEqual(de.west);
      expect(r.bbox.east, r.code).toBeLessThanOrEqual(de.east);
      expect(r.bbox.south, r.code).toBeGreaterThanOrEqual(de.south);
      expect(r.bbox.north, r.code).toBeLessThanOrEqual(de.north);
    }
  });

  it('has plausible boxes (spot checks)', () => {
    const berlin = findRegion('DE-BE')?.bbox;
    expect(berlin?.west).toBeGreaterThanOrEqual(13.05);
    expect(berlin?.west).toBeLessThanOrEqual(13.1);
    expect(berlin?.east).toBeGreaterThanOrEqual(13.75);
    expect(berlin?.east).toBeLessThanOrEqual(13.8);
    // Zugspitze (47.42 N, 10.98 E) is in Bavaria; Feldberg (47.87 N, 8.0 E) in Baden-Württemberg.
    const inside = (code: string, lon: number, lat: number) => {
      const b = findRegion(code)?.bbox as BoundingBox;
      return lon >= b.west && lon <= b.east && lat >= b.south && lat <= b.north;
    };
    expect(inside('DE-BY', 10.98, 47.42)).toBe(true);
    expect(inside('DE-BW', 8.0, 47.87)).toBe(true);
    expect(inside('FR', 2.35, 48.86)).toBe(true); // Paris
    expect(inside('FR', -61.5, 16.2)).toBe(false); // Guadeloupe: metropolitan France only
    expect(inside('NO', 15.6, 78.2)).toBe(false); // Svalbard left out
    expect(inside('GB', -1.3, 60.4)).toBe(true); // Shetland
  });

  it('finds regions case-insensitively and answers undefined for unknown codes', () => {
    expect(findRegion('de-by')?.labels.en).toBe('Bavaria');
    expect(findRegion('ZZ')).toBeUndefined();
  });
});
