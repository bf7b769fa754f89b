import { filtersOf, PAGE_SIZE, type SearchState } from './search-state';

/** The list search request of a state (SPEC §7 `GET /index/search/objects/{q}/{start}/{rows}`). */
export interface SearchRequest {
  /** The path below the API base; the query text is one URL-encoded segment, `*` for all. */
  path: string;
  /** Repeated `fq` and `sort` parameters. */
  query: { fq: string[]; sort: string[] };
}

/** The first hit of a page: `(page - 1) * 10` (SPEC §9: start 0, 10 per page). */
export function startOf(page: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * PAGE_SIZE;
}

export function searchRequestOf(state: SearchState): SearchRequest {
  const q = state.q.trim() || '*';
  return {
    path: `index/search/objects/${encodeURIComponent(q)}/${startOf(state.page)}/${PAGE_SIZE}`,
    query: { fq: filtersOf(state), sort: state.sort ? [state.sort] : [] },
  };
}
