import { Fill, Stroke, Style } from 'ol/style';

/**
 * Footprint colours per colour scheme: orange outlines with a faint fill (10,000 overlapping
 * footprints stay readable), the highlighted one in the scheme's blue, thicker and filled.
 * Both keep at least 3:1 contrast against land and sea (WCAG 1.4.11).
 */
export const footprintPalettes = {
  light: { stroke: '#d9480f', fill: 'rgba(217, 72, 15, 0.04)', highlight: '#1864ab' },
  dark: { stroke: '#ffa94d', fill: 'rgba(255, 169, 77, 0.05)', highlight: '#74c0fc' },
} as const;

export type FootprintScheme = keyof typeof footprintPalettes;

export function footprintStyle(scheme: FootprintScheme): Style {
  const palette = footprintPalettes[scheme];
  return new Style({
    fill: new Fill({ color: palette.fill }),
    stroke: new Stroke({ color: palette.stroke, width: 1.25 }),
  });
}

export function highlightStyle(scheme: FootprintScheme): Style {
  const palette = footprintPalettes[scheme];
  return new Style({
    fill: new Fill({
      color: scheme === 'light' ? 'rgba(24, 100, 171, 0.18)' : 'rgba(116, 192, 252, 0.2)',
    }),
    stroke: new Stroke({ color: palette.highlight, width: 3 }),
  });
}
