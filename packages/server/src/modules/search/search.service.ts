import {
  type FacetField,
  type FacetValue,
  type FootprintFeature,
  facetFields,
  type SearchHit,
  type SearchResponse,
  type SpatialSearchResponse,
  type SuggestResponse,
  searchLimits,
  type ValueField,
} from '@geoportal/contract/search';
import type { FilterQuery } from '@geoportal/contract/search-query';
import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Viewer } from '../objects/policy.js';
import { indexThumbnails } from '../preview/thumbnail.js';
import { footprintGeometry } from './footprint.js';
import { parameterProblem, SearchQueryInvalidError } from './search.errors.js';
import * as repo from './search.repository.js';
import { normaliseText } from './search-document.js';
import { integer, parseSearch, type SearchRequest, type SpatialParams } from './search-params.js';
import { abstractSnippets, languageSnippets } from './search-snippets.js';
import {
  allIndexes,
  conjunction,
  filterQueryCondition,
  orderBy,
  queryCondition,
  rankTsquery,
} from './search-sql.js';
import { rows, type SearchTarget, type Sql } from './search-statements.js';
import { emptyFacets, type FacetQuery, facetCounts, type Tally, tally } from './search-tallies.js';
import { viewerTokens, visibleTo } from './visibility-sql.js';

/**
 * The catalogue search: plans a checked query (search-params.ts) for one viewer, runs its
 * statements (search-statements.ts), counts (search-tallies.ts) and shapes the hits with
 * their snippets (search-snippets.ts).
 */

/** The SQL parts of a search for one viewer. */
interface Plan {
  where: Sql;
  /**
   * The same condition for the page when it is ranked by relevance first: only conditions
   * that keep the table's order may be looked up in an index (`IndexUse`), so that every
   * page of the search cuts the same blocks (search.repository.ts, `rankedBlock`).
   */
  pageWhere: Sql;
  rank: Sql | undefined;
  order: Sql;
  /** Where the score stands in the sort orders (ranking is bounded when it comes first). */
  scoreSort: repo.ScoreSort;
  /** Facet fields counted without their own fq (multi-select), with the condition to use. */
  facetQueries: FacetQuery[];
}

function plan(request: SearchRequest, viewer: Viewer): Plan {
  const visibility = visibleTo(viewerTokens(viewer));
  const text = queryCondition(request.query);
  const rank = rankTsquery(request.query);
  const base = [visibility, text];
  const indexes = { ...allIndexes, box: text === undefined };
  const filter = (fq: FilterQuery) => filterQueryCondition(fq, indexes);
  const where = conjunction([...base, ...request.filters.map(filter)]);
  const scoreAt = request.sorts.findIndex((sort) => sort.field === 'score');
  const scoreSort: repo.ScoreSort = scoreAt === 0 ? 'first' : scoreAt > 0 ? 'later' : 'none';
  const inOrder = { box: false, dates: false };
  const pageWhere =
    rank && scoreSort === 'first'
      ? conjunction([
          visibility,
          queryCondition(request.query, inOrder),
          ...request.filters.map((fq) => filterQueryCondition(fq, inOrder)),
        ])
      : where;
  const filtered = new Set(
    request.filters
      .map((f) => f.filter.field)
      .filter((f): f is FacetField => (facetFields as readonly string[]).includes(f)),
  );
  const facetQueries: FacetQuery[] = [{ where }];
  for (const field of filtered) {
    const others = request.filters.filter((f) => f.filter.field !== field).map(filter);
    facetQueries.push({ only: field, where: conjunction([...base, ...others]) });
  }
  return {
    where,
    pageWhere,
    rank,
    order: orderBy(request.sorts, rank !== undefined),
    scoreSort,
    facetQueries,
  };
}

