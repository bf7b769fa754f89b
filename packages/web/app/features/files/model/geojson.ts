import { geoJsonGeometryTypes } from '@geoportal/contract/files';
/** What the GeoJSON viewer needs of a file: the parsed object and how many features it has. */
export interface ParsedGeoJson {
  data: object;
  featureCount: number;
  /**
   * Coordinates outside longitude ±180 / latitude ±90: the file is probably in a projected
   * reference system (RFC 7946 requires WGS84), so the map cannot place it.
   */
  outOfRange: boolean;
}

function outside(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  if (typeof value[0] === 'number') {
    const [x, y] = value as number[];
    return Math.abs(x ?? 0) > 180 || Math.abs(y ?? 0) > 90;
  }
  return value.some(outside);
}

function geometriesOf(data: Record<string, unknown>): unknown[] {
  if (data.type === 'FeatureCollection' && Array.isArray(data.features)) {
    return data.features.map((feature) => (feature as { geometry?: unknown })?.geometry);
  }
  if (data.type === 'Feature') return [data.geometry];
  return [data];
}

function coordinatesOf(geometry: unknown): unknown[] {
  if (!geometry || typeof geometry !== 'object') return [];
  const g = geometry as { coordinates?: unknown; geometries?: unknown };
  if (Array.isArray(g.geometries)) return g.geometries.flatMap(coordinatesOf);
  return [g.coordinates];
}

/**
 * Parses a GeoJSON text (RFC 7946): a FeatureCollection, a Feature or a bare geometry. Answers
 * null for anything else, so the viewer can say the file is not GeoJSON.
 */
export function parseGeoJson(text: string): ParsedGeoJson | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const object = data as Record<string, unknown>;
  let featureCount: number;
  if (object.type === 'FeatureCollection' && Array.isArray(object.features)) {
    featureCount = object.features.length;
  } else if (object.type === 'Feature') {
    featureCount = 1;
  } else if (typeof object.type === 'string' && geoJsonGeometryTypes.has(object.type)) {
    featureCount = 1;
  } else {
    return null;
  }
  const outOfRange = geometriesOf(object).flatMap(coordinatesOf).some(outside);
  return { data: object, featureCount, outOfRange };
}
