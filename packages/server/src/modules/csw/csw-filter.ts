import type { FilterField, IndexTextField, TextField } from '@geoportal/contract/search';
import type { Box, BoxRelation, QueryNode } from '@geoportal/contract/search-query';
import { typeOfScope } from '../records/iso19139-codes.js';
import { attrOf, children, textOf, type XmlElement } from '../records/xml-document.js';
import { invalid } from './csw.errors.js';

/**
 * CSW constraints, as OGC Filter Encoding 1.1 (XML) or CQL text, read into one expression
 * tree and translated into the search engine's query tree (`QueryNode`): the catalogue
 * standard is answered by the same index, stemming and visibility as `/index/search`, not by
 * a second implementation of matching.
 */

export type Comparison =
  | 'EqualTo'
  | 'NotEqualTo'
  | 'LessThan'
  | 'GreaterThan'
  | 'LessThanOrEqualTo'
  | 'GreaterThanOrEqualTo'
  | 'Like';

export type SpatialOperator = 'bbox' | 'intersects' | 'within' | 'contains' | 'disjoint';

/** The spatial operators by their names in Filter Encoding 1.1. */
const spatialName: Record<SpatialOperator, string> = {
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

const LOCATOR = 'Constraint';

// Queryables ----------------------------------------------------------------------------------

type Queryable =
  /** Words: anywhere, or in any of the fields. */
  | { kind: 'text'; fields?: IndexTextField[] }
  /** A text queryable whose equality is an exact value of a search filter field. */
  | { kind: 'keyword'; field: TextField; filter: FilterField }
  /** An exact value of a filter field, as the client names it turned into the index's form. */
  | { kind: 'value'; filter: FilterField; value?: (literal: string) => string }
  | { kind: 'date'; filter: FilterField }
  | { kind: 'box' }
  /** The record identifier: a restriction of the search, not a condition (see `splitIdentifiers`). */
  | { kind: 'id' }
  /**
   * A queryable of the ISO AP whose element the records never hold (the record model and its
   * ISO 19139 documents have no conformity statement and no security classification): no
   * record has a value, every record is null.
   */
  | { kind: 'unstated' };

/**
 * A code as the index keeps it from a code list value or its URI
 * (`http://inspire.ec.europa.eu/metadata-codelist/ResponsiblePartyRole/custodian`).
 */
const codeOfUri = (literal: string) => literal.trim().replace(/^https?:\/\/\S*[/#]/i, '');

/**
 * A reference system as the record keeps it (`EPSG:25832`) from the forms clients name it
 * in: `EPSG:25832`, `urn:ogc:def:crs:EPSG::25832`, `http://www.opengis.net/def/crs/EPSG/0/25832`.
 */
export function crsCode(literal: string): string {
  const text = literal.trim();
  const code =
    /^EPSG:(\d+)$/i.exec(text)?.[1] ??
    /^urn:ogc:def:crs:EPSG:[\d.]*:(\d+)$/i.exec(text)?.[1] ??
    /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/(\d+)$/i.exec(text)?.[1];
  return code ? `EPSG:${code}` : text;
}

/**
 * The queryables of the ISO AP (lower case, without prefix) and their search fields: the
 * core set, and the INSPIRE additional queryables (TG Discovery Services, table 5).
 */
const queryables: Record<string, Queryable> = {
  anytext: { kind: 'text' },
  title: { kind: 'text', fields: ['title'] },
  abstract: { kind: 'text', fields: ['abstract'] },
  subject: { kind: 'keyword', field: 'keyword', filter: 'keyword' },
  // dc:type speaks ISO scope codes (nonGeographicDataset), the index resource types.
  type: { kind: 'value', filter: 'type', value: (v) => typeOfScope(v.trim()) },
  format: { kind: 'value', filter: 'format' },
  organisationname: { kind: 'value', filter: 'organisation' },
  modified: { kind: 'date', filter: 'modified' },
  boundingbox: { kind: 'box' },
  identifier: { kind: 'id' },
  crs: { kind: 'value', filter: 'crs', value: crsCode },
  // INSPIRE additional queryables.
  lineage: { kind: 'text', fields: ['lineage'] },
  responsiblepartyrole: { kind: 'value', filter: 'role', value: codeOfUri },
  accessconstraints: { kind: 'value', filter: 'restriction', value: codeOfUri },
  // gmd:otherConstraints holds the licence, the use and the access constraints.
  otherconstraints: { kind: 'text', fields: ['useConstraints', 'accessConstraints'] },
  conditionapplyingtoaccessanduse: { kind: 'text', fields: ['useConstraints'] },
  classification: { kind: 'unstated' },
  degree: { kind: 'unstated' },
  specificationtitle: { kind: 'unstated' },
  specificationdate: { kind: 'unstated' },
  specificationdatetype: { kind: 'unstated' },
};

/** The core queryables of the ISO AP, as the capabilities and error messages name them. */
export const queryableNames = [
  'AnyText',
  'Title',
  'Abstract',
  'Subject',
  'Type',
  'Format',
  'OrganisationName',
  'Modified',
  'BoundingBox',
  'Identifier',
  'CRS',
];

/** The INSPIRE additional queryables (capabilities: AdditionalQueryables). */
export const additionalQueryableNames = [
  'Degree',
  'AccessConstraints',
  'OtherConstraints',
  'Classification',
  'ConditionApplyingToAccessAndUse',
  'Lineage',
  'ResponsiblePartyRole',
  'SpecificationTitle',
  'SpecificationDate',
  'SpecificationDateType',
];

/** Queryables every record has a value of: never null. */
const presentInEveryRecord = new Set(['anytext', 'title', 'type', 'modified', 'identifier']);

const localName = (property: string) =>
  // `csw:AnyText`, `apiso:Title`, `dc:title`, `ows:BoundingBox`: the prefix says nothing more.
  property.trim().replace(/^.*:/, '').toLowerCase();

function queryable(property: string): Queryable {
  const found = queryables[localName(property)];
  if (!found) {
    throw invalid(
      LOCATOR,
      `The queryable "${property.slice(0, 80)}" is not supported. Use one of ${[...queryableNames, ...additionalQueryableNames].join(', ')}.`,
    );
  }
  return found;
}

// Translation into the search query -----------------------------------------------------------

const not = (child: QueryNode): QueryNode => ({ kind: 'not', child });

/**
 * The words of a LIKE pattern as terms. The full-text index matches words and their
 * beginnings: a wildcard after a word makes it a prefix term, one before a word is dropped
 * (`%wasser%` finds the word "wasser" and words starting with it, not "Grundwasser"), one
 * inside a word splits it.
 */
function likeNode(pattern: string, chars: LikeChars, field: IndexTextField | undefined): QueryNode {
  const terms: QueryNode[] = [];
  let word = '';
  const push = (prefix: boolean) => {
    const text = word.trim();
    if (text !== '') terms.push({ kind: 'term', text, prefix, ...(field ? { field } : {}) });
    word = '';
  };
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    if (c === chars.escapeChar && i + 1 < pattern.length) {
      word += pattern[i + 1];
      i += 1;
    } else if (c === chars.wildCard || c === chars.singleChar) push(true);
    else if (/[\s\p{P}\p{S}]/u.test(c) && c !== '-') push(false);
    else word += c;
  }
  push(false);
  if (terms.length > filterLimits.wordsMax) {
    throw invalid(LOCATOR, `A pattern may hold at most ${filterLimits.wordsMax} words.`);
  }
  if (terms.length === 0) return { kind: 'all' };
  return terms.length === 1 ? (terms[0] as QueryNode) : { kind: 'and', children: terms };
}

/** A phrase of the value's words (exact match of a text queryable). */
function phraseNode(value: string, field: IndexTextField | undefined): QueryNode {
  const text = value.trim();
  if (text === '') throw invalid(LOCATOR, 'A comparison needs a value that is not empty.');
  return { kind: 'phrase', text, ...(field ? { field } : {}) };
}

/** The node of a text queryable: in any of its fields (or anywhere). */
function inFields(
  fields: IndexTextField[] | undefined,
  node: (field: IndexTextField | undefined) => QueryNode,
): QueryNode {
  if (!fields) return node(undefined);
  const nodes = fields.map(node);
  return nodes.length === 1 ? (nodes[0] as QueryNode) : { kind: 'or', children: nodes };
}

/** Matches no record: the condition on a queryable no record states. */
const NOTHING: QueryNode = { kind: 'not', child: { kind: 'all' } };

/** A calendar day of a date or date-time literal. */
function day(value: string, property: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  const date = match?.[1];
  if (!date || Number.isNaN(new Date(`${date}T00:00:00Z`).getTime())) {
    throw invalid(
      LOCATOR,
      `${property} compares with dates such as 2024-05-31 or 2024-05-31T12:00:00Z, not "${value.slice(0, 40)}".`,
    );
  }
  return date;
}

const shiftDay = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function rangeNode(field: FilterField, from?: string, to?: string): QueryNode {
  return {
    kind: 'filter',
    filter: { field, kind: 'range', range: { ...(from ? { from } : {}), ...(to ? { to } : {}) } },
  };
}

function compareNode(expr: Extract<Expr, { kind: 'compare' }>): QueryNode {
  const q = queryable(expr.property);
  const { op, value, property } = expr;
  const refuse = () =>
    invalid(LOCATOR, `PropertyIs${op} cannot be applied to ${property.slice(0, 80)}.`);
  switch (q.kind) {
    case 'text':
    case 'keyword': {
      const fields = q.kind === 'keyword' ? [q.field] : q.fields;
      if (op === 'Like') {
        const chars = expr.like ?? { wildCard: '%', singleChar: '_', escapeChar: '\\' };
        return inFields(fields, (field) => likeNode(value, chars, field));
      }
      if (op !== 'EqualTo' && op !== 'NotEqualTo') throw refuse();
      const node: QueryNode =
        q.kind === 'keyword'
          ? { kind: 'filter', filter: { field: q.filter, kind: 'values', values: [value] } }
          : inFields(fields, (field) => phraseNode(value, field));
      return op === 'EqualTo' ? node : not(node);
    }
    case 'value': {
      // A pattern without wildcards is an exact value; facet values are not matched by parts.
      const exact =
        op === 'Like' &&
        expr.like &&
        !value.includes(expr.like.wildCard) &&
        !value.includes(expr.like.singleChar)
          ? 'EqualTo'
          : op;
      if (exact !== 'EqualTo' && exact !== 'NotEqualTo') throw refuse();
      if (value.trim() === '')
        throw invalid(LOCATOR, 'A comparison needs a value that is not empty.');
      const node: QueryNode = {
        kind: 'filter',
        filter: {
          field: q.filter,
          kind: 'values',
          // dc:type speaks ISO scope codes (nonGeographicDataset), the index resource types.
          values: [q.value ? q.value(value) : value.trim()],
        },
      };
      return exact === 'EqualTo' ? node : not(node);
    }
    case 'date': {
      const d = day(value, property);
      switch (op) {
        case 'EqualTo':
          return rangeNode(q.filter, d, d);
        case 'NotEqualTo':
          return not(rangeNode(q.filter, d, d));
        case 'GreaterThanOrEqualTo':
          return rangeNode(q.filter, d);
        case 'GreaterThan':
          return rangeNode(q.filter, shiftDay(d, 1));
        case 'LessThanOrEqualTo':
          return rangeNode(q.filter, undefined, d);
        case 'LessThan':
          return rangeNode(q.filter, undefined, shiftDay(d, -1));
        default:
          throw refuse();
      }
    }
    case 'unstated':
      // No record has a value: none is equal, and every record is not.
      return op === 'NotEqualTo' ? not(NOTHING) : NOTHING;
    case 'box':
      throw invalid(
        LOCATOR,
        `${property.slice(0, 80)} is compared with ${spatialOperators.join(', ')} only.`,
      );
    case 'id':
      throw invalid(
        LOCATOR,
        'Identifier is compared with PropertyIsEqualTo (=) only: as the whole filter, in an Or ' +
          'of such comparisons, or as a part of the filter’s outermost And.',
      );
  }
}

const isIdentifier = (e: Expr): e is Extract<Expr, { kind: 'compare' }> =>
  e.kind === 'compare' && e.op === 'EqualTo' && queryable(e.property).kind === 'id';

/** The identifiers a part names when it is `Identifier = x` or an Or of such comparisons. */
function identifiersOf(e: Expr): string[] | undefined {
  if (isIdentifier(e)) return [e.value.trim()];
  if (e.kind === 'or' && e.children.every(isIdentifier)) {
    return e.children.map((c) => (c as { value: string }).value.trim());
  }
  return undefined;
}

/**
 * Takes the record identifiers out of a constraint: the whole of it, or parts of its
 * outermost And (each part's identifiers intersected). The search restricts itself to them
 * (`matchingIds`' `onlyIds`); the index has no identifier field to test inside Or or Not.
 */
export function splitIdentifiers(expr: Expr): { ids?: string[]; rest?: Expr } {
  if (expr.kind === 'ids') return { ids: expr.ids };
  const whole = identifiersOf(expr);
  if (whole) return { ids: whole };
  if (expr.kind !== 'and') return { rest: expr };
  let ids: string[] | undefined;
  const rest: Expr[] = [];
  for (const child of expr.children) {
    const named = identifiersOf(child);
    if (!named) rest.push(child);
    else ids = ids === undefined ? named : ids.filter((id) => named.includes(id));
  }
  const remaining: Expr | undefined =
    rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : { kind: 'and', children: rest };
  return { ...(ids ? { ids } : {}), ...(remaining ? { rest: remaining } : {}) };
}

/** The whole world: every record with an extent intersects it. */
const WORLD: Box = { west: -180, south: -90, east: 180, north: 90 };
const worldBox: QueryNode = { kind: 'filter', filter: { field: 'bbox', kind: 'bbox', box: WORLD } };

/**
 * PropertyIsNull where the index can tell: a record without a box is one outside the whole
 * world's box (a missing extent tests as unknown, which Not keeps); queryables every record
 * has are never null, those no record states always. The absence of the other values is not
 * indexed.
 */
function nullNode(property: string): QueryNode {
  const q = queryable(property);
  if (q.kind === 'box') {
    return not(worldBox);
  }
  if (q.kind === 'unstated') return { kind: 'all' };
  if (presentInEveryRecord.has(localName(property))) return NOTHING;
  throw invalid(
    LOCATOR,
    `PropertyIsNull cannot test ${property.slice(0, 80)} yet; it tests BoundingBox, the queryables every record has and those no record states.`,
  );
}

/** The constraint as the search engine's query tree. */
export function toQueryNode(expr: Expr): QueryNode {
  switch (expr.kind) {
    case 'and':
    case 'or':
      return { kind: expr.kind, children: expr.children.map(toQueryNode) };
    case 'not':
      return not(toQueryNode(expr.child));
    case 'compare':
      return compareNode(expr);
    case 'null':
      return nullNode(expr.property);
    case 'between': {
      const q = queryable(expr.property);
      if (q.kind === 'unstated') return NOTHING;
      if (q.kind !== 'date') {
        throw invalid(
          LOCATOR,
          `PropertyIsBetween applies to Modified only, not ${expr.property.slice(0, 80)}.`,
        );
      }
      return rangeNode(q.filter, day(expr.lower, expr.property), day(expr.upper, expr.property));
    }
    case 'ids':
      throw invalid(LOCATOR, 'Record identifiers make a filter of their own, not a part of one.');
    case 'spatial':
      return spatialNode(expr);
  }
}

/** A spatial operator as the search's box filter. */
function spatialNode(expr: Extract<Expr, { kind: 'spatial' }>): QueryNode {
  if (queryable(expr.property).kind !== 'box') {
    throw invalid(
      LOCATOR,
      `${spatialName[expr.op]} applies to BoundingBox only, not ${expr.property.slice(0, 80)}.`,
    );
  }
  const box = (relation?: BoxRelation): QueryNode => ({
    kind: 'filter',
    filter: { field: 'bbox', kind: 'bbox', box: expr.box, ...(relation ? { relation } : {}) },
  });
  switch (expr.op) {
    case 'bbox':
    case 'intersects':
      return box();
    case 'within':
    case 'contains':
      return box(expr.op);
    case 'disjoint':
      // A box that does not meet it (a record without a box is not disjoint).
      return { kind: 'and', children: [not(box()), worldBox] };
  }
}

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
      LOCATOR,
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
      LOCATOR,
      'The box must lie within -180..180 (longitude) and -90..90 (latitude), south not above north.',
    );
  }
  return box;
}

