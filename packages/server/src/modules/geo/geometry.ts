import type { Position, Ring } from './topojson.js';

/**
 * Preparing basemap geometry for one detail level: cut to the level's extent, thin out
 * points the level cannot show (Douglas–Peucker), and round coordinates to the level's
 * precision. All in degrees (EPSG:4326).
 */

export type Extent = [west: number, south: number, east: number, north: number];

/** Cuts a ring to a rectangle (Sutherland–Hodgman; exact for convex clip windows). */
export function clipRing(ring: Ring, [west, south, east, north]: Extent): Ring {
  const edges: Array<
    [inside: (p: Position) => boolean, cross: (a: Position, b: Position) => Position]
  > = [
    [(p) => p[0] >= west, (a, b) => atX(a, b, west)],
    [(p) => p[0] <= east, (a, b) => atX(a, b, east)],
    [(p) => p[1] >= south, (a, b) => atY(a, b, south)],
    [(p) => p[1] <= north, (a, b) => atY(a, b, north)],
  ];
  let points = openRing(ring);
  for (const [inside, cross] of edges) {
    if (points.length === 0) break;
    const input = points;
    points = [];
    let previous = input[input.length - 1] as Position;
    for (const current of input) {
      if (inside(current)) {
        if (!inside(previous)) points.push(cross(previous, current));
        points.push(current);
      } else if (inside(previous)) {
        points.push(cross(previous, current));
      }
      previous = current;
    }
  }
  return points.length >= 3 ? closeRing(points) : [];
}

/** Cuts a line to a rectangle; a line that leaves and re-enters becomes several lines. */
export function clipLine(points: Position[], extent: Extent): Position[][] {
  const parts: Position[][] = [];
  let current: Position[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const segment = clipSegment(points[i - 1] as Position, points[i] as Position, extent);
    if (!segment) {
      if (current.length >= 2) parts.push(current);
      current = [];
      continue;
    }
    const [a, b] = segment;
    const last = current[current.length - 1];
    if (!last || last[0] !== a[0] || last[1] !== a[1]) {
      if (current.length >= 2) parts.push(current);
      current = [a];
    }
    current.push(b);
  }
  if (current.length >= 2) parts.push(current);
  return parts;
}

/** Liang–Barsky: the part of a segment inside the rectangle, or null. */
function clipSegment(
  a: Position,
  b: Position,
  [west, south, east, north]: Extent,
): [Position, Position] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const checks: Array<[number, number]> = [
    [-dx, a[0] - west],
    [dx, east - a[0]],
    [-dy, a[1] - south],
    [dy, north - a[1]],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return null;
      if (t < t1) t1 = t;
    }
  }
  return [
    t0 === 0 ? a : [a[0] + t0 * dx, a[1] + t0 * dy],
    t1 === 1 ? b : [a[0] + t1 * dx, a[1] + t1 * dy],
  ];
}

/** Douglas–Peucker with a tolerance in degrees; keeps both end points. */
export function simplify(points: Position[], tolerance: number): Position[] {
  if (tolerance <= 0 || points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  const squared = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let farthest = -1;
    let maxDistance = squared;
    for (let i = first + 1; i < last; i += 1) {
      const distance = segmentDistanceSquared(
        points[i] as Position,
        points[first] as Position,
        points[last] as Position,
      );
      if (distance > maxDistance) {
        maxDistance = distance;
        farthest = i;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Simplifies a closed ring; answers [] when too little of it is left to enclose an area. */
export function simplifyRing(ring: Ring, tolerance: number): Ring {
  const simplified = simplify(ring, tolerance);
  return simplified.length >= 4 ? simplified : [];
}

/** Rounds to `digits` decimals and drops points that became equal to their predecessor. */
export function roundLine(points: Position[], digits: number): Position[] {
  const factor = 10 ** digits;
  const result: Position[] = [];
  for (const [x, y] of points) {
    const rounded: Position = [Math.round(x * factor) / factor, Math.round(y * factor) / factor];
    const last = result[result.length - 1];
    if (!last || last[0] !== rounded[0] || last[1] !== rounded[1]) result.push(rounded);
  }
  return result;
}

/** Rounds a ring; [] when fewer than four points (a closed triangle) remain. */
export function roundRing(ring: Ring, digits: number): Ring {
  const rounded = roundLine(ring, digits);
  return rounded.length >= 4 ? rounded : [];
}

/** Bounding box of a set of points. */
export function bboxOf(points: Iterable<Position>): Extent {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [x, y] of points) {
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return [west, south, east, north];
}

export function intersects(a: Extent, b: Extent): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

/** Area of a ring in square degrees (shoelace; sign ignored). */
export function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i += 1) {
    const [x1, y1] = ring[i - 1] as Position;
    const [x2, y2] = ring[i] as Position;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum / 2);
}

function openRing(ring: Ring): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && first[0] === last[0] && first[1] === last[1]
    ? ring.slice(0, -1)
    : [...ring];
}

function closeRing(points: Position[]): Ring {
  return [...points, points[0] as Position];
}

function atX(a: Position, b: Position, x: number): Position {
  return [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
}

function atY(a: Position, b: Position, y: number): Position {
  return [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
}

function segmentDistanceSquared(p: Position, a: Position, b: Position): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0];
      y = b[1];
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}