/** `GET /index/search/objects/{q}/{start}/{rows}`: hits, total and facets the viewer may see. */
export async function search(
  target: SearchTarget,
  request: SearchRequest,
  viewer: Viewer,
): Promise<SearchResponse> {
  const p = plan(request, viewer);
  const exactMax = target.exactMax ?? repo.EXACT_MATCHES_MAX;
  const facetQueries = request.facets ? p.facetQueries : p.facetQueries.slice(0, 1);
  const count = (f: FacetQuery) =>
    tally(target, f.where, { facets: request.facets, exactMax, only: f.only });
  const [main, ...perField] = facetQueries as [FacetQuery, ...FacetQuery[]];
  // The first page ranked by relevance reads the first block of matches; it counts them
  // too, and where the block is not full it holds every match: the count and facets of the
  // search are those, exact, and no tally reads the same matches again. Only where the
  // block is full is the search counted (and sampled) on its own, after the page. The
  // per-field facet counts (fq-filtered fields) have conditions of their own and run beside it.
  const block = repo.rankedBlock(exactMax);
  const firstBlock =
    p.rank !== undefined && p.scoreSort === 'first' && request.start + request.rows <= block;
  const page = async () => {
    const hits = await rows<repo.HitRow>(
      target,
      repo.hitsStatement(
        p.pageWhere,
        p.rank,
        p.order,
        request.start,
        request.rows,
        p.scoreSort,
        exactMax,
        firstBlock ? { facets: request.facets } : undefined,
      ),
    );
    return { hits, tally: firstBlock ? blockTally(hits, block, request.start) : undefined };
  };
  const [found, counted, fieldTallies] = await Promise.all([
    page(),
    firstBlock ? undefined : count(main),
    Promise.all(perField.map(count)),
  ]);
  const hits = found.hits;
  const mainTally = counted ?? found.tally ?? (await count(main));
  const tallies = [mainTally, ...fieldTallies];
  const all = mainTally;
  const docs = await hitDetails(target.db, hits, p.rank !== undefined);
  const approximate = tallies.some((t) => !t.exact);
  return {
    numFound: all?.count ?? 0,
    ...(approximate ? { approximate } : {}),
    start: request.start,
    rows: request.rows,
    docs,
    facets: request.facets
      ? facetCounts(
          p.facetQueries,
          tallies.map((t) => t.facets),
        )
      : emptyFacets(),
  };
}

/**
 * The tally of a search from its first ranked block (`firstBlockStatement`): exact where the
 * block was not full (it holds every match), else unknown (`undefined`: counted on its own).
 */
function blockTally(hits: readonly IdRow[], block: number, start: number): Tally | undefined {
  // No hit on a page after the first: the block's count did not come back.
  if (hits.length === 0 && start > 0) return undefined;
  const matched = hits[0]?.matched ?? 0;
  if (matched >= block) return undefined;
  return {
    count: matched,
    exact: true,
    facets: (hits[0]?.facet_counts ?? []).map(([value, n]) => ({ value, n: Number(n) })),
  };
}

/**
 * The SQL statements the server runs for a list search given as its API path (relative to
 * /api/v1), e.g. `/index/search/objects/grundwasser/0/20?fq=bbox:6,47,15,55`, in the order
 * they start. The search runs to find them (how far it samples depends on the matches), so
 * the benchmark explains exactly what the server runs.
 */
export async function searchStatements(
  db: Db,
  pathAndQuery: string,
  viewer: Viewer,
): Promise<CompiledQuery[]> {
  const url = new URL(pathAndQuery, 'http://localhost');
  const match = /^\/index\/search\/objects\/([^/]+)(?:\/(\d+))?(?:\/(\d+))?$/.exec(url.pathname);
  if (!match) throw new Error(`not a list search path: ${url.pathname}`);
  const request = parseSearch({
    q: decodeURIComponent(match[1] as string),
    start: match[2],
    rows: match[3],
    fq: url.searchParams.getAll('fq'),
    sort: url.searchParams.getAll('sort'),
    facets: url.searchParams.get('facets') ?? undefined,
  });
  const statements: CompiledQuery[] = [];
  await search(
    { db, timeoutMs: 600_000, onStatement: (statement) => statements.push(statement) },
    request,
    viewer,
  );
  return statements;
}

