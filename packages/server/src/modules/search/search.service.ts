import {
  type FacetField,
  type FootprintFeature,
  facetFields,
  type SearchHit,
  type SearchResponse,
  type Snippet,
  type SpatialSearchResponse,
  type SuggestResponse,
  searchLimits,
} from '@geoportal/contract/search';
import {
  type FilterQuery,
  type Parsed,
  parseFilterQuery,
  parseQuery,
  parseSort,
  type QueryNode,
  type Sort,
} from '@geoportal/contract/search-query';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Viewer } from '../objects/policy.js';
import { indexThumbnails } from '../preview/thumbnail.js';
import { footprintGeometry } from './footprint.js';
import { SearchQueryInvalidError, SearchTimeoutError } from './search.errors.js';
import * as repo from './search.repository.js';
import { normaliseText, viewerTokens } from './search-document.js';
import { SAMPLE_LEVEL_MAX } from './search-sample.js';
import {
  conjunction,
  filterQueryCondition,
  orderBy,
  queryCondition,
  rankTsquery,
  visibilityCondition,
} from './search-sql.js';

type Sql = RawBuilder<unknown>;

/** A list search as the API receives it (path and query string, not yet checked). */
export interface SearchParams {
  q: string;
  start?: string | number | undefined;
  rows?: string | number | undefined;
  fq?: string | string[] | undefined;
  sort?: string | string[] | undefined;
  facets?: string | boolean | undefined;
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
  const at =
    parsed.problem.position === undefined ? '' : ` (at character ${parsed.problem.position + 1})`;
  throw new SearchQueryInvalidError(`${what}: ${parsed.problem.message}${at}`, what);
}

function integer(
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
      `${name} must be a whole number from ${min} to ${max}${name === 'start' ? '; narrow the search to see later hits' : ''}.`,
      name,
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
      `At most ${searchLimits.filtersMax} fq filters are allowed.`,
      'fq',
    );
  }
  const sorts = list(params.sort);
  if (sorts.length > searchLimits.sortsMax) {
    throw new SearchQueryInvalidError(
      `At most ${searchLimits.sortsMax} sort orders are allowed.`,
      'sort',
    );
  }
  const facets = params.facets ?? 'true';
  if (facets !== true && facets !== false && facets !== 'true' && facets !== 'false') {
    throw new SearchQueryInvalidError('facets must be true or false.', 'facets');
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

/** The SQL parts of a search for one viewer. */
interface Plan {
  where: Sql;
  rank: Sql | undefined;
  order: Sql;
  /** Where the score stands in the sort orders (ranking is bounded when it comes first). */
  scoreSort: repo.ScoreSort;
  /** Facet fields counted without their own fq (multi-select), with the condition to use. */
  facetQueries: { only?: FacetField; where: Sql }[];
}

function plan(request: SearchRequest, viewer: Viewer): Plan {
  const visibility = visibilityCondition(viewerTokens(viewer));
  const text = queryCondition(request.query);
  const rank = rankTsquery(request.query);
  const base = [visibility, text];
  const boxes = { indexed: text === undefined };
  const filter = (fq: FilterQuery) => filterQueryCondition(fq, boxes);
  const where = conjunction([...base, ...request.filters.map(filter)]);
  const filtered = new Set(
    request.filters
      .map((f) => f.filter.field)
      .filter((f): f is FacetField => (facetFields as readonly string[]).includes(f)),
  );
  const facetQueries: Plan['facetQueries'] = [{ where }];
  for (const field of filtered) {
    const others = request.filters.filter((f) => f.filter.field !== field).map(filter);
    facetQueries.push({ only: field, where: conjunction([...base, ...others]) });
  }
  const scoreAt = request.sorts.findIndex((sort) => sort.field === 'score');
  return {
    where,
    rank,
    order: orderBy(request.sorts, rank !== undefined),
    scoreSort: scoreAt === 0 ? 'first' : scoreAt > 0 ? 'later' : 'none',
    facetQueries,
  };
}

/** Where searches run: the database and how long one statement may take (`SEARCH_TIMEOUT`). */
export interface SearchTarget {
  db: Db;
  timeoutMs: number;
  /** Matches up to which a search is exact (`EXACT_MATCHES_MAX`; smaller in tests). */
  exactMax?: number;
  /** Told each statement before it runs (the benchmark explains exactly these). */
  onStatement?: (statement: CompiledQuery) => void;
}

/**
 * Runs `run` in a transaction with the settings of a search. One statement sets them
 * (set_config(…, true) is SET LOCAL): the time limit; bitmaps of a common word's matches in a
 * million records stay exact (4 MB, the default, turns them lossy: every row of a lossy page
 * is tested again); no compiling to machine code (about 20 ms a statement, more than it
 * saves); no parallel workers (they speed up one search at the cost of the others).
 */
export async function withSearchSettings<T>(
  db: Db,
  timeoutMs: number,
  run: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', ${String(Math.max(1, Math.round(timeoutMs)))}, true),
      set_config('work_mem', '32MB', true), set_config('jit', 'off', true),
      set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
    return run(trx);
  });
}

