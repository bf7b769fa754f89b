import { Fill, Stroke, Style } from 'ol/style';
import CircleStyle from 'ol/style/Circle';

/**
 * Colours of the extent map per colour scheme. OpenLayers paints on a canvas, which cannot read
 * CSS variables, so these are Mantine's default palette values by name. The box and the
 * geometry keep at least 3:1 contrast against land and sea (WCAG 1.4.11).
 */
export interface ExtentMapPalette {
  land: string;
  border: string;
  box: string;
  boxFill: string;
  geometry: string;
  geometryFill: string;
}

export const extentMapPalettes: Record<'light' | 'dark', ExtentMapPalette> = {
  light: {
    land: '#f8f9fa', // gray-0 (the sea is the frame's background, see extent-map.module.css)
    border: '#adb5bd', // gray-5
    box: '#1971c2', // blue-8
    boxFill: 'rgba(25, 113, 194, 0.15)',
    geometry: '#d9480f', // orange-9
    geometryFill: 'rgba(217, 72, 15, 0.2)',
  },
  dark: {
    land: '#2e2e2e', // dark-6
    border: '#696969', // dark-3
    box: '#4dabf7', // blue-4
    boxFill: 'rgba(77, 171, 247, 0.18)',
    geometry: '#ffa94d', // orange-4
    geometryFill: 'rgba(255, 169, 77, 0.2)',
  },
};

/** Countries: filled land with thin borders. */
export const countryStyle = (p: ExtentMapPalette) =>
  new Style({
    fill: new Fill({ color: p.land }),
    stroke: new Stroke({ color: p.border, width: 0.75 }),
  });

/** The bounding box, read-only or while editing. */
export const boxStyle = (p: ExtentMapPalette) =>
  new Style({
    fill: new Fill({ color: p.boxFill }),
    stroke: new Stroke({ color: p.box, width: 2 }),
  });

/** The exact footprint: dashed, so it stays apart from the box where both edges meet. */
export const geometryStyle = (p: ExtentMapPalette) =>
  new Style({
    fill: new Fill({ color: p.geometryFill }),
    stroke: new Stroke({ color: p.geometry, width: 2, lineDash: [6, 4] }),
    image: new CircleStyle({
      radius: 5,
      fill: new Fill({ color: p.geometry }),
      stroke: new Stroke({ color: p.land, width: 1.5 }),
    }),
  });

/** The handle under the pointer when it is near a corner or an edge of the box. */
export const handleStyle = (p: ExtentMapPalette) =>
  new Style({
    image: new CircleStyle({
      radius: 6,
      fill: new Fill({ color: p.box }),
      stroke: new Stroke({ color: p.land, width: 2 }),
    }),
  });
