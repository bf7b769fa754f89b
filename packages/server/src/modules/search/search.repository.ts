import { type FacetField, searchLimits } from '@geoportal/contract/search';
import { type RawBuilder, sql } from 'kysely';

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
 * One page of hits in order with what a result card shows (highlighted title and abstract
 * fragments), each row carrying the total number of matches. Rank, sort and count run over
 * the documents; the object rows and the (costly) highlighting only for the page.
 */
export function hitsStatement(
  where: Sql,
  rank: Sql | undefined,
  order: Sql,
  start: number,
  rows: number,
): Sql {
  const score = rank ? sql`ts_rank(d.doc, ${rank})` : sql`null::real`;
  const headline = (config: 'german' | 'english', path: Sql, options: string) =>
    rank
      ? sql`ts_headline(${sql.raw(`'${config}'`)}, ${path}, ${rank}, ${options})`
      : sql`null::text`;
  return sql`
    select page.id, page.score, page.total, o.type, o.state, o.created_at, o.modified_at,
      o.metadata->'title' as title, o.metadata->'abstract' as abstract,
      o.metadata->>'licence' as licence, o.metadata->'dates' as dates,
      o.metadata->'temporalExtent' as temporal, o.metadata->'extent' as extent,
      o.metadata->'contacts' as contacts,
      ${headline('german', sql`o.metadata->'title'->>'de'`, TITLE_HEADLINE)} as hl_title_de,
      ${headline('english', sql`o.metadata->'title'->>'en'`, TITLE_HEADLINE)} as hl_title_en,
      ${headline('german', sql`o.metadata->'abstract'->>'de'`, ABSTRACT_HEADLINE)} as hl_abstract_de,
      ${headline('english', sql`o.metadata->'abstract'->>'en'`, ABSTRACT_HEADLINE)} as hl_abstract_en
    from (
      select ordered.*, row_number() over () as position
      from (
        select d.object_id as id, ${score} as score, count(*) over () as total
        from search_document d
        where ${where}
        order by ${order}
        limit ${rows} offset ${start}) ordered
      ) page
    join object o on o.id = page.id
    order by page.position`;
}

export interface HitRow {
  id: string;
  score: number | null;
  total: number;
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
}

export function countStatement(where: Sql): Sql {
  return sql`select count(*) as total from search_document d where ${where}`;
}

export interface FacetRow {
  value: string;
  n: number;
}

/**
 * Facet counts over the matches: every `field=value` with its count, the most frequent
 * `facetValuesMax` per field. With `only`, the values of that one field.
 */
export function facetsStatement(where: Sql, only?: FacetField): Sql {
  const field = only ? sql`and starts_with(f, ${`${only}=`})` : sql``;
  return sql`
    select value, n from (
      select f as value, count(*) as n,
        row_number() over (partition by split_part(f, '=', 1) order by count(*) desc, f) as r
      from search_document d cross join lateral unnest(d.facets) as f
      where ${where} ${field}
      group by f) counted
    where r <= ${searchLimits.facetValuesMax}`;
}

export interface FootprintRow {
  id: string;
  type: string;
  title_de: string | null;
  title_en: string | null;
  map_services: boolean;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  footprint: Record<string, unknown> | null;
  total: number;
}

/** One page of footprints of the matches (records without an extent have none). */
export function footprintsStatement(
  where: Sql,
  rank: Sql | undefined,
  order: Sql,
  offset: number,
  size: number,
): Sql {
  const score = rank ? sql`ts_rank(d.doc, ${rank})` : sql`null::real`;
  return sql`
    select d.object_id as id, d.type, d.title_de, d.title_en, d.map_services,
      d.west, d.south, d.east, d.north, d.footprint, ${score} as score, count(*) over () as total
    from search_document d
    where ${where} and d.extent is not null
    order by ${order}
    limit ${size} offset ${offset}`;
}

export interface SuggestionRow {
  term: string;
  kind: 'title' | 'keyword';
  id: string;
  n: number;
}

/**
 * Titles and keywords similar to what is typed (trigram word similarity, so a typo still
 * finds them), those that start with it first; only of records the viewer may read.
 */
export function suggestionsStatement(norm: string, visibility: Sql | undefined, rows: number): Sql {
  const prefix = `${norm.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`
    select t.term, t.kind, min(t.object_id) as id, count(distinct t.object_id) as n,
      max(word_similarity(${norm}, t.norm)) as similarity, bool_or(t.norm like ${prefix}) as starts
    from search_term t join search_document d on d.object_id = t.object_id
    where (${norm} <% t.norm or t.norm like ${prefix}) ${visibility ? sql`and ${visibility}` : sql``}
    group by t.term, t.kind
    order by starts desc, similarity desc, n desc, t.term
    limit ${rows}`;
}
