import type { BoundingBox, Geometry } from '@geoportal/contract/record';
import { boxGeometry } from '../records/geojson.js';
import { decimal } from '../records/iso19139-writer.js';

/**
 * GeoJSON geometries as WKT (OGC 06-103r4), the literal form GeoSPARQL's `wktLiteral` and
 * DCAT's `dcat:bbox` / `locn:geometry` take. Coordinates stay longitude first: a wktLiteral
 * without a CRS IRI is in CRS84.
 */

type Position = [number, number] | number[];

const point = (p: Position) => `${decimal(p[0] as number)} ${decimal(p[1] as number)}`;
const line = (ps: Position[]) => `(${ps.map(point).join(', ')})`;
const polygon = (rings: Position[][]) => `(${rings.map(line).join(', ')})`;

export function toWkt(geometry: Geometry): string {
  switch (geometry.type) {
    case 'Point':
      return `POINT (${point(geometry.coordinates)})`;
    case 'MultiPoint':
      return `MULTIPOINT (${geometry.coordinates.map((p) => `(${point(p)})`).join(', ')})`;
    case 'LineString':
      return `LINESTRING ${line(geometry.coordinates)}`;
    case 'MultiLineString':
      return `MULTILINESTRING (${geometry.coordinates.map(line).join(', ')})`;
    case 'Polygon':
      return `POLYGON ${polygon(geometry.coordinates as Position[][])}`;
    case 'MultiPolygon':
      return `MULTIPOLYGON (${(geometry.coordinates as Position[][][]).map(polygon).join(', ')})`;
  }
}

/** The box as a WKT polygon (two across the antimeridian). */
export const boxWkt = (box: BoundingBox) => toWkt(boxGeometry(box) as Geometry);

/** The centre of the box as a WKT point (across the antimeridian: the middle of the crossing). */
export function centroidWkt(box: BoundingBox): string {
  const east = box.west > box.east ? box.east + 360 : box.east;
  const x = (box.west + east) / 2;
  const lon = x > 180 ? x - 360 : x;
  return toWkt({ type: 'Point', coordinates: [lon, (box.south + box.north) / 2] });
}
