import type { FilterField, TextField } from '@geoportal/contract/search';
import type { Box, QueryNode } from '@geoportal/contract/search-query';
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
  | { kind: 'bbox'; property: string; box: Box }
  /** ogc:FeatureId / ogc:GmlObjectId: record identifiers, only ever the whole filter (FE 1.1). */
  | { kind: 'ids'; ids: string[] };

/** How far a constraint may nest and how many conditions it may hold. */
export const filterLimits = { depthMax: 8, conditionsMax: 50, wordsMax: 32 } as const;

const LOCATOR = 'Constraint';

// Queryables ----------------------------------------------------------------------------------

type Queryable =
  | { kind: 'text'; field?: TextField }
  /** A text queryable whose equality is an exact value of a search filter field. */
  | { kind: 'keyword'; field: TextField; filter: FilterField }
  | { kind: 'value'; filter: FilterField }
  | { kind: 'date'; filter: FilterField }
  | { kind: 'box' }
  /** The record identifier: a restriction of the search, not a condition (see `splitIdentifiers`). */
  | { kind: 'id' };

/** The core queryables of the ISO AP (lower case, without prefix) and their search fields. */
const queryables: Record<string, Queryable> = {
  anytext: { kind: 'text' },
  title: { kind: 'text', field: 'title' },
  abstract: { kind: 'text', field: 'abstract' },
  subject: { kind: 'keyword', field: 'keyword', filter: 'keyword' },
  type: { kind: 'value', filter: 'type' },
  format: { kind: 'value', filter: 'format' },
  organisationname: { kind: 'value', filter: 'organisation' },
  modified: { kind: 'date', filter: 'modified' },
  boundingbox: { kind: 'box' },
  identifier: { kind: 'id' },
};

/** The names the capabilities and error messages list. */
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
];

function queryable(property: string): Queryable {
  // `csw:AnyText`, `apiso:Title`, `dc:title`, `ows:BoundingBox`: the prefix says nothing more.
  const local = property.trim().replace(/^.*:/, '').toLowerCase();
  const found = queryables[local];
  if (!found) {
    throw invalid(
      LOCATOR,
      `The queryable "${property.slice(0, 80)}" is not supported. Use one of ${queryableNames.join(', ')}.`,
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
function likeNode(pattern: string, chars: LikeChars, field: TextField | undefined): QueryNode {
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
function phraseNode(value: string, field: TextField | undefined): QueryNode {
  const text = value.trim();
  if (text === '') throw invalid(LOCATOR, 'A comparison needs a value that is not empty.');
  return { kind: 'phrase', text, ...(field ? { field } : {}) };
}

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
      if (op === 'Like') {
        return likeNode(
          value,
          expr.like ?? { wildCard: '%', singleChar: '_', escapeChar: '\\' },
          q.field,
        );
      }
      if (op !== 'EqualTo' && op !== 'NotEqualTo') throw refuse();
      const node: QueryNode =
        q.kind === 'keyword'
          ? { kind: 'filter', filter: { field: q.filter, kind: 'values', values: [value] } }
          : phraseNode(value, q.field);
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
          values: [q.filter === 'type' ? typeOfScope(value.trim()) : value.trim()],
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
    case 'box':
      throw invalid(LOCATOR, `${property.slice(0, 80)} is compared with BBOX only.`);
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

/**
 * PropertyIsNull where the index can tell: a record without a box is one outside the whole
 * world's box (a missing extent tests as unknown, which Not keeps); queryables every record
 * has are never null. The absence of the other values is not indexed.
 */
function nullNode(property: string): QueryNode {
  const q = queryable(property);
  if (q.kind === 'box') {
    return not({ kind: 'filter', filter: { field: 'bbox', kind: 'bbox', box: WORLD } });
  }
  if (
    q.kind === 'id' ||
    q.kind === 'date' ||
    (q.kind === 'text' && q.field !== 'abstract') ||
    (q.kind === 'value' && q.filter === 'type')
  ) {
    return not({ kind: 'all' });
  }
  throw invalid(
    LOCATOR,
    `PropertyIsNull cannot test ${property.slice(0, 80)} yet; it tests BoundingBox and the queryables every record has.`,
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
    case 'bbox': {
      if (queryable(expr.property).kind !== 'box') {
        throw invalid(
          LOCATOR,
          `BBOX applies to BoundingBox only, not ${expr.property.slice(0, 80)}.`,
        );
      }
      return { kind: 'filter', filter: { field: 'bbox', kind: 'bbox', box: expr.box } };
    }
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

const supportedOperators = [
  ...Object.keys(comparisons),
  'PropertyIsBetween',
  'BBOX',
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
    if (name === 'BBOX') {
      const property = onlyText(element, 'PropertyName', name);
      const envelopes = children(element, 'Envelope');
      if (envelopes.length !== 1) throw invalid(LOCATOR, 'BBOX needs one gml:Envelope.');
      const envelope = envelopes[0] as XmlElement;
      const lower = numbers(onlyText(envelope, 'lowerCorner', 'Envelope'), 'lowerCorner');
      const upper = numbers(onlyText(envelope, 'upperCorner', 'Envelope'), 'upperCorner');
      return { kind: 'bbox', property, box: cornersBox(lower, upper, attrOf(envelope, 'srsName')) };
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
