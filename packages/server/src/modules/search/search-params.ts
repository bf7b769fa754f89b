import { searchLimits } from '@geoportal/contract/search';
import {
  type FilterQuery,
  type Parsed,
  parseFilterQuery,
  parseQuery,
  parseSort,
  type QueryNode,
  type Sort,
} from '@geoportal/contract/search-query';
import { parameterProblem, SearchQueryInvalidError } from './search.errors.js';

/**
 * Search parameters: the request as the API receives it (path and query string, text) turned
 * into a checked query, or a 400 `search.query_invalid` that says what to fix.
 */

/** A list search as the API receives it (path and query string, not yet checked). */
export interface SearchParams {
  q: string;
  start?: string | number | undefined;
  rows?: string | number | undefined;
  fq?: string | string[] | undefined;
  sort?: string | string[] | undefined;
  facets?: string | boolean | undefined;
}

/** A spatial search as the API receives it: the list's query, paged for the map. */
export interface SpatialParams extends Omit<SearchParams, 'start' | 'rows' | 'facets'> {
  page?: string | number | undefined;
  size?: string | number | undefined;
  zoom?: string | number | undefined;
}

/** A checked search. */
export interface SearchRequest {
  query: QueryNode;
  filters: FilterQuery[];
  sorts: Sort[];
  start: number;
  rows: number;
  facets: boolean;
}

const list = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function unwrap<T>(parsed: Parsed<T>, what: string): T {
  if (parsed.ok) return parsed.value;
  throw new SearchQueryInvalidError(what, parsed.problem);
}

/**
 * A whole number parameter from `min` to `max`, `fallback` when absent; anything else is 400
 * naming the parameter.
 */
export function integer(
  value: string | number | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value === '') return fallback;
  const n =
    typeof value === 'number' ? value : /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new SearchQueryInvalidError(
      name,
      name === 'start'
        ? parameterProblem('startTooFar', { max })
        : parameterProblem('numberOutOfRange', { name, min, max }),
    );
  }
  return n;
}

/** Checks and parses a list search; anything wrong is 400 `search.query_invalid` saying what to fix. */
export function parseSearch(
  params: SearchParams,
  limits = { rowsMax: searchLimits.rowsMax },
): SearchRequest {
  const filters = list(params.fq);
  if (filters.length > searchLimits.filtersMax) {
    throw new SearchQueryInvalidError(
      'fq',
      parameterProblem('tooManyFilters', { max: searchLimits.filtersMax }),
    );
  }
  const sorts = list(params.sort);
  if (sorts.length > searchLimits.sortsMax) {
    throw new SearchQueryInvalidError(
      'sort',
      parameterProblem('tooManySorts', { max: searchLimits.sortsMax }),
    );
  }
  const facets = params.facets ?? 'true';
  if (facets !== true && facets !== false && facets !== 'true' && facets !== 'false') {
    throw new SearchQueryInvalidError('facets', parameterProblem('facetsNotBoolean'));
  }
  return {
    query: unwrap(parseQuery(params.q.trim() === '*' ? '' : params.q), 'query'),
    filters: filters.map((fq) => unwrap(parseFilterQuery(fq), 'fq')),
    sorts:
      sorts.length > 0
        ? sorts.map((s) => unwrap(parseSort(s), 'sort'))
        : [{ field: 'score', direction: 'desc' }],
    start: integer(params.start, 'start', 0, 0, searchLimits.startMax),
    rows: integer(params.rows, 'rows', searchLimits.rowsDefault, 0, limits.rowsMax),
    facets: facets === true || facets === 'true',
  };
}
