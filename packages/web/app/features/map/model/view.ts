import { transformExtent } from 'ol/proj';

/** Germany, west/south/east/north in degrees: the initial view and the home extent. */
export const germanyExtent4326: [number, number, number, number] = [5.5, 47.2, 15.5, 55.1];

/** The home extent in map coordinates (EPSG:3857). */
export const homeExtent = () => transformExtent(germanyExtent4326, 'EPSG:4326', 'EPSG:3857');

/** The home view when the address names none: centred on Germany. */
export const homeView = { center: [10.45, 51.16] as [number, number], zoom: 6 };

/** A record's box on the map: a margin around it, and no closer than a town's scale. */
export const boxFit = { padding: [40, 40, 40, 40], maxZoom: 14 };

/** West, south, east, north in degrees as a map extent (EPSG:3857). */
export const bboxToExtent = (bbox: readonly [number, number, number, number]) =>
  transformExtent([...bbox], 'EPSG:4326', 'EPSG:3857');

/**
 * Milliseconds of zoom and pan animations; none for people who asked for less motion
 * (`prefers-reduced-motion`).
 */
export const motionDuration = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ? 0
    : 250;

/** West, south, east, north in degrees of a map extent, clamped to the world. */
export function extentToBbox(extent: readonly number[]): [number, number, number, number] {
  const [west, south, east, north] = transformExtent([...extent], 'EPSG:3857', 'EPSG:4326') as [
    number,
    number,
    number,
    number,
  ];
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [clamp(west, 180), clamp(south, 90), clamp(east, 180), clamp(north, 90)];
}
