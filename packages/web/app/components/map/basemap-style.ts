import { BASEMAP_TILE_LABELS } from '@geoportal/contract/basemap-tiles';
import type { BasemapLayerId as BasemapLayerIdOfService } from '@geoportal/contract/geo';
import type { FeatureLike } from 'ol/Feature';
import { measureTextWidth, textHeights } from 'ol/render/canvas';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import type { StyleFunction } from 'ol/style/Style';

/**
 * The offline basemap's layers the map knows how to draw: the geo service's (contract
 * `basemapLayerIds`), plus the country polygons bundled with the app (`bundled`), drawn when
 * the service cannot be reached. Unknown layers get a plain line style.
 */
export type BasemapLayerId = BasemapLayerIdOfService | 'states' | 'places' | 'bundled';

/**
 * Colours of the offline basemap per colour scheme. A canvas cannot read CSS variables, so
 * these are Mantine palette values by name. Labels are text on a halo of the land colour, so
 * they keep at least 4.5:1 contrast wherever they fall (WCAG 1.4.3).
 */
export interface BasemapPalette {
  /** The sea is the map element's background (map.module.css). */
  land: string;
  border: string;
  state: string;
  water: string;
  waterLine: string;
  place: string;
  label: string;
  halo: string;
}

export const basemapPalettes: Record<'light' | 'dark', BasemapPalette> = {
  light: {
    land: '#f8f9fa', // gray-0
    border: '#868e96', // gray-6
    state: '#adb5bd', // gray-5
    water: '#a5d8ff', // blue-2
    waterLine: '#4dabf7', // blue-4
    place: '#343a40', // gray-8
    label: '#212529', // gray-9: 15:1 on its halo
    halo: '#ffffff',
  },
  dark: {
    land: '#2e2e2e', // dark-6
    border: '#828282', // dark-2
    state: '#5c5f66',
    water: '#1c3d5a',
    waterLine: '#1971c2', // blue-8
    place: '#c9c9c9', // dark-0
    label: '#f1f3f5', // gray-1: 13:1 on its halo
    halo: '#1a1b1e',
  },
};

/** The name of a feature in the page language, else the other one, else `name`. */
export function featureName(feature: FeatureLike, language: string): string {
  const own = feature.get(`name_${language}`) ?? feature.get(`name:${language}`);
  if (typeof own === 'string' && own) return own;
  for (const key of ['name', 'name_de', 'name_en']) {
    const value = feature.get(key);
    if (typeof value === 'string' && value) return value;
  }
  return '';
}

/**
 * The rank of a place: 1 the largest (capitals, big cities) up to 10 the smallest. Features
 * without one count as the smallest.
 */
export function placeRank(feature: FeatureLike): number {
  const rank = Number(feature.get('rank'));
  return Number.isFinite(rank) ? rank : 10;
}

/** Label size for a place rank: larger places in larger type. */
export const labelSize = (rank: number) => (rank <= 2 ? 14 : rank <= 5 ? 13 : 12);

/** The type of a place's name for its rank. */
const placeFont = (rank: number) =>
  `${rank <= 2 ? '600 ' : ''}${labelSize(rank)}px system-ui, sans-serif`;

/**
 * Measures the height of every label font of the basemap in one go, for OpenLayers' cache of
 * text heights. OpenLayers measures a font the first time it draws it, by adding an element
 * to the page and reading its height: with four fonts, four layouts of the whole page inside
 * the map's first frame, while the page around it had just changed (about 75 ms of that
 * frame at Lighthouse's 4× slowdown). Here the four are measured with one layout, the way
 * OpenLayers measures them (a block holding "M" in the font), before the map draws.
 */
export function measureLabelFonts(): void {
  if (typeof document === 'undefined') return;
  const fonts = [COUNTRY_FONT, ...[1, 3, 6].map(placeFont)].filter(
    (font) => textHeights[font] === undefined,
  );
  if (fonts.length === 0) return;
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;left:-99999px;top:0';
  const probes = fonts.map((font) => {
    const probe = document.createElement('div');
    probe.textContent = 'M';
    probe.style.cssText = 'min-height:0;max-height:none;height:auto;padding:0;border:none';
    probe.style.font = font;
    return box.appendChild(probe);
  });
  document.body.appendChild(box);
  fonts.forEach((font, index) => {
    textHeights[font] = probes[index]?.offsetHeight ?? 0;
  });
  box.remove();
}

/**
 * The style function of one basemap layer. Places are labelled; their labels are decluttered
 * by the layer, and the style's zIndex draws larger places first so they win a collision.
 */
