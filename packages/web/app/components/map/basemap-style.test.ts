import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import { Style } from 'ol/style';
import { describe, expect, it } from 'vitest';
import { basemapPalettes, basemapStyle, featureName, labelSize, placeRank } from './basemap-style';

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const country = new Feature({
  geometry: new Polygon([
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ]),
  name_de: 'Deutschland',
  name_en: 'Germany',
});

describe('basemap style', () => {
  it('names features in the page language, else another name', () => {
    expect(featureName(country, 'en')).toBe('Germany');
    expect(featureName(country, 'de')).toBe('Deutschland');
    expect(featureName(new Feature({ name_en: 'Poland' }), 'de')).toBe('Poland');
    expect(featureName(new Feature({}), 'de')).toBe('');
  });

  it('labels countries with a halo that keeps AA contrast in both schemes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const palette = basemapPalettes[scheme];
      const style = basemapStyle('countries', palette, 'de');
      expect(typeof style).toBe('function');
      const resolved = (style as (f: Feature, r: number) => Style)(country, 1000);
      const text = resolved.getText();
      expect(text?.getText()).toBe('Deutschland');
      expect(text?.getStroke()?.getColor()).toBe(palette.halo);
      expect(resolved.getFill()?.getColor()).toBe(palette.land);
      expect(contrast(palette.label, palette.halo)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.label, palette.land)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws larger places first so their labels win when labels collide', () => {
    const style = basemapStyle('places', basemapPalettes.light, 'de') as (
      f: Feature,
      r: number,
    ) => Style;
    const big = new Feature({ geometry: new Point([0, 0]), name: 'Berlin', rank: 1 });
    const small = new Feature({ geometry: new Point([0, 0]), name: 'Dorf', rank: 9 });
    expect(placeRank(big)).toBe(1);
    expect(placeRank(new Feature({}))).toBe(10);
    expect(style(big, 1).getZIndex()).toBeGreaterThan(style(small, 1).getZIndex() ?? 0);
    expect(labelSize(1)).toBeGreaterThan(labelSize(9));
  });

  it('has a style for every layer of the service and a plain one for unknown layers', () => {
    for (const layer of ['lakes', 'rivers', 'borders', 'coastline', 'bundled', 'unknown']) {
      expect(basemapStyle(layer, basemapPalettes.dark, 'en')).toBeInstanceOf(Style);
    }
  });
});
