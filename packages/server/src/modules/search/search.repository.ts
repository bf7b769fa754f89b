import { type FacetField, searchLimits } from '@geoportal/contract/search';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { SearchDocumentTable } from '../../db/schema.js';
import { sampleLexeme } from './search-sample.js';

/**
 * The statements of a search over `search_document d` (migration 0007). `where` comes from
 * search-sql.ts; every user value in it is a bound parameter.
 */

type Sql = RawBuilder<unknown>;

/** Title highlighting: the whole title with matches between \u0002 and \u0003. */
export const TITLE_HEADLINE = 'HighlightAll=true, StartSel=\u0002, StopSel=\u0003';
/** Abstract highlighting: the two best fragments, joined by \u0004. */
export const ABSTRACT_HEADLINE =
  'MaxFragments=2, MaxWords=30, MinWords=12, ShortWord=3, FragmentDelimiter=\u0004, StartSel=\u0002, StopSel=\u0003';

/**
 * Up to this many matches a search is exact: its count and its facet counts take in every
 * match. Beyond it, the count and the facets come from an even sample of the matches
 * (`tallyStatement`).
 */
export const EXACT_MATCHES_MAX = searchLimits.exactMax;

/**
 * How many matches relevance ranks at a time (a fifth of the exact limit: 500). Ranking
 * every match of a common word in a million records would read each one's vector (seconds),
 * and a larger arbitrary set of matches ranks no better. So, sorted by relevance first, the
 * matches are cut into blocks of this many in the order the table is read (its physical
 * order: sequential and bitmap scans read pages in order, and a scan starts at the first page,
 * search-statements.ts), and each block is ranked on its own: block 1 holds the first hits,
 * block 2 the next, and so on. Every page therefore ranks the same blocks as the pages before
 * it, and paging goes through every match exactly once. With no more matches than one block,
 * the ranking is exact. A page ranks the one or two blocks it falls in, never the blocks
 * before it (it skips their rows without reading their vectors).
 */
export const rankedBlock = (exactMax: number): number => Math.max(1, Math.floor(exactMax / 5));

/**
 * The matches of `where` from which the page [start, start + rows) is cut, as `d`, each
 * with its `block` (see `rankedBlock`), and the offset of the page among them: the blocks
 * the page touches, read in table order after skipping the blocks before them. `where` must
 * leave the planner no index that reads in another order (search.service.ts: only GIN and
 * unindexed conditions), so that the blocks of one search are the same whatever page asks.
 */
function rankedBlocks(
  where: Sql,
  start: number,
  rows: number,
  exactMax: number,
): { from: Sql; offset: number } {
  const block = rankedBlock(exactMax);
  const skipped = Math.floor(start / block) * block;
  const read = Math.ceil((start + rows) / block) * block - skipped;
  return {
    from: sql`(select d.*, (row_number() over () - 1) / ${block} as block
      from (select * from search_document d where ${where}
        limit ${read} offset ${skipped}) d) d`,
    offset: start - skipped,
  };
}

/** Where the relevance score stands in the sort orders of a search. */
export type ScoreSort = 'first' | 'later' | 'none';

/**
 * One page of hits in order with what a result card shows (highlighted title and abstract
 * fragments). Sorted by relevance first, the matches are ranked block by block
 * (`rankedBlocks`). Other orders take every match, read in the order of their index where
 * there are many; every order ends with the id, so that ties fall the same way every time.
 * The object rows and the (costly) highlighting are read for the page only.
 */
export function hitsStatement(
  where: Sql,
  rank: Sql | undefined,
  order: Sql,
  start: number,
  rows: number,
  scoreSort: ScoreSort,
  exactMax: number = EXACT_MATCHES_MAX,
  firstBlock?: { facets: boolean },
  columns: HitColumns = 'card',
): Sql {
  if (firstBlock && rank && scoreSort === 'first' && start + rows <= rankedBlock(exactMax)) {
    return firstBlockStatement(
      where,
      rank,
      order,
      start,
      rows,
      exactMax,
      firstBlock.facets,
      columns,
    );
  }
  const scored = rank && scoreSort !== 'none' ? sql`, ts_rank(d.doc, ${rank}) as score` : sql``;
  const blocks = rank && scoreSort === 'first' ? rankedBlocks(where, start, rows, exactMax) : null;
  const page = blocks
    ? sql`select d.object_id as id ${scored} from ${blocks.from}
          order by d.block, ${order} limit ${rows} offset ${blocks.offset}`
    : sql`select d.object_id as id ${scored}
          from search_document d where ${where}
          order by ${order} limit ${rows} offset ${start}`;
  return hitColumns(page, rank, sql``, sql``, columns);
}

