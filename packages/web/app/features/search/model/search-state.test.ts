import { describe, expect, it } from 'vitest';
import { searchRequestOf, startOf } from './search-request';
import {
  emptySearchState,
  formatBbox,
  hasFilters,
  isPlainSearch,
  LAST_PAGE,
  parseBbox,
  parseSearchState,
  type SearchState,
  searchHref,
  searchParamsOf,
  toggleFacetValue,
  withBbox,
  withoutFilters,
} from './search-state';

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

const state: SearchState = {
  q: 'Grundwasser Sachsen',
  facets: { keyword: ['Boden', 'Digitales Geländemodell'], type: ['dataset'] },
  bbox: { west: 5.8663, south: 47.2701, east: 15.0419, north: 55.0584 },
  otherFilters: ['-state:draft', 'year:[2000 TO 2010]'],
  sort: 'modified desc',
  page: 3,
};

describe('search state in the address', () => {
  it('writes facets in a fixed order (one fq each, OR within), the bbox, then other filters', () => {
    const params = searchParamsOf(state);
    expect(params.get('q')).toBe('Grundwasser Sachsen');
    expect(params.getAll('fq')).toEqual([
      'type:dataset',
      'keyword:(Boden OR "Digitales Geländemodell")',
      'bbox:5.8663,47.2701,15.0419,55.0584',
      '-state:draft',
      'year:[2000 TO 2010]',
    ]);
    expect(params.get('sort')).toBe('modified desc');
    expect(params.get('page')).toBe('3');
  });

  it('reads back the same state from its address (a shared link)', () => {
    const href = searchHref('/search', state);
    expect(href.startsWith('/search?q=Grundwasser+Sachsen&fq=')).toBe(true);
    expect(parse(href.slice('/search?'.length))).toEqual(state);
  });

  it('leaves defaults out of the address', () => {
    expect(searchHref('/search', emptySearchState)).toBe('/search');
    expect(searchParamsOf({ ...emptySearchState, q: 'x', page: 1 }).toString()).toBe('q=x');
  });

  it('falls back to page 1 for pages that are not whole positive numbers, and caps deep pages', () => {
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999999').page).toBe(LAST_PAGE);
  });

  it('keeps filters it cannot show as facets, and a second filter of the same facet, as they are', () => {
    const read = parse(
      `fq=${encodeURIComponent('type:dataset')}&fq=${encodeURIComponent('type:service')}&fq=${encodeURIComponent('bbox:1,2')}&fq=${encodeURIComponent('unknown:x')}&fq=`,
    );
    expect(read.facets).toEqual({ type: ['dataset'] });
    expect(read.otherFilters).toEqual(['type:service', 'bbox:1,2', 'unknown:x']);
    expect(read.bbox).toBeUndefined();
  });
});

describe('bbox filter values', () => {
  it('formats west,south,east,north with at most 4 decimals and no negative zero', () => {
    expect(formatBbox({ west: 5.866_349, south: -0.000_01, east: 15, north: 55.1 })).toBe(
      '5.8663,0,15,55.1',
    );
    expect(formatBbox({ west: 177, south: -19.2, east: -178, north: -16 })).toBe(
      '177,-19.2,-178,-16',
    );
  });

  it('reads four numbers in range, south not north of north', () => {
    expect(parseBbox('5.8,47.2,15,55')).toEqual({ west: 5.8, south: 47.2, east: 15, north: 55 });
    expect(parseBbox('177,-19.2,-178,-16')).toEqual({
      west: 177,
      south: -19.2,
      east: -178,
      north: -16,
    });
    expect(parseBbox('5,47,15')).toBeUndefined();
    expect(parseBbox('5,56,15,55')).toBeUndefined();
    expect(parseBbox('181,0,0,1')).toBeUndefined();
    expect(parseBbox('a,b,c,d')).toBeUndefined();
    expect(parseBbox('1e3,0,0,1')).toBeUndefined();
  });
});

describe('changes', () => {
  it('toggles a facet value and starts again at page 1', () => {
    const added = toggleFacetValue(state, 'licence', 'cc-by-4.0');
    expect(added.facets.licence).toEqual(['cc-by-4.0']);
    expect(added.page).toBe(1);
    const removed = toggleFacetValue(added, 'type', 'dataset');
    expect(removed.facets.type).toBeUndefined();
    expect(searchParamsOf(removed).getAll('fq')[0]).toBe(
      'keyword:(Boden OR "Digitales Geländemodell")',
    );
  });

  it('sets and removes the bbox, and removes every filter but keeps query and sort', () => {
    expect(withBbox(state, undefined).bbox).toBeUndefined();
    const cleared = withoutFilters(state);
    expect(hasFilters(cleared)).toBe(false);
    expect(cleared).toMatchObject({ q: state.q, sort: state.sort, page: 1 });
    expect(hasFilters(state)).toBe(true);
  });
});

describe('the API request of a state', () => {
  it('puts the query into one encoded path segment with start and 10 rows', () => {
    const request = searchRequestOf(state);
    expect(request.path).toBe('index/search/objects/Grundwasser%20Sachsen/20/10');
    expect(request.query.fq).toEqual(searchParamsOf(state).getAll('fq'));
    expect(request.query.sort).toEqual(['modified desc']);
  });

  it('asks for everything with `*`, from 0, without a sort by default', () => {
    expect(searchRequestOf(emptySearchState)).toEqual({
      path: 'index/search/objects/*/0/10',
      query: { fq: [], sort: [] },
    });
  });

  it('encodes slashes, quotes and question marks of the query', () => {
    expect(searchRequestOf({ ...emptySearchState, q: 'a/b "c" ?' }).path).toBe(
      'index/search/objects/a%2Fb%20%22c%22%20%3F/0/10',
    );
  });

  it('counts start from the page (SPEC §9: start 0, 10 per page)', () => {
    expect(startOf(1)).toBe(0);
    expect(startOf(2)).toBe(10);
    expect(startOf(0)).toBe(0);
  });
});

describe('isPlainSearch', () => {
  it('is the page without query, filter, extent, sort or later page, and nothing else', () => {
    expect(isPlainSearch(emptySearchState)).toBe(true);
    expect(isPlainSearch(parse('q=+&page=1&unknown=1'))).toBe(true);
    for (const query of [
      'q=Boden',
      'fq=type:dataset',
      'fq=bbox:5,47,15,55',
      'fq=-state:draft',
      'sort=title+asc',
      'page=2',
    ]) {
      expect(isPlainSearch(parse(query)), query).toBe(false);
    }
  });
});