function numbers(text: string, what: string): number[] {
  const parts = text.trim().split(/\s+/);
  const values = parts.map((p) =>
    /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(p) ? Number(p) : Number.NaN,
  );
  if (values.length !== 2 || values.some((v) => Number.isNaN(v))) {
    throw invalid(LOCATOR, `The ${what} of a box must hold two numbers.`);
  }
  return values;
}

/**
 * The box of a polygon that is one: a single ring of four corners whose edges run along the
 * axes (what map clients send for the map's view). The index keeps the records' boxes, so a
 * box is the geometry it compares exactly; other polygons would need the footprints.
 */
export function polygonBox(rings: number[][][], srsName: string | undefined): Box {
  const refuse = () =>
    invalid(
      LOCATOR,
      'A polygon is supported when it is a box: one ring of four corners with edges along the axes (or use gml:Envelope).',
    );
  const [ring, ...holes] = rings;
  if (!ring || holes.length > 0 || ring.length !== 5) throw refuse();
  const first = ring[0] as number[];
  const last = ring[4] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    throw invalid(LOCATOR, 'The ring of a polygon must end where it starts.');
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

/** Positions from a gml:posList / gml:coordinates text, or gml:pos elements. */
function ringPositions(ring: XmlElement): number[][] {
  const posList = children(ring, 'posList')[0];
  const coordinates = children(ring, 'coordinates')[0];
  const flat = posList
    ? textOf(posList).trim().split(/\s+/)
    : coordinates
      ? textOf(coordinates)
          .trim()
          .split(/[\s,]+/)
      : children(ring, 'pos').flatMap((pos) => textOf(pos).trim().split(/\s+/));
  if (flat.length % 2 !== 0 || flat.length > 200) {
    throw invalid(LOCATOR, 'A ring of a polygon must hold pairs of numbers (at most 100).');
  }
  const positions: number[][] = [];
  for (let i = 0; i < flat.length; i += 2) {
    positions.push(numbers(`${flat[i]} ${flat[i + 1]}`, 'position'));
  }
  return positions;
}

/** The box of a spatial operator's gml:Envelope, or of a gml:Polygon that is a box. */
function geometryBox(element: XmlElement, operator: string): Box {
  const envelopes = children(element, 'Envelope');
  const polygons = children(element, 'Polygon');
  if (envelopes.length + polygons.length !== 1) {
    throw invalid(LOCATOR, `${operator} needs one gml:Envelope (or a gml:Polygon that is a box).`);
  }
  const envelope = envelopes[0];
  if (envelope) {
    const lower = numbers(onlyText(envelope, 'lowerCorner', 'Envelope'), 'lowerCorner');
    const upper = numbers(onlyText(envelope, 'upperCorner', 'Envelope'), 'upperCorner');
    return cornersBox(lower, upper, attrOf(envelope, 'srsName'));
  }
  const polygon = polygons[0] as XmlElement;
  // GML 3 (exterior, interior) and GML 2 (outerBoundaryIs, innerBoundaryIs).
  const rings = ['exterior', 'outerBoundaryIs', 'interior', 'innerBoundaryIs'].flatMap((name) =>
    children(polygon, name).flatMap((boundary) =>
      children(boundary, 'LinearRing').map(ringPositions),
    ),
  );
  return polygonBox(rings, attrOf(polygon, 'srsName'));
}

// Filter Encoding 1.1 -------------------------------------------------------------------------

const comparisons: Record<string, Comparison> = {
  PropertyIsEqualTo: 'EqualTo',
  PropertyIsNotEqualTo: 'NotEqualTo',
  PropertyIsLessThan: 'LessThan',
  PropertyIsGreaterThan: 'GreaterThan',
  PropertyIsLessThanOrEqualTo: 'LessThanOrEqualTo',
  PropertyIsGreaterThanOrEqualTo: 'GreaterThanOrEqualTo',
  PropertyIsLike: 'Like',
};

const idElements = ['FeatureId', 'GmlObjectId'];
const IDS_MAX = 100;

/** The spatial operators by their element names. */
const spatialElements: Record<string, SpatialOperator> = {
  BBOX: 'bbox',
  Intersects: 'intersects',
  Within: 'within',
  Contains: 'contains',
  Disjoint: 'disjoint',
};

const supportedOperators = [
  ...Object.keys(comparisons),
  'PropertyIsBetween',
  'PropertyIsNull',
  ...spatialOperators,
  'And',
  'Or',
  'Not',
];

/** The operator elements of an element, with their local names. */
function operators(element: XmlElement): [string, XmlElement][] {
  return Object.keys(element)
    .filter((key) => !key.startsWith('@') && !key.startsWith('#'))
    .flatMap((key) => children(element, key).map((child) => [key, child] as [string, XmlElement]));
}

function onlyText(element: XmlElement, name: string, operator: string): string {
  const found = children(element, name);
  if (found.length !== 1) {
    throw invalid(LOCATOR, `${operator} needs exactly one ${name}.`);
  }
  return textOf(found[0]);
}

class FilterReader {
  private conditions = 0;

  read(name: string, element: XmlElement, depth: number): Expr {
    if (depth > filterLimits.depthMax) {
      throw invalid(LOCATOR, `The filter nests deeper than ${filterLimits.depthMax} levels.`);
    }
    this.conditions += 1;
    if (this.conditions > filterLimits.conditionsMax) {
      throw invalid(
        LOCATOR,
        `The filter holds more than ${filterLimits.conditionsMax} conditions.`,
      );
    }
    if (name === 'And' || name === 'Or') {
      const parts = operators(element);
      if (parts.length < 2) throw invalid(LOCATOR, `${name} needs at least two operands.`);
      return {
        kind: name === 'And' ? 'and' : 'or',
        children: parts.map(([n, e]) => this.read(n, e, depth + 1)),
      };
    }
    if (name === 'Not') {
      const parts = operators(element);
      if (parts.length !== 1) throw invalid(LOCATOR, 'Not needs exactly one operand.');
      const [n, e] = parts[0] as [string, XmlElement];
      return { kind: 'not', child: this.read(n, e, depth + 1) };
    }
    const op = comparisons[name];
    if (op) {
      const property = onlyText(element, 'PropertyName', name);
      const value = onlyText(element, 'Literal', name);
      return {
        kind: 'compare',
        op,
        property,
        value,
        ...(op === 'Like'
          ? {
              like: {
                wildCard: attrOf(element, 'wildCard') ?? '*',
                singleChar: attrOf(element, 'singleChar') ?? '?',
                escapeChar: attrOf(element, 'escapeChar') ?? attrOf(element, 'escape') ?? '\\',
              },
            }
          : {}),
      };
    }
    if (name === 'PropertyIsNull') {
      return { kind: 'null', property: onlyText(element, 'PropertyName', name) };
    }
    if (name === 'PropertyIsBetween') {
      const property = onlyText(element, 'PropertyName', name);
      const bound = (which: string) => {
        const b = children(element, which);
        if (b.length !== 1) throw invalid(LOCATOR, `PropertyIsBetween needs one ${which}.`);
        return onlyText(b[0] as XmlElement, 'Literal', which);
      };
      return {
        kind: 'between',
        property,
        lower: bound('LowerBoundary'),
        upper: bound('UpperBoundary'),
      };
    }
    const spatial = spatialElements[name];
    if (spatial) {
      return {
        kind: 'spatial',
        op: spatial,
        property: onlyText(element, 'PropertyName', name),
        box: geometryBox(element, name),
      };
    }
    throw invalid(
      LOCATOR,
      `The filter operator ${name.slice(0, 80)} is not supported. Use ${supportedOperators.join(', ')}.`,
    );
  }
}

/** An `ogc:Filter` element as an expression. */
export function readFilter(filter: XmlElement): Expr {
  const parts = operators(filter);
  // FE 1.1: one operator, or any number of identifiers (which no operator may hold).
  if (parts.length > 0 && parts.every(([name]) => idElements.includes(name))) {
    if (parts.length > IDS_MAX) {
      throw invalid(LOCATOR, `A filter may name at most ${IDS_MAX} record identifiers.`);
    }
    return {
      kind: 'ids',
      ids: parts.map(([name, element]) => {
        const id = attrOf(element, name === 'FeatureId' ? 'fid' : 'id');
        if (!id?.trim()) throw invalid(LOCATOR, `${name} needs the identifier of a record.`);
        return id.trim();
      }),
    };
  }
  if (parts.length !== 1) {
    throw invalid(
      LOCATOR,
      'An ogc:Filter holds exactly one operator (combine several with And or Or).',
    );
  }
  const [name, element] = parts[0] as [string, XmlElement];
  return new FilterReader().read(name, element, 1);
}

export { supportedOperators };