async function hitDetails(db: Db, hits: repo.HitRow[], ranked: boolean): Promise<SearchHit[]> {
  if (hits.length === 0) return [];
  const thumbnails = await indexThumbnails(
    db,
    hits.map((h) => h.id),
  );
  return hits.map((d) => {
    const thumbnail = thumbnails.get(d.id);
    const organisations = [
      ...new Set((d.contacts ?? []).map((c) => c.organisation).filter(Boolean)),
    ] as string[];
    return {
      id: d.id,
      type: d.type,
      state: d.state as SearchHit['state'],
      created: new Date(d.created_at).toISOString(),
      modified: new Date(d.modified_at).toISOString(),
      title: d.title,
      highlights: {
        title: languageSnippets(d.title, d.hl_title_de, d.hl_title_en, ranked),
        abstract: abstractSnippets(d.abstract, d.hl_abstract_de, d.hl_abstract_en, ranked),
      },
      ...(thumbnail ? { thumbnail } : {}),
      ...(d.licence ? { licence: d.licence } : {}),
      ...(d.dates ? { dates: d.dates } : {}),
      ...(d.temporal ? { temporalExtent: d.temporal } : {}),
      ...(d.extent ? { extent: d.extent } : {}),
      organisations,
      ...(d.score !== null && d.score !== undefined ? { score: Number(d.score) } : {}),
    };
  });
}

// Spatial search ------------------------------------------------------------------------------

/** `GET /index/search/objects/spatial/{q}/{page}/{size}`: footprints as GeoJSON. */
export async function spatialSearch(
  target: SearchTarget,
  params: SpatialParams,
  viewer: Viewer,
): Promise<SpatialSearchResponse> {
  const page = integer(params.page, 'page', 1, 1, 1_000_000);
  const size = integer(
    params.size,
    'size',
    searchLimits.spatialSizeDefault,
    1,
    searchLimits.spatialSizeMax,
  );
  const zoom = integer(params.zoom, 'zoom', 6, 0, 24);
  const offset = (page - 1) * size;
  if (offset > searchLimits.startMax * 10) {
    throw new SearchQueryInvalidError('page', parameterProblem('pageTooFar'));
  }
  const request = parseSearch({
    q: params.q,
    fq: params.fq,
    sort: params.sort,
    facets: false,
    rows: 0,
  });
  const p = plan(request, viewer);
  const exactMax = target.exactMax ?? repo.EXACT_MATCHES_MAX;
  const found = await rows<repo.FootprintRow>(
    target,
    repo.footprintsStatement(p.pageWhere, p.rank, p.order, offset, size, p.scoreSort, exactMax),
  );
  // A page that is neither full nor empty is the last: it tells the count. Otherwise they
  // are counted (estimated beyond EXACT_MATCHES_MAX; a full page counts at least its own).
  const last = found.length < size && (found.length > 0 || offset === 0);
  const counted = last
    ? offset + found.length
    : (await tally(target, sql`${p.where} and d.extent is not null`, { facets: false, exactMax }))
        .count;
  const numberMatched = found.length === size ? Math.max(counted, offset + size) : counted;
  const features: FootprintFeature[] = found.map((row) => ({
    type: 'Feature',
    id: row.id,
    geometry: footprintGeometry(row, zoom) as FootprintFeature['geometry'],
    properties: {
      id: row.id,
      title: {
        ...(row.title_de ? { de: row.title_de } : {}),
        ...(row.title_en ? { en: row.title_en } : {}),
      } as FootprintFeature['properties']['title'],
      type: row.type,
      mapServices: row.map_services,
    },
  }));
  return { type: 'FeatureCollection', numberMatched, numberReturned: features.length, features };
}

// Suggestions -------------------------------------------------------------------------------

/** `GET /index/suggest/objects/{text}`: titles and keywords for search-as-you-type. */
export async function suggest(
  target: SearchTarget,
  text: string,
  rowsParam: string | number | undefined,
  viewer: Viewer,
): Promise<SuggestResponse> {
  const norm = normaliseText(text);
  if (norm.length > searchLimits.suggestMax) {
    throw new SearchQueryInvalidError(
      'text',
      parameterProblem('suggestTooLong', { max: searchLimits.suggestMax }),
    );
  }
  const count = integer(
    rowsParam,
    'rows',
    searchLimits.suggestRowsDefault,
    1,
    searchLimits.suggestRowsMax,
  );
  if (norm.length < searchLimits.suggestMin) return { suggestions: [] };
  const visibility = visibleTo(viewerTokens(viewer));
  const found = await rows<repo.SuggestionRow>(
    target,
    repo.suggestionsStatement(norm, visibility, count),
  );
  return {
    suggestions: found.map((row) =>
      row.kind === 'title'
        ? { text: row.term, kind: 'title' as const, id: row.id }
        : { text: row.term, kind: 'keyword' as const, count: Number(row.n) },
    ),
  };
}

// Matches for other standards -----------------------------------------------------------------

