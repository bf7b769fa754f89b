import { describe, expect, it } from 'vitest';
import { footprintFillAlpha, footprintStyle, highlightStyle } from './footprint-style';

describe('footprint style', () => {
  it('fades the fill as more footprints overlap, never to nothing at all', () => {
    expect(footprintFillAlpha(1)).toBe(0.08);
    expect(footprintFillAlpha(4)).toBe(0.04);
    expect(footprintFillAlpha(100)).toBe(0.01);
    expect(footprintFillAlpha(10_000)).toBe(0.01);
    expect(footprintFillAlpha(0)).toBe(0.08);
    // The sum of 100 overlapping fills stays see-through: 1 − 0.99^100 ≈ 63 %.
    expect(1 - (1 - footprintFillAlpha(100)) ** 100).toBeLessThan(0.65);
  });

  it('writes the fill opacity into the style', () => {
    expect(footprintStyle('light', 4).getFill()?.getColor()).toBe('rgba(217, 72, 15, 0.04)');
  });

  it('draws the selected footprint thicker than the others, on a halo', () => {
    const [halo, line] = highlightStyle('dark');
    const normal = footprintStyle('dark').getStroke()?.getWidth() ?? 0;
    expect(line?.getStroke()?.getWidth()).toBeGreaterThan(normal * 2);
    expect(halo?.getStroke()?.getWidth()).toBeGreaterThan(line?.getStroke()?.getWidth() ?? 0);
  });
});
