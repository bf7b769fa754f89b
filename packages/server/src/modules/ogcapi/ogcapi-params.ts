import { calendarDay } from '@geoportal/contract/calendar';
import { searchLimits } from '@geoportal/contract/search';
import {
  type Box,
  type FilterQuery,
  parseBox,
  parseQuery,
  type QueryNode,
  type Sort,
} from '@geoportal/contract/search-query';
import { readCql } from '../search/filter-cql.js';
import { FilterInvalidError } from '../search/filter-expr.js';
import { splitIdentifiers, toQueryNode } from '../search/filter-translation.js';
import { invalidParameter } from './ogcapi.errors.js';
import { recordQueryables, sortables } from './ogcapi-queryables.js';

/**
 * The query parameters of `/collections/metadata/items` (OGC API Records Part 1 record core
 * query parameters, sorting and filtering) checked and read into the pieces of a search.
 * Anything the API does not define is refused, as OGC API Features asks.
 */

export const itemsLimits = { limitDefault: 10, limitMax: searchLimits.rowsMax } as const;

/** Most record identifiers one request may name (`ids`). */
const IDS_MAX = 100;

const itemParameters = [
  'f',
  'q',
  'bbox',
  'bbox-crs',
  'datetime',
  'type',
  'externalIds',
  'ids',
  'limit',
  'offset',
  'sortby',
  'filter',
  'filter-lang',
  'filter-crs',
];

const CRS84 = [
  'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
  'https://www.opengis.net/def/crs/OGC/1.3/CRS84',
];

export type RawQuery = Record<string, string | string[] | undefined>;

export interface ItemsQuery {
  query: QueryNode;
  filters: FilterQuery[];
  sorts: Sort[];
  limit: number;
  offset: number;
  /** Record identifiers the answer is kept to (`ids`, and `id` in the filter). */
  ids?: string[];
  /** Resource identifiers (`externalIds`), resolved to records by the service. */
  externalIds?: string[];
}

/** One value of a parameter; a repeated parameter is refused. */
export function single(raw: RawQuery, name: string): string | undefined {
  const value = raw[name];
  if (Array.isArray(value)) {
    throw invalidParameter(`The parameter ${name} may be given once.`);
  }
  return value;
}

/** Refuses parameters the resource does not define. */
export function checkKnown(raw: RawQuery, known: readonly string[]) {
  for (const name of Object.keys(raw)) {
    if (!known.includes(name)) {
      throw invalidParameter(
        `The parameter "${name.slice(0, 40)}" is not known here. Use ${known.join(', ')}.`,
      );
    }
  }
}