/** The ids of one page of matches and how many there are, for the viewer. */
export interface MatchingIds {
  /**
   * The matches: counted exactly up to `EXACT_MATCHES_MAX`, estimated beyond, but never
   * below what the pages up to this one hold, and exact once a page reaches the end.
   */
  numFound: number;
  ids: string[];
  /** Whether records follow this page: read, not estimated (one more row than the page). */
  more: boolean;
}

/** A row of a page of ids (`hitsStatement` with `id` columns). */
type IdRow = Pick<repo.HitRow, 'id' | 'matched' | 'facet_counts'>;

/**
 * The same search as `search`, answering only the ids of the page and the total: for the
 * catalogue standards (CSW) that write records in their own formats. The same plan, index,
 * visibility and counts as the list search, without highlights of the page, thumbnails or
 * facets. `onlyIds` keeps the search to those records (a filter by record identifiers, as
 * CSW's ogc:FeatureId; an empty list finds nothing).
 */
export async function matchingIds(
  target: SearchTarget,
  request: SearchRequest,
  viewer: Viewer,
  onlyIds?: readonly string[],
): Promise<MatchingIds> {
  const p = plan(request, viewer);
  // The ids are looked up in their own index, which reads them in id order: a stable order
  // too, for the few records a request names.
  const only = (where: Sql) =>
    onlyIds === undefined
      ? where
      : onlyIds.length === 0
        ? sql`false`
        : sql`(${where}) and d.object_id in (${sql.join(onlyIds)})`;
  const exactMax = target.exactMax ?? repo.EXACT_MATCHES_MAX;
  // One row more than the page tells whether another page follows. A harvester pages until
  // the standard's "next" says the end, and an estimated count (beyond the exact limit)
  // would end its paging early or send it past the end. As in `search`, the first page
  // ranked by relevance counts its matches from the block it reads where that holds them all.
  const block = repo.rankedBlock(exactMax);
  const firstBlock =
    p.rank !== undefined &&
    p.scoreSort === 'first' &&
    request.rows > 0 &&
    request.start + request.rows + 1 <= block;
  const count = () => tally(target, only(p.where), { facets: false, exactMax });
  const [hits, counted] = await Promise.all([
    request.rows === 0
      ? Promise.resolve([] as IdRow[])
      : rows<IdRow>(
          target,
          repo.hitsStatement(
            only(p.pageWhere),
            p.rank,
            p.order,
            request.start,
            request.rows + 1,
            p.scoreSort,
            exactMax,
            firstBlock ? { facets: false } : undefined,
            'id',
          ),
        ),
    firstBlock ? undefined : count(),
  ]);
  const all =
    counted ?? (firstBlock ? blockTally(hits, block, request.start) : undefined) ?? (await count());
  if (request.rows === 0) {
    return { numFound: all.count, ids: [], more: all.count > request.start };
  }
  const ids = hits.slice(0, request.rows).map((hit) => hit.id);
  const more = hits.length > request.rows;
  const seen = request.start + ids.length;
  const numFound = more
    ? Math.max(all.count, seen + 1)
    : ids.length > 0
      ? seen
      : Math.min(all.count, request.start);
  return { numFound, ids, more };
}

/**
 * The values of facet and value fields (`valueFields`, which the search's facets leave out)
 * among the viewer's matches, the most frequent first, at most `facetValuesMax` a field:
 * counted as the search counts its facets (exactly, or estimated from a sample beyond
 * `EXACT_MATCHES_MAX`). For the catalogue standards' domains of values (CSW GetDomain).
 */
export async function fieldValues(
  target: SearchTarget,
  request: SearchRequest,
  viewer: Viewer,
  fields: readonly (FacetField | ValueField)[],
): Promise<Map<FacetField | ValueField, FacetValue[]>> {
  const p = plan(request, viewer);
  const counted = await tally(target, p.where, {
    facets: true,
    exactMax: target.exactMax ?? repo.EXACT_MATCHES_MAX,
  });
  const values = new Map<FacetField | ValueField, FacetValue[]>(fields.map((f) => [f, []]));
  for (const row of counted.facets) {
    const cut = row.value.indexOf('=');
    values
      .get(row.value.slice(0, cut) as FacetField)
      ?.push({ value: row.value.slice(cut + 1), count: row.n });
  }
  for (const list of values.values()) {
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return values;
}