/**
 * What a hit row carries: `card`, what a result card shows (the record's fields and the
 * highlighted title and abstract); `id`, the id alone, for the catalogue standards, which
 * write records in formats of their own (highlighting 20 abstracts costs more than the
 * search that found them).
 */
export type HitColumns = 'card' | 'id';

/**
 * The page of hits read from the matches of the first ranked block, with how many matches
 * that block holds and (with `facets`) their facet values, as `hitsStatement` in one
 * statement: where the block is not full it holds every match, and the search's count and
 * facets come from the rows the page read anyway (search.service.ts), with no statement of
 * their own reading the same matches again. Every row carries the same `matched` and
 * `facet_counts` (computed once); no row means no match.
 */
function firstBlockStatement(
  where: Sql,
  rank: Sql,
  order: Sql,
  start: number,
  rows: number,
  exactMax: number,
  facets: boolean,
  columns: HitColumns,
): Sql {
  const block = rankedBlock(exactMax);
  const page = sql`select d.object_id as id, ts_rank(d.doc, ${rank}) as score from candidates d
    order by ${order} limit ${rows} offset ${start}`;
  const facetCounts = facets
    ? sql`(select coalesce(json_agg(json_build_array(value, n)), '[]') from (
        select f as value, count(*)::int as n,
          row_number() over (partition by split_part(f, '=', 1) order by count(*) desc, f) as r
        from candidates cross join lateral unnest(candidates.facets) as f
        group by f) facet_values
      where r <= ${searchLimits.facetValuesMax})`
    : sql`null::json`;
  return hitColumns(
    page,
    rank,
    sql`, (select count(*)::int from candidates) as matched, ${facetCounts} as facet_counts`,
    sql`with candidates as materialized (
      select * from search_document d where ${where} limit ${block})`,
    columns,
  );
}

/** The columns of a hit for the ids of `page` in its order (the answer's rows). */
function hitColumns(
  page: Sql,
  rank: Sql | undefined,
  more: Sql,
  withClause: Sql,
  columns: HitColumns,
): Sql {
  if (columns === 'id') {
    return sql`${withClause}
      select page.id ${more}
      from (select p.id, row_number() over () as position from (${page}) p) page
      order by page.position`;
  }
  const headline = (config: 'german' | 'english', path: Sql, options: string) =>
    rank
      ? sql`ts_headline(${sql.raw(`'${config}'`)}, ${path}, ${rank}, ${options})`
      : sql`null::text`;
  return sql`${withClause}
    select page.id, ${rank ? sql`ts_rank(s.doc, ${rank})` : sql`null::real`} as score,
      o.type, o.state, o.created_at, o.modified_at,
      o.metadata->'title' as title, o.metadata->'abstract' as abstract,
      o.metadata->>'licence' as licence, o.metadata->'dates' as dates,
      o.metadata->'temporalExtent' as temporal, o.metadata->'extent' as extent,
      o.metadata->'contacts' as contacts,
      ${headline('german', sql`o.metadata->'title'->>'de'`, TITLE_HEADLINE)} as hl_title_de,
      ${headline('english', sql`o.metadata->'title'->>'en'`, TITLE_HEADLINE)} as hl_title_en,
      ${headline('german', sql`o.metadata->'abstract'->>'de'`, ABSTRACT_HEADLINE)} as hl_abstract_de,
      ${headline('english', sql`o.metadata->'abstract'->>'en'`, ABSTRACT_HEADLINE)} as hl_abstract_en
      ${more}
    from (select p.id, row_number() over () as position from (${page}) p) page
    join object o on o.id = page.id
    join search_document s on s.object_id = page.id
    order by page.position`;
}

export interface HitRow {
  id: string;
  score: number | null;
  type: string;
  state: string;
  created_at: Date | string;
  modified_at: Date | string;
  title: { de?: string; en?: string };
  abstract: { de?: string; en?: string } | null;
  licence: string | null;
  dates: Record<string, string> | null;
  temporal: { start?: string; end?: string } | null;
  extent: { west: number; south: number; east: number; north: number } | null;
  contacts: { organisation?: string }[] | null;
  hl_title_de: string | null;
  hl_title_en: string | null;
  hl_abstract_de: string | null;
  hl_abstract_en: string | null;
  /** `firstBlockStatement` only: the matches in the first ranked block. */
  matched?: number;
  /** `firstBlockStatement` with facets: `[field=value, count]` among them. */
  facet_counts?: [string, number][] | null;
}

