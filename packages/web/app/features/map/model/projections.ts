import { get as getProjection, transform } from 'ol/proj';

/** The coordinate systems the pointer position can be shown in (DESIGN: map). */
export const coordinateSystems = ['EPSG:4326', 'EPSG:3857', 'EPSG:25832', 'EPSG:25833'] as const;
export type CoordinateSystem = (typeof coordinateSystems)[number];

/** Whether OpenLayers knows `system` yet (the UTM zones need proj4-definitions.ts). */
export const isKnown = (system: CoordinateSystem) => getProjection(system) !== null;

/** Loads proj4 and registers the UTM zones when `system` needs them. */
export async function ensureProjection(system: CoordinateSystem): Promise<void> {
  if (isKnown(system)) return;
  const { registerProjections } = await import('./proj4-definitions');
  registerProjections();
}

/**
 * A map coordinate (EPSG:3857) written in `system` as "x; y" (longitude first for degrees,
 * easting first for metres): degrees with 5 decimals (about a metre), metres whole. The
 * semicolon separates the numbers because German writes the decimal comma. Undefined while
 * the system is not registered yet.
 */
export function formatCoordinate(
  coordinate: readonly number[],
  system: CoordinateSystem,
  locale: string,
): string | undefined {
  if (!isKnown(system)) return undefined;
  const [x, y] = transform([...coordinate], 'EPSG:3857', system) as [number, number];
  const degrees = system === 'EPSG:4326';
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: degrees ? 5 : 0,
    maximumFractionDigits: degrees ? 5 : 0,
    useGrouping: false,
  });
  return `${format.format(x)}; ${format.format(y)}`;
}