/**
 * Runs one search statement under a time limit, so that no query runs unbounded; a
 * cancelled statement is 503 `search.timeout`. (The embedded database has no timer to
 * cancel with and runs the statement to its end.)
 */
async function rows<T>(target: SearchTarget, statement: Sql): Promise<T[]> {
  target.onStatement?.(statement.compile(target.db));
  try {
    return await withSearchSettings(
      target.db,
      target.timeoutMs,
      async (trx) => (await statement.execute(trx)).rows as T[],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '57014') throw new SearchTimeoutError();
    throw error;
  }
}

/**
 * The first sample's level: about 150 documents when `exactMax` match (level 4, 1 in 16, for
 * 2,500), enough to tell whether there are more.
 */
const firstSampleLevel = (exactMax: number) =>
  Math.min(SAMPLE_LEVEL_MAX, Math.max(1, Math.round(Math.log2(exactMax / 150))));

/** An estimate to two significant digits (312,448 → 310,000): no more precise than it is. */
export function roughly(n: number): number {
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** How many match, and the facet values among them; estimated from a sample if not `exact`. */
interface Tally {
  count: number;
  exact: boolean;
  facets: { value: string; n: number }[];
}

/**
 * Counts the matches of `where` and their facet values: exactly, up to `EXACT_MATCHES_MAX`;
 * beyond, from an even sample of at most a quarter of that (counts within a few per cent),
 * scaled up. A first small sample (a few documents for the usual search) tells which:
 * few matches are then counted one by one; many are counted at the shallowest sample level
 * that holds no more than the sample size. No step reads more than `EXACT_MATCHES_MAX`
 * documents, so no search counts a million matches one by one.
 */
async function tally(
  target: SearchTarget,
  where: Sql,
  options: { facets: boolean; exactMax: number; only?: FacetField | undefined },
): Promise<Tally> {
  const { exactMax, ...statementOptions } = options;
  const sampleMax = Math.max(1, Math.floor(exactMax / 4));
  const probe = async (level: number, limit: number) => {
    const found = await rows<repo.TallyRow>(
      target,
      repo.tallyStatement(where, { level, limit, ...statementOptions }),
    );
    return { level, found, n: Number(found.find((row) => row.value === null)?.n ?? 0) };
  };
  const answer = ({ level, found, n }: Awaited<ReturnType<typeof probe>>): Tally => {
    const estimate = (k: number) => (level === 0 ? k : roughly(k * 2 ** level));
    return {
      count: estimate(n),
      exact: level === 0,
      facets: found.flatMap((row) =>
        row.value === null ? [] : [{ value: row.value, n: estimate(Number(row.n)) }],
      ),
    };
  };

  const first = firstSampleLevel(exactMax);
  let sample = await probe(first, sampleMax);
  if (sample.n <= sampleMax && sample.n * 2 ** first <= exactMax) {
    const all = await probe(0, exactMax);
    // More than the sample promised: the sample answers (its facets are counted).
    return answer(all.n <= exactMax ? all : sample);
  }
  while (sample.n > sampleMax && sample.level < SAMPLE_LEVEL_MAX) {
    // At least this many match (the sample was cut at its limit).
    const atLeast = sample.n * 2 ** sample.level;
    const level = Math.min(
      SAMPLE_LEVEL_MAX,
      Math.max(sample.level + 3, Math.ceil(Math.log2(atLeast / sampleMax))),
    );
    sample = await probe(level, sampleMax);
  }
  return answer(sample);
}

/** `GET /index/search/objects/{q}/{start}/{rows}`: hits, total and facets the viewer may see. */
export async function search(
  target: SearchTarget,
  request: SearchRequest,
  viewer: Viewer,
): Promise<SearchResponse> {
  const p = plan(request, viewer);
  const exactMax = target.exactMax ?? repo.EXACT_MATCHES_MAX;
  const [hits, tallies] = await Promise.all([
    rows<repo.HitRow>(
      target,
      repo.hitsStatement(
        p.where,
        p.rank,
        p.order,
        request.start,
        request.rows,
        p.scoreSort,
        exactMax,
      ),
    ),
    Promise.all(
      (request.facets ? p.facetQueries : p.facetQueries.slice(0, 1)).map((f) =>
        tally(target, f.where, { facets: request.facets, exactMax, only: f.only }),
      ),
    ),
  ]);
  const [all] = tallies;
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

function emptyFacets(): SearchResponse['facets'] {
  return Object.fromEntries(facetFields.map((f) => [f, []])) as unknown as SearchResponse['facets'];
}

function facetCounts(
  queries: Plan['facetQueries'],
  results: { value: string; n: number }[][],
): SearchResponse['facets'] {
  const facets = emptyFacets();
  const own = new Set(queries.flatMap((q) => (q.only ? [q.only] : [])));
  queries.forEach((query, i) => {
    for (const row of results[i] ?? []) {
      const cut = row.value.indexOf('=');
      const field = row.value.slice(0, cut) as FacetField;
      // A field filtered by fq takes its counts from its own query only.
      if (query.only ? field !== query.only : own.has(field)) continue;
      facets[field]?.push({ value: row.value.slice(cut + 1), count: Number(row.n) });
    }
  });
  for (const field of facetFields) {
    facets[field].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return facets;
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

/** Marks around matches in `ts_headline` answers (repo.TITLE_HEADLINE): never in record texts. */
const MARK_START = '\u0002';
const MARK_STOP = '\u0003';

/** Parts of a `ts_headline` answer: matches sit between the marks. */
export function headlineSnippet(text: string): Snippet {
  const parts: Snippet = [];
  let rest = text;
  while (rest.length > 0) {
    const start = rest.indexOf(MARK_START);
    const stop = start < 0 ? -1 : rest.indexOf(MARK_STOP, start);
    if (start < 0 || stop < 0) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    parts.push({ text: rest.slice(start + 1, stop), match: true });
    rest = rest.slice(stop + 1);
  }
  // A mark left alone (a fragment cut inside a match) must not reach the reader.
  return parts
    .map((p) => ({ ...p, text: p.text.replaceAll(MARK_START, '').replaceAll(MARK_STOP, '') }))
    .filter((p) => p.text.length > 0);
}

function languageSnippets(
  text: { de?: string; en?: string },
  de: string | null,
  en: string | null,
  ranked: boolean,
): SearchHit['highlights']['title'] {
  const one = (plain: string | undefined, headline: string | null) =>
    plain === undefined
      ? undefined
      : ranked && headline !== null
        ? headlineSnippet(headline)
        : [{ text: plain, match: false }];
  const out: SearchHit['highlights']['title'] = {};
  const sDe = one(text.de, de);
  const sEn = one(text.en, en);
  if (sDe) out.de = sDe;
  if (sEn) out.en = sEn;
  return out;
}

const SNIPPET_CHARS = 240;

/** The start of an abstract, cut at a word boundary. */
export function abstractStart(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', SNIPPET_CHARS);
  return `${flat.slice(0, cut > SNIPPET_CHARS / 2 ? cut : SNIPPET_CHARS)} …`;
}

function abstractSnippets(
  text: { de?: string; en?: string } | null,
  de: string | null,
  en: string | null,
  ranked: boolean,
): SearchHit['highlights']['abstract'] {
  const out: SearchHit['highlights']['abstract'] = {};
  const one = (plain: string | undefined, headline: string | null): Snippet | undefined => {
    if (!plain) return undefined;
    if (!ranked || headline === null || !headline.includes('\u0002')) {
      return [{ text: abstractStart(plain), match: false }];
    }
    const fragments = headline
      .split('\u0004')
      .map((f) => f.trim())
      .filter(Boolean);
    return headlineSnippet(`… ${fragments.join(' … ')} …`);
  };
  const sDe = one(text?.de, de);
  const sEn = one(text?.en, en);
  if (sDe) out.de = sDe;
  if (sEn) out.en = sEn;
  return out;
}

// Spatial search ------------------------------------------------------------------------------

export interface SpatialParams extends Omit<SearchParams, 'start' | 'rows' | 'facets'> {
  page?: string | number | undefined;
  size?: string | number | undefined;
  zoom?: string | number | undefined;
}

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
    throw new SearchQueryInvalidError(
      'page lies too far back; narrow the search or the map extent.',
      'page',
    );
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
    repo.footprintsStatement(p.where, p.rank, p.order, offset, size, p.scoreSort, exactMax),
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
      `Suggestions take at most ${searchLimits.suggestMax} characters.`,
      'text',
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
  const visibility = visibilityCondition(viewerTokens(viewer));
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
