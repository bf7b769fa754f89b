import type { Box } from '@geoportal/contract/search-query';

/**
 * Filters of the catalogue standards (CSW's Filter Encoding and CQL text, OGC API Records'
 * CQL2 text) as one expression tree, before `filter-translation.ts` turns it into the search
 * engine's query tree. Every refusal is a `FilterInvalidError`; each standard answers it in
 * its own error format.
 */

/** A filter that cannot be read or answered; the message says what to change. */
export class FilterInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterInvalidError';
  }
}

const invalid = (message: string) => new FilterInvalidError(message);

export type Comparison =
  | 'EqualTo'
  | 'NotEqualTo'
  | 'LessThan'
  | 'GreaterThan'
  | 'LessThanOrEqualTo'
  | 'GreaterThanOrEqualTo'
  | 'Like';

export type SpatialOperator = 'bbox' | 'intersects' | 'within' | 'contains' | 'disjoint';

/** The spatial operators by their names in Filter Encoding 1.1 (and in messages). */
export const spatialName: Record<SpatialOperator, string> = {
  bbox: 'BBOX',
  intersects: 'Intersects',
  within: 'Within',
  contains: 'Contains',
  disjoint: 'Disjoint',
};
export const spatialOperators = Object.values(spatialName);

/** The wildcards of a PropertyIsLike (FE 1.1 defaults; CQL uses % and _). */
export interface LikeChars {
  wildCard: string;
  singleChar: string;
  escapeChar: string;
}

export type Expr =
  | { kind: 'and' | 'or'; children: Expr[] }
  | { kind: 'not'; child: Expr }
  | { kind: 'compare'; op: Comparison; property: string; value: string; like?: LikeChars }
  | { kind: 'between'; property: string; lower: string; upper: string }
  | { kind: 'null'; property: string }
  /** BBOX, Intersects (the same: the extent meets the box), Within, Contains, Disjoint. */
  | { kind: 'spatial'; op: SpatialOperator; property: string; box: Box }
  /** ogc:FeatureId / ogc:GmlObjectId: record identifiers, only ever the whole filter (FE 1.1). */
  | { kind: 'ids'; ids: string[] };

/** How far a constraint may nest and how many conditions it may hold. */
export const filterLimits = { depthMax: 8, conditionsMax: 50, wordsMax: 32 } as const;

// Boxes ---------------------------------------------------------------------------------------

/**
 * West, south, east, north from two corners. EPSG:4326 named as a URN or an opengis.net URI
 * has latitude first (as pycsw and GeoNetwork read it); `EPSG:4326`, CRS84 and no name mean
 * longitude first.
 */
export function cornersBox(lower: number[], upper: number[], srsName: string | undefined): Box {
  const latFirst =
    /^(urn:ogc:def:crs:EPSG:[\d.]*:4326|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/4326)$/i.test(
      srsName?.trim() ?? '',
    );
  if (
    srsName &&
    !latFirst &&
    !/^(EPSG:4326|urn:ogc:def:crs:OGC:1\.3:CRS84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84)$/i.test(
      srsName.trim(),
    )
  ) {
    throw invalid(
      `The box's reference system "${srsName.slice(0, 80)}" is not supported. Use EPSG:4326.`,
    );
  }
  const [a, b] = lower as [number, number];
  const [c, d] = upper as [number, number];
  const box = latFirst
    ? { west: b, south: a, east: d, north: c }
    : { west: a, south: b, east: c, north: d };
  if (
    [box.west, box.east].some((x) => !Number.isFinite(x) || x < -180 || x > 180) ||
    [box.south, box.north].some((y) => !Number.isFinite(y) || y < -90 || y > 90) ||
    box.south > box.north
  ) {
    throw invalid(
      'The box must lie within -180..180 (longitude) and -90..90 (latitude), south not above north.',
    );
  }
  return box;
}

/**
 * The box of a polygon that is one: a single ring of four corners whose edges run along the
 * axes (what map clients send for the map's view). The index keeps the records' boxes, so a
 * box is the geometry it compares exactly; other polygons would need the footprints.
 */
export function polygonBox(rings: number[][][], srsName: string | undefined): Box {
  const refuse = () =>
    invalid(
      'A polygon is supported when it is a box: one ring of four corners with edges along the axes (or use gml:Envelope).',
    );
  const [ring, ...holes] = rings;
  if (!ring || holes.length > 0 || ring.length !== 5) throw refuse();
  const first = ring[0] as number[];
  const last = ring[4] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    throw invalid('The ring of a polygon must end where it starts.');
  }
  const alongAxes = ring.slice(1).every((p, i) => p[0] === ring[i]?.[0] || p[1] === ring[i]?.[1]);
  const xs = new Set(ring.map((p) => p[0] as number));
  const ys = new Set(ring.map((p) => p[1] as number));
  const corners = new Set(ring.slice(0, 4).map((p) => `${p[0]} ${p[1]}`));
  if (!alongAxes || corners.size !== 4 || xs.size !== 2 || ys.size !== 2) throw refuse();
  return cornersBox(
    [Math.min(...xs), Math.min(...ys)],
    [Math.max(...xs), Math.max(...ys)],
    srsName,
  );
}
