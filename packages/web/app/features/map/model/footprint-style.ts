import { Fill, Stroke, Style } from 'ol/style';

/**
 * Footprint colours per colour scheme: orange outlines with a faint fill, the highlighted
 * one in the scheme's blue, thicker, on a halo and filled. Both keep at least 3:1 contrast
 * against land and sea (WCAG 1.4.11).
 */
export const footprintPalettes = {
  light: {
    stroke: '#d9480f',
    fill: [217, 72, 15],
    highlight: '#1864ab',
    highlightFill: 'rgba(24, 100, 171, 0.2)',
    halo: 'rgba(255, 255, 255, 0.9)',
  },
  dark: {
    stroke: '#ffa94d',
    fill: [255, 169, 77],
    highlight: '#74c0fc',
    highlightFill: 'rgba(116, 192, 252, 0.22)',
    halo: 'rgba(0, 0, 0, 0.85)',
  },
} as const;

export type FootprintScheme = keyof typeof footprintPalettes;

/** Fill opacity of one footprint alone; more footprints share a smaller one. */
const FILL_ALPHA_MAX = 0.08;
/** Below this the fill no longer shows; the outlines carry the picture. */
const FILL_ALPHA_MIN = 0.01;

/**
 * The fill opacity for `count` footprints on the map: where dozens overlap (Germany-wide
 * records over a city), the sum of their fills must not hide the map, so each one's fill
 * fades as the count grows (1/√n: 4 footprints half, 100 a tenth).
 */
export function footprintFillAlpha(count: number): number {
  const alpha = FILL_ALPHA_MAX / Math.sqrt(Math.max(1, count));
  return Math.max(FILL_ALPHA_MIN, Math.round(alpha * 1000) / 1000);
}

export function footprintStyle(scheme: FootprintScheme, count = 1): Style {
  const palette = footprintPalettes[scheme];
  const [r, g, b] = palette.fill;
  return new Style({
    fill: new Fill({ color: `rgba(${r}, ${g}, ${b}, ${footprintFillAlpha(count)})` }),
    stroke: new Stroke({ color: palette.stroke, width: 1.25 }),
  });
}

/** The selected footprint: a halo under a thick outline, so it stands out from any pile. */
export function highlightStyle(scheme: FootprintScheme): Style[] {
  const palette = footprintPalettes[scheme];
  return [
    new Style({ stroke: new Stroke({ color: palette.halo, width: 7 }) }),
    new Style({
      fill: new Fill({ color: palette.highlightFill }),
      stroke: new Stroke({ color: palette.highlight, width: 3.5 }),
    }),
  ];
}

/** The box a "show on the map" link names: the record's own area, dashed over everything. */
export function focusStyle(scheme: FootprintScheme): Style[] {
  const palette = footprintPalettes[scheme];
  return [
    new Style({ stroke: new Stroke({ color: palette.halo, width: 7 }) }),
    new Style({
      stroke: new Stroke({ color: palette.highlight, width: 3.5, lineDash: [10, 6] }),
    }),
  ];
}
