import { calendarDay, shiftCalendarDay } from '@geoportal/contract/calendar';
import type { FilterField, IndexTextField, TextField } from '@geoportal/contract/search';
import type { Box, BoxRelation, QueryNode } from '@geoportal/contract/search-query';
import {
  type Expr,
  FilterInvalidError,
  filterLimits,
  type LikeChars,
  spatialName,
} from './filter-expr.js';

/**
 * A filter expression translated into the search engine's query tree (`QueryNode`): the
 * catalogue standards (CSW, OGC API Records) are answered by the same index, stemming and
 * visibility as `/index/search`, not by a second implementation of matching. Each standard
 * names its queryables (`QueryableSet`); what they mean in the index is decided here.
 */

const invalid = (message: string) => new FilterInvalidError(message);

export type Queryable =
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
export const codeOfUri = (literal: string) => literal.trim().replace(/^https?:\/\/\S*[/#]/i, '');

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

/** The queryables of a standard by their lower-case names, and how messages list them. */
export interface QueryableSet {
  byName: Record<string, Queryable>;
  /** The names as the standard spells them, for the message about an unknown one. */
  names: readonly string[];
  /** Lower-case names of queryables every record has a value of: never null. */
  presentInEveryRecord: ReadonlySet<string>;
}

const localName = (property: string) =>
  // `csw:AnyText`, `apiso:Title`, `dc:title`, `ows:BoundingBox`: the prefix says nothing more.
  property.trim().replace(/^.*:/, '').toLowerCase();

function queryableIn(set: QueryableSet, property: string): Queryable {
  const found = set.byName[localName(property)];
  if (!found) {
    throw invalid(
      `The queryable "${property.slice(0, 80)}" is not supported. Use one of ${set.names.join(', ')}.`,
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
    throw invalid(`A pattern may hold at most ${filterLimits.wordsMax} words.`);
  }
  if (terms.length === 0) return { kind: 'all' };
  return terms.length === 1 ? (terms[0] as QueryNode) : { kind: 'and', children: terms };
}

/** A phrase of the value's words (exact match of a text queryable). */
function phraseNode(value: string, field: IndexTextField | undefined): QueryNode {
  const text = value.trim();
  if (text === '') throw invalid('A comparison needs a value that is not empty.');
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
  const date = match?.[1] ? calendarDay(match[1]) : undefined;
  if (!date) {
    throw invalid(
      `${property} compares with dates of the years 1 to 9999 such as 2024-05-31 or 2024-05-31T12:00:00Z, not "${value.slice(0, 40)}".`,
    );
  }
  return date;
}

function rangeNode(field: FilterField, from?: string, to?: string): QueryNode {
  return {
    kind: 'filter',
    filter: { field, kind: 'range', range: { ...(from ? { from } : {}), ...(to ? { to } : {}) } },
  };
}

function compareNode(set: QueryableSet, expr: Extract<Expr, { kind: 'compare' }>): QueryNode {
  const q = queryableIn(set, expr.property);
  const { op, value, property } = expr;
  const refuse = () => invalid(`PropertyIs${op} cannot be applied to ${property.slice(0, 80)}.`);
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
      if (value.trim() === '') throw invalid('A comparison needs a value that is not empty.');
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
        case 'GreaterThan': {
          // After 9999-12-31 or before 0001-01-01 lies no record's day.
          const next = shiftCalendarDay(d, 1);
          return next ? rangeNode(q.filter, next) : NOTHING;
        }
        case 'LessThanOrEqualTo':
          return rangeNode(q.filter, undefined, d);
        case 'LessThan': {
          const previous = shiftCalendarDay(d, -1);
          return previous ? rangeNode(q.filter, undefined, previous) : NOTHING;
        }
        default:
          throw refuse();
      }
    }
    case 'unstated':
      // No record has a value: none is equal, and every record is not.
      return op === 'NotEqualTo' ? not(NOTHING) : NOTHING;
    case 'box':
      throw invalid(
        `${property.slice(0, 80)} is compared with ${Object.values(spatialName).join(', ')} only.`,
      );
    case 'id':
      throw invalid(
        'Identifier is compared with PropertyIsEqualTo (=) only: as the whole filter, in an Or ' +
          'of such comparisons, or as a part of the filter’s outermost And.',
      );
  }
}

const isIdentifier = (set: QueryableSet, e: Expr): e is Extract<Expr, { kind: 'compare' }> =>
  e.kind === 'compare' && e.op === 'EqualTo' && queryableIn(set, e.property).kind === 'id';

/** The identifiers a part names when it is `Identifier = x` or an Or of such comparisons. */
function identifiersOf(set: QueryableSet, e: Expr): string[] | undefined {
  if (isIdentifier(set, e)) return [e.value.trim()];
  if (e.kind === 'or' && e.children.every((c) => isIdentifier(set, c))) {
    return e.children.map((c) => (c as { value: string }).value.trim());
  }
  return undefined;
}

/**
 * Takes the record identifiers out of a constraint: the whole of it, or parts of its
 * outermost And (each part's identifiers intersected). The search restricts itself to them
 * (`matchingIds`' `onlyIds`); the index has no identifier field to test inside Or or Not.
 */
export function splitIdentifiers(set: QueryableSet, expr: Expr): { ids?: string[]; rest?: Expr } {
  if (expr.kind === 'ids') return { ids: expr.ids };
  const whole = identifiersOf(set, expr);
  if (whole) return { ids: whole };
  if (expr.kind !== 'and') return { rest: expr };
  let ids: string[] | undefined;
  const rest: Expr[] = [];
  for (const child of expr.children) {
    const named = identifiersOf(set, child);
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
function nullNode(set: QueryableSet, property: string): QueryNode {
  const q = queryableIn(set, property);
  if (q.kind === 'box') {
    return not(worldBox);
  }
  if (q.kind === 'unstated') return { kind: 'all' };
  if (set.presentInEveryRecord.has(localName(property))) return NOTHING;
  throw invalid(
    `PropertyIsNull cannot test ${property.slice(0, 80)} yet; it tests BoundingBox, the queryables every record has and those no record states.`,
  );
}

/** The constraint as the search engine's query tree. */
export function toQueryNode(set: QueryableSet, expr: Expr): QueryNode {
  switch (expr.kind) {
    case 'and':
    case 'or':
      return { kind: expr.kind, children: expr.children.map((child) => toQueryNode(set, child)) };
    case 'not':
      return not(toQueryNode(set, expr.child));
    case 'compare':
      return compareNode(set, expr);
    case 'null':
      return nullNode(set, expr.property);
    case 'between': {
      const q = queryableIn(set, expr.property);
      if (q.kind === 'unstated') return NOTHING;
      if (q.kind !== 'date') {
        throw invalid(
          `PropertyIsBetween applies to Modified only, not ${expr.property.slice(0, 80)}.`,
        );
      }
      return rangeNode(q.filter, day(expr.lower, expr.property), day(expr.upper, expr.property));
    }
    case 'ids':
      throw invalid('Record identifiers make a filter of their own, not a part of one.');
    case 'spatial':
      return spatialNode(set, expr);
  }
}

/** A spatial operator as the search's box filter. */
function spatialNode(set: QueryableSet, expr: Extract<Expr, { kind: 'spatial' }>): QueryNode {
  if (queryableIn(set, expr.property).kind !== 'box') {
    throw invalid(
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