/** A row of `tallyStatement`: the count (`value` null) or a facet value's count. */
export interface TallyRow {
  value: string | null;
  n: number;
}

/**
 * Counts the matches up to one more than `limit` (a count above it means "more") and, with
 * `facets` and no more matches than that, every `field=value` among them (the most frequent
 * `facetValuesMax` per field; with `only`, of that one field). At `level` k > 0 it counts the
 * sample of 1 in 2^k matches instead (search-sample.ts), found through the full-text index.
 * Each call reads at most `limit` + 1 documents.
 */
export function tallyStatement(
  where: Sql,
  options: { level: number; limit: number; facets: boolean; only?: FacetField | undefined },
): Sql {
  const { limit } = options;
  const sample =
    options.level > 0 ? sql`and d.doc @@ ${`'${sampleLexeme(options.level)}'`}::tsquery` : sql``;
  const field = options.only ? sql`and starts_with(f, ${`${options.only}=`})` : sql``;
  const facets = options.facets
    ? sql`union all
      select value, n from (
        select f as value, count(*)::int as n,
          row_number() over (partition by split_part(f, '=', 1) order by count(*) desc, f) as r
        from matched cross join lateral unnest(matched.facets) as f
        where (select n from counted) <= ${limit} ${field}
        group by f) facet_values
      where r <= ${searchLimits.facetValuesMax}`
    : sql``;
  return sql`
    with matched as materialized (
      select ${options.facets ? sql`d.facets` : sql`1 as one`}
      from search_document d where ${where} ${sample}
      limit ${limit + 1}),
    counted as (select count(*)::int as n from matched)
    select null::text as value, n from counted
    ${facets}`;
}

/** A footprint as `footprintsStatement` reads it: columns of the search document. */
export type FootprintRow = Pick<
  Selectable<SearchDocumentTable>,
  | 'type'
  | 'title_de'
  | 'title_en'
  | 'map_services'
  | 'west'
  | 'south'
  | 'east'
  | 'north'
  | 'footprint'
> & { id: string };

/**
 * One page of footprints of the matches (records without an extent have none), in the order
 * of the list search (ranked block by block like `hitsStatement`).
 */
export function footprintsStatement(
  where: Sql,
  rank: Sql | undefined,
  order: Sql,
  offset: number,
  size: number,
  scoreSort: ScoreSort,
  exactMax: number = EXACT_MATCHES_MAX,
): Sql {
  const scored = rank && scoreSort !== 'none' ? sql`, ts_rank(d.doc, ${rank}) as score` : sql``;
  const located = sql`${where} and d.extent is not null`;
  const blocks =
    rank && scoreSort === 'first' ? rankedBlocks(located, offset, size, exactMax) : null;
  return sql`
    select d.object_id as id, d.type, d.title_de, d.title_en, d.map_services,
      d.west, d.south, d.east, d.north, d.footprint ${scored}
    from ${blocks ? blocks.from : sql`search_document d where ${located}`}
    order by ${blocks ? sql`d.block, ` : sql``}${order}
    limit ${size} offset ${blocks ? blocks.offset : offset}`;
}

export interface SuggestionRow {
  term: string;
  kind: 'title' | 'keyword';
  id: string;
  n: number;
}

/**
 * Titles and keywords similar to what is typed (trigram word similarity, so a typo still
 * finds them), those that start with it first; only of records the viewer may read. A word
 * that is both a title and a keyword is listed as both, the keyword first (ties by kind).
 */
export function suggestionsStatement(norm: string, visibility: Sql | undefined, rows: number): Sql {
  const prefix = `${norm.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`
    select t.term, t.kind, min(t.object_id) as id, count(distinct t.object_id) as n,
      max(word_similarity(${norm}, t.norm)) as similarity, bool_or(t.norm like ${prefix}) as starts
    from search_term t join search_document d on d.object_id = t.object_id
    where (${norm} <% t.norm or t.norm like ${prefix}) ${visibility ? sql`and ${visibility}` : sql``}
    group by t.term, t.kind
    order by starts desc, similarity desc, n desc, t.term, t.kind
    limit ${rows}`;
}
