import type { BoundingBox } from '@geoportal/contract/record';
import { type FacetField, facetFields, searchLimits } from '@geoportal/contract/search-fields';
import { facetFilter, parseFacetValues } from '../../../lib/search/filter-query';

/**
 * What the search page shows, as its address holds it (`/search?q=…&fq=…&sort=…&page=2`), so
 * a copied link or the back button brings back the same results. `fq` and `sort` are the API's
 * own texts; the page reads the facet filters and the extent out of them.
 */
export interface SearchState {
  /** The query text as typed; empty searches everything. */
  q: string;
  /** Selected values per facet (OR within a facet, AND across facets). */
  facets: Partial<Record<FacetField, string[]>>;
  /** The extent filter: records whose extent intersects it. */
  bbox?: BoundingBox;
  /** Other filters of the address (ranges, negations), kept and sent as they are. */
  otherFilters: string[];
  /** The sort, e.g. `modified desc`; empty for the server's default (relevance). */
  sort: string;
  /** Page number from 1; 10 hits a page (SPEC §9). */
  page: number;
}

export const emptySearchState: SearchState = {
  q: '',
  facets: {},
  otherFilters: [],
  sort: '',
  page: 1,
};

/** Hits per page (SPEC §9). */
export const PAGE_SIZE = searchLimits.rowsDefault;

/** The last page whose first hit the API still serves (`start` ≤ `startMax`). */
export const LAST_PAGE = Math.floor(searchLimits.startMax / PAGE_SIZE) + 1;

const isFacetField = (field: string): field is FacetField =>
  (facetFields as readonly string[]).includes(field);

/** `bbox:west,south,east,north` with four numbers in range; undefined otherwise. */
export function parseBbox(text: string): BoundingBox | undefined {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((part) => !/^\s*-?\d+(\.\d+)?\s*$/.test(part))) {
    return undefined;
  }
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const inRange =
    Math.abs(west) <= 180 &&
    Math.abs(east) <= 180 &&
    Math.abs(south) <= 90 &&
    Math.abs(north) <= 90;
  return inRange && south <= north ? { west, south, east, north } : undefined;
}

/** The extent as the API's filter value, `west,south,east,north` (4 decimals at most). */
export function formatBbox(box: BoundingBox): string {
  const number = (value: number) => String(Math.round(value * 10_000) / 10_000 || 0);
  return [box.west, box.south, box.east, box.north].map(number).join(',');
}

/** Reads the page's state from its address; anything unreadable falls back to the default. */
export function parseSearchState(params: URLSearchParams): SearchState {
  const state: SearchState = { ...emptySearchState, facets: {}, otherFilters: [] };
  state.q = (params.get('q') ?? '').trim();
  for (const filter of params.getAll('fq')) {
    const text = filter.trim();
    if (!text) continue;
    const colon = text.indexOf(':');
    const field = colon > 0 ? text.slice(0, colon) : '';
    const value = text.slice(colon + 1);
    if (field === 'bbox' && !state.bbox) {
      const box = parseBbox(value);
      if (box) {
        state.bbox = box;
        continue;
      }
    }
    if (isFacetField(field) && !state.facets[field]) {
      const values = parseFacetValues(value);
      // Only what the page writes back the same way, so a shared link keeps its meaning.
      if (values && facetFilter(field, values) === text) {
        state.facets[field] = values;
        continue;
      }
    }
    state.otherFilters.push(text);
  }
  state.sort = (params.get('sort') ?? '').trim();
  const page = Number(params.get('page'));
  state.page = Number.isInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1;
  return state;
}

/** The `fq` parameters of a state: facets in their fixed order, the extent, then the rest. */
export function filtersOf(state: SearchState): string[] {
  const filters: string[] = [];
  for (const field of facetFields) {
    const filter = facetFilter(field, state.facets[field] ?? []);
    if (filter) filters.push(filter);
  }
  if (state.bbox) filters.push(`bbox:${formatBbox(state.bbox)}`);
  return [...filters, ...state.otherFilters];
}

/** The address's query string of a state (without `?`); defaults are left out. */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const filter of filtersOf(state)) params.append('fq', filter);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The search page's address (path plus query) of a state. */
export function searchHref(path: string, state: SearchState): string {
  const query = searchParamsOf(state).toString();
  return query ? `${path}?${query}` : path;
}

/** Whether a state filters at all (facets, extent or other filters). */
export function hasFilters(state: SearchState): boolean {
  return (
    Object.values(state.facets).some((values) => values && values.length > 0) ||
    state.bbox !== undefined ||
    state.otherFilters.length > 0
  );
}

/**
 * Whether a state is the plain search page: no query text, no filter, the default sort, the
 * first page. Only that page is for search engines; every other state is one of countless
 * variants of it (`noindex`), and the records themselves reach them through the sitemap.
 */
export function isPlainSearch(state: SearchState): boolean {
  return state.q === '' && !hasFilters(state) && state.sort === '' && state.page === 1;
}

// Every change below starts again at page 1: a new filter makes a new list.

/** Adds or removes one value of a facet. */
export function toggleFacetValue(
  state: SearchState,
  field: FacetField,
  value: string,
): SearchState {
  const current = state.facets[field] ?? [];
  const next = current.includes(value)
    ? current.filter((item) => item !== value)
    : [...current, value];
  const facets = { ...state.facets, [field]: next };
  if (next.length === 0) delete facets[field];
  return { ...state, facets, page: 1 };
}

/** Sets (or with undefined removes) the extent filter. */
export function withBbox(state: SearchState, bbox: BoundingBox | undefined): SearchState {
  const next: SearchState = { ...state, page: 1 };
  if (bbox) next.bbox = bbox;
  else delete next.bbox;
  return next;
}

/** Removes one of the other filters. */
export function withoutOtherFilter(state: SearchState, filter: string): SearchState {
  return { ...state, otherFilters: state.otherFilters.filter((item) => item !== filter), page: 1 };
}

/** Removes every filter, keeping the query text and the sort. */
export function withoutFilters(state: SearchState): SearchState {
  return { ...state, facets: {}, otherFilters: [], bbox: undefined, page: 1 };
}