function integer(raw: RawQuery, name: string, fallback: number, min: number, max: number) {
  const text = single(raw, name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw invalidParameter(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return Number(text);
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** `bbox`: four numbers (or six with heights, which are ignored) in CRS84. */
function readBox(raw: RawQuery): Box | undefined {
  const text = single(raw, 'bbox');
  if (text === undefined) return undefined;
  const crs = single(raw, 'bbox-crs');
  if (crs !== undefined && !CRS84.includes(crs.trim())) {
    throw invalidParameter(`bbox-crs "${crs.slice(0, 80)}" is not offered; use ${CRS84[0]}.`);
  }
  const parts = text.split(',');
  const flat = parts.length === 6 ? [parts[0], parts[1], parts[3], parts[4]] : parts;
  const parsed = parseBox(flat.join(','));
  if (!parsed.ok) throw invalidParameter(`bbox: ${parsed.problem.message}`);
  return parsed.value;
}

/** A day of an instant (`2024-05-31`, `2024-05-31T12:00:00Z`); `..` and '' are open. */
function dayOf(text: string): string | undefined {
  if (text === '..' || text === '') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?$/i.exec(
    text,
  );
  const day = match?.[1] ? calendarDay(match[1]) : undefined;
  if (!day) {
    throw invalidParameter(
      `datetime takes a date or date-time of the years 1 to 9999 (2024-05-31, 2024-05-31T12:00:00Z) or an interval of them (2020-01-01/.., ../2024-12-31), not "${text.slice(0, 40)}".`,
    );
  }
  return day;
}

/** `datetime`: the records whose temporal extent meets the instant or interval. */
function readDatetime(raw: RawQuery): FilterQuery | undefined {
  const text = single(raw, 'datetime')?.trim();
  if (text === undefined) return undefined;
  const parts = text.split('/');
  if (
    parts.length > 2 ||
    text === '' ||
    (parts.length === 2 && parts.every((p) => p === '..' || p === ''))
  ) {
    throw invalidParameter(
      'datetime takes an instant or an interval start/end with at most one open end.',
    );
  }
  const from = dayOf(parts[0] as string);
  const to = parts.length === 2 ? dayOf(parts[1] as string) : from;
  if (from && to && from > to) {
    throw invalidParameter(`datetime: the start ${from} is after the end ${to}.`);
  }
  return {
    filter: {
      field: 'temporal',
      kind: 'range',
      range: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
    },
    negated: false,
  };
}

/** `q`: any of the comma-separated terms, each read as the search's query text. */
function readQ(raw: RawQuery): QueryNode | undefined {
  const text = single(raw, 'q');
  if (text === undefined || text.trim() === '') return undefined;
  if (text.length > searchLimits.queryMax) {
    throw invalidParameter(`q is longer than ${searchLimits.queryMax} characters.`);
  }
  const nodes = list(text).map((term) => {
    const parsed = parseQuery(term);
    if (!parsed.ok) throw invalidParameter(`q: ${parsed.problem.message}`);
    return parsed.value;
  });
  if (nodes.length === 0) return undefined;
  return nodes.length === 1 ? nodes[0] : { kind: 'or', children: nodes };
}

/** `sortby`: `+title,-updated`; ascending unless `-`. */
function readSorts(raw: RawQuery): Sort[] {
  const text = single(raw, 'sortby');
  if (text === undefined || text.trim() === '') return [{ field: 'score', direction: 'desc' }];
  const sorts = list(text).map((part): Sort => {
    const descending = part.startsWith('-');
    const name = part.replace(/^[+-]/, '');
    const field = sortables[name];
    if (!field) {
      throw invalidParameter(
        `sortby: "${name.slice(0, 40)}" cannot be sorted by. Use ${Object.keys(sortables).join(', ')}, each with + or - before it.`,
      );
    }
    return { field, direction: descending ? 'desc' : 'asc' };
  });
  if (sorts.length > searchLimits.sortsMax) {
    throw invalidParameter(`sortby names at most ${searchLimits.sortsMax} properties.`);
  }
  return sorts;
}

/** `filter` (CQL2 text) as a query and the record identifiers it names. */
function readFilter(raw: RawQuery): { query?: QueryNode; ids?: string[] } {
  const text = single(raw, 'filter');
  const lang = single(raw, 'filter-lang');
  if (lang !== undefined && lang.trim() !== 'cql2-text') {
    throw invalidParameter(`filter-lang "${lang.slice(0, 40)}" is not offered; use cql2-text.`);
  }
  const crs = single(raw, 'filter-crs');
  if (crs !== undefined && !CRS84.includes(crs.trim())) {
    throw invalidParameter(`filter-crs "${crs.slice(0, 80)}" is not offered; use ${CRS84[0]}.`);
  }
  if (text === undefined || text.trim() === '') return {};
  try {
    const { ids, rest } = splitIdentifiers(recordQueryables, readCql(text));
    return {
      ...(rest ? { query: toQueryNode(recordQueryables, rest) } : {}),
      ...(ids ? { ids } : {}),
    };
  } catch (error) {
    if (error instanceof FilterInvalidError) throw invalidParameter(`filter: ${error.message}`);
    throw error;
  }
}

const intersect = (a: string[] | undefined, b: string[] | undefined) =>
  a === undefined ? b : b === undefined ? a : a.filter((id) => b.includes(id));

/** The checked query of the items resource. */
export function readItemsQuery(raw: RawQuery): ItemsQuery {
  checkKnown(raw, itemParameters);
  const limit = integer(raw, 'limit', itemsLimits.limitDefault, 1, itemsLimits.limitMax);
  const offset = integer(raw, 'offset', 0, 0, searchLimits.harvestStartMax);
  const box = readBox(raw);
  const datetime = readDatetime(raw);
  const typeText = single(raw, 'type');
  const types = typeText === undefined ? [] : list(typeText);
  const filters: FilterQuery[] = [
    ...(box
      ? [{ filter: { field: 'bbox' as const, kind: 'bbox' as const, box }, negated: false }]
      : []),
    ...(datetime ? [datetime] : []),
    ...(types.length > 0
      ? [
          {
            filter: { field: 'type' as const, kind: 'values' as const, values: types },
            negated: false,
          },
        ]
      : []),
  ];
  const q = readQ(raw);
  const filter = readFilter(raw);
  const parts = [q, filter.query].filter((node): node is QueryNode => node !== undefined);
  const idsText = single(raw, 'ids');
  const externalText = single(raw, 'externalIds');
  const named = idsText === undefined ? undefined : list(idsText);
  if (named && named.length > IDS_MAX) {
    throw invalidParameter(`ids names at most ${IDS_MAX} records.`);
  }
  const ids = intersect(named, filter.ids);
  return {
    query:
      parts.length === 0
        ? { kind: 'all' }
        : parts.length === 1
          ? (parts[0] as QueryNode)
          : { kind: 'and', children: parts },
    filters,
    sorts: readSorts(raw),
    limit,
    offset,
    ...(ids ? { ids } : {}),
    ...(externalText === undefined ? {} : { externalIds: list(externalText) }),
  };
}
