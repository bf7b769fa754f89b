/**
 * The small part of TopoJSON (the format of the Natural Earth packages) the basemap needs:
 * decoding quantized arcs into polygons and lines, and the mesh of arcs shared between
 * features (country borders) or of all arcs (coastlines). Written here instead of adding
 * topojson-client for three functions over a stable, well-specified format.
 */

export type Position = [number, number];
export type Ring = Position[];

export interface Topology {
  type: 'Topology';
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: number[][][];
  objects: Record<string, TopoObject>;
}

export type TopoGeometry =
  | {
      type: 'Polygon';
      arcs: number[][];
      id?: string | number;
      properties?: Record<string, unknown>;
    }
  | {
      type: 'MultiPolygon';
      arcs: number[][][];
      id?: string | number;
      properties?: Record<string, unknown>;
    }
  | {
      type: 'LineString';
      arcs: number[];
      id?: string | number;
      properties?: Record<string, unknown>;
    }
  | {
      type: 'MultiLineString';
      arcs: number[][];
      id?: string | number;
      properties?: Record<string, unknown>;
    }
  | {
      type: 'Point' | 'MultiPoint' | null;
      id?: string | number;
      properties?: Record<string, unknown>;
    };

export interface TopoObject {
  type: 'GeometryCollection';
  geometries: TopoGeometry[];
}

/** Decoded geometry: polygons as lists of rings, lines as lists of lines. */
export type Shape =
  | { kind: 'polygons'; polygons: Ring[][] }
  | { kind: 'lines'; lines: Position[][] };

/** Decodes every arc once into absolute positions. */
export function decodeArcs(topology: Topology): Position[][] {
  const [sx, sy] = topology.transform?.scale ?? [1, 1];
  const [tx, ty] = topology.transform?.translate ?? [0, 0];
  const quantized = topology.transform !== undefined;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx = 0, dy = 0]) => {
      if (!quantized) return [dx, dy] as Position;
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty] as Position;
    });
  });
}

/** The arc index an entry refers to (negative entries mean the arc reversed). */
const arcIndex = (entry: number) => (entry < 0 ? ~entry : entry);

function line(arcs: Position[][], entries: number[]): Position[] {
  const points: Position[] = [];
  for (const entry of entries) {
    const arc = arcs[arcIndex(entry)] ?? [];
    const oriented = entry < 0 ? [...arc].reverse() : arc;
    // Consecutive arcs share their end point.
    points.push(...(points.length > 0 ? oriented.slice(1) : oriented));
  }
  return points;
}

/** The shape of one geometry, or null for points and empty geometries. */
export function shapeOf(arcs: Position[][], geometry: TopoGeometry): Shape | null {
  switch (geometry.type) {
    case 'Polygon':
      return { kind: 'polygons', polygons: [geometry.arcs.map((ring) => line(arcs, ring))] };
    case 'MultiPolygon':
      return {
        kind: 'polygons',
        polygons: geometry.arcs.map((polygon) => polygon.map((ring) => line(arcs, ring))),
      };
    case 'LineString':
      return { kind: 'lines', lines: [line(arcs, geometry.arcs)] };
    case 'MultiLineString':
      return { kind: 'lines', lines: geometry.arcs.map((part) => line(arcs, part)) };
    default:
      return null;
  }
}

function arcsOf(geometry: TopoGeometry): number[] {
  switch (geometry.type) {
    case 'Polygon':
    case 'MultiLineString':
      return geometry.arcs.flat();
    case 'MultiPolygon':
      return geometry.arcs.flat(2);
    case 'LineString':
      return geometry.arcs;
    default:
      return [];
  }
}

/**
 * The arcs of a collection as lines, each once. With `shared` only arcs that two different
 * geometries use (the borders between countries); without, all arcs (outlines, coastlines).
 */
export function mesh(arcs: Position[][], object: TopoObject, shared: boolean): Position[][] {
  const users = new Map<number, Set<number>>();
  object.geometries.forEach((geometry, index) => {
    for (const entry of arcsOf(geometry)) {
      const arc = arcIndex(entry);
      const set = users.get(arc) ?? new Set<number>();
      set.add(index);
      users.set(arc, set);
    }
  });
  const lines: Position[][] = [];
  for (const [arc, geometries] of users) {
    if (shared && geometries.size < 2) continue;
    const points = arcs[arc];
    if (points && points.length >= 2) lines.push(points);
  }
  return lines;
}