export function basemapStyle(
  layer: string,
  palette: BasemapPalette,
  language: string,
): Style | StyleFunction {
  switch (layer as BasemapLayerId) {
    case 'countries':
      return labelledAreaStyle(palette, language);
    case 'bundled':
      return new Style({
        fill: new Fill({ color: palette.land }),
        stroke: new Stroke({ color: palette.border, width: 0.8 }),
      });
    case 'borders':
      return new Style({ stroke: new Stroke({ color: palette.border, width: 1 }) });
    case 'coastline':
      return new Style({ stroke: new Stroke({ color: palette.waterLine, width: 0.8 }) });
    case 'lakes':
      return new Style({
        fill: new Fill({ color: palette.water }),
        stroke: new Stroke({ color: palette.waterLine, width: 0.5 }),
      });
    case 'rivers':
      return new Style({ stroke: new Stroke({ color: palette.waterLine, width: 1 }) });
    case 'states':
      return new Style({
        stroke: new Stroke({ color: palette.state, width: 0.8, lineDash: [4, 3] }),
      });
    case 'places':
      return placeStyle(palette, language);
    default:
      return new Style({ stroke: new Stroke({ color: palette.border, width: 0.8 }) });
  }
}

/** The type of country names. */
const COUNTRY_FONT = '600 12px system-ui, sans-serif';

/** A country's name on a halo of the land colour. */
function countryText(name: string, palette: BasemapPalette): Text {
  return new Text({
    text: name,
    font: COUNTRY_FONT,
    fill: new Fill({ color: palette.label }),
    stroke: new Stroke({ color: palette.halo, width: 3 }),
    overflow: false,
  });
}

/** Countries: land, labelled with their name in the page language (decluttered). */
function labelledAreaStyle(palette: BasemapPalette, language: string): StyleFunction {
  const fill = new Fill({ color: palette.land });
  const cache = new Map<string, Style>();
  return (feature) => {
    const name = featureName(feature, language);
    let style = cache.get(name);
    if (!style) {
      style = new Style({ fill, text: name ? countryText(name, palette) : undefined });
      cache.set(name, style);
    }
    return style;
  };
}

/**
 * The country names of the vector tiles (layer `labels`: one point per country polygon, with
 * the `width` in metres of the line it sits on). As OpenLayers does for a labelled polygon
 * (`overflow: false`), a name is left out where it is wider than that line at the current
 * resolution.
 */
function countryLabelStyle(palette: BasemapPalette, language: string): StyleFunction {
  const cache = new Map<string, { style: Style; width: number }>();
  return (feature, resolution) => {
    const name = featureName(feature, language);
    if (!name) return undefined;
    let entry = cache.get(name);
    if (!entry) {
      entry = {
        style: new Style({ text: countryText(name, palette) }),
        width: measureTextWidth(COUNTRY_FONT, name),
      };
      cache.set(name, entry);
    }
    const room = Number(feature.get('width')) / resolution;
    return room >= entry.width ? entry.style : undefined;
  };
}

/**
 * The style of the offline basemap's vector tiles: each feature is drawn as its tile layer
 * (`layer`, the basemap layer's id) is in `basemapStyle`; the countries without their names,
 * which come from the tiles' label points (`labels`), once per country polygon.
 */
export function basemapTileStyle(palette: BasemapPalette, language: string): StyleFunction {
  const land = new Style({ fill: new Fill({ color: palette.land }) });
  const byLayer = new Map<string, Style | StyleFunction>([
    ['countries', land],
    [BASEMAP_TILE_LABELS, countryLabelStyle(palette, language)],
  ]);
  return (feature, resolution) => {
    const layer = String(feature.get('layer'));
    let style = byLayer.get(layer);
    if (!style) {
      style = basemapStyle(layer, palette, language);
      byLayer.set(layer, style);
    }
    return typeof style === 'function' ? style(feature, resolution) : style;
  };
}

function placeStyle(palette: BasemapPalette, language: string): StyleFunction {
  const cache = new Map<string, Style>();
  return (feature) => {
    const rank = placeRank(feature);
    const name = featureName(feature, language);
    const key = `${rank}|${name}`;
    let style = cache.get(key);
    if (!style) {
      style = new Style({
        // Larger places (smaller rank) first: drawn first, they keep their place when
        // labels collide.
        zIndex: 100 - rank,
        image: new CircleStyle({
          radius: rank <= 2 ? 4 : 3,
          fill: new Fill({ color: palette.place }),
          stroke: new Stroke({ color: palette.halo, width: 1 }),
        }),
        text: new Text({
          text: name,
          font: placeFont(rank),
          fill: new Fill({ color: palette.label }),
          stroke: new Stroke({ color: palette.halo, width: 3 }),
          offsetY: -10,
          padding: [2, 2, 2, 2],
        }),
      });
      cache.set(key, style);
    }
    return style;
  };
}
