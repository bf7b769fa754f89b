import {
  type FacetField,
  facetFields,
  type TextField,
  type ValueField,
  valueFields,
} from '@geoportal/contract/search';
import type {
  Box,
  BoxRelation,
  Filter,
  FilterQuery,
  QueryNode,
  Sort,
} from '@geoportal/contract/search-query';
import { type RawBuilder, sql } from 'kysely';
import { indexBoxes } from './search-boxes.js';
import { facetValue } from './search-document.js';
import { fieldLexemePrefix, LEXEME_PATTERN, prefixedLexeme } from './search-fields.js';

/**
 * Turns a parsed search (query tree, filters, sorts) into SQL over `search_document d`.
 * Every user value travels as a bound parameter; what is spliced into the text is fixed SQL
 * chosen here. A text-only part of the query becomes one `tsquery` (one GIN lookup);
 * filters and mixed parts become boolean conditions around it.
 */

type Sql = RawBuilder<unknown>;

/** The weights a text field is limited to: A titles, B keywords, C abstracts (search-fields.ts: the rest). */
const fieldWeights: Record<TextField, string> = { title: 'A', keyword: 'B', abstract: 'C' };

/** A `to_tsquery` operand: the text as one quoted lexeme or phrase, with optional weights and prefix. */
function quoted(text: string, suffix: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/'/g, "''");
  return `'${escaped}'${suffix ? `:${suffix}` : ''}`;
}

/**
 * One word or phrase in German, English and plain form. A single word that is a stop word in
 * either language ("die", "the", "in") is dropped, as a search engine would: otherwise its
 * plain form would be required in every hit.
 */
function textTsquery(node: Extract<QueryNode, { kind: 'term' | 'phrase' }>): Sql {
  const prefix = node.field ? fieldLexemePrefix[node.field] : undefined;
  if (prefix) {
    // The field's own lexemes (search-fields.ts): found by the index alone, no weights.
    const plain = textTsquery({ ...node, field: undefined });
    return sql`regexp_replace((${plain})::text, ${LEXEME_PATTERN}, ${prefixedLexeme(prefix)}, 'g')::tsquery`;
  }
  // Every field without its own lexemes is a weight's (`fieldLexemePrefix`).
  const weights = node.field ? fieldWeights[node.field as TextField] : '';
  if (node.kind === 'term' && node.prefix) {
    // Prefixes match the plain (unstemmed) form only: a stem is not a prefix of the word.
    return sql`to_tsquery('simple', ${quoted(node.text.toLowerCase(), `*${weights}`)})`;
  }
  const q = quoted(node.text, weights);
  const forms = sql`to_tsquery('german', ${q}) || to_tsquery('english', ${q}) || to_tsquery('simple', ${q})`;
  if (node.kind === 'phrase') return sql`(${forms})`;
  return sql`(case when numnode(to_tsquery('german', ${q})) = 0 or numnode(to_tsquery('english', ${q})) = 0
    then ''::tsquery else ${forms} end)`;
}

/**
 * A phrase also looked up by its pairs of adjacent words (migration 0008): the index of
 * `pairs` finds the documents where the words stand side by side, not every document holding
 * them all. When the pairs tell nothing (one word, a stop word between every two) the
 * condition reduces to the words; when they decide (two words side by side) to the pairs. The
 * functions are immutable: PostgreSQL computes them once while planning, and the plan holds
 * only what is left of the condition. Phrases of two words or more without a field only: a
 * term (even "Grundwasser-Messnetz", several words for the parser) may be a stop word that
 * the tsquery drops from its surroundings, and a field's phrase (`title:"…"`) is tested
 * among the far fewer documents with its words in that field.
 */
function pairCondition(node: Extract<QueryNode, { kind: 'term' | 'phrase' }>): Sql | undefined {
  if (node.kind !== 'phrase' || node.field) return undefined;
  if (!/[\p{L}\p{N}][^\p{L}\p{N}]+[\p{L}\p{N}]/u.test(node.text)) return undefined;
  return sql`((search_pair_query(${node.text}) is null
      or d.pairs @@ search_pair_query(${node.text}))
    and (search_pairs_decide(${node.text}) or d.doc @@ ${textTsquery(node)}))`;
}

type Compiled = { text: Sql } | { cond: Sql };

/** Whether the tree searches for words (a term or phrase anywhere in it). */
function hasWords(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return true;
    case 'not':
      return hasWords(node.child);
    case 'and':
    case 'or':
      return node.children.some(hasWords);
    default:
      return false;
  }
}

const asCondition = (c: Compiled): Sql => ('cond' in c ? c.cond : sql`d.doc @@ ${c.text}`);

function compileNode(node: QueryNode, indexes: IndexUse): Compiled {
  switch (node.kind) {
    case 'all':
      return { cond: sql`true` };
    case 'term':
    case 'phrase': {
      const pairs = pairCondition(node);
      return pairs ? { cond: pairs } : { text: textTsquery(node) };
    }
    case 'filter':
      return { cond: filterCondition(node.filter, indexes) };
    case 'not': {
      const child = compileNode(node.child, indexes);
      // `is not true`, not `not`: a condition on a missing value (no extent, no date) is
      // NULL, and the record it leaves out must come back when it is negated.
      return 'text' in child
        ? { text: sql`(!! ${child.text})` }
        : { cond: sql`((${child.cond}) is not true)` };
    }
    case 'and':
    case 'or': {
      // Beside words, a box is tested on the rows the full-text index found (`IndexUse.box`),
      // wherever the box stands: as the search API's `fq`, or in the same query tree as the
      // words (a CSW or OGC API filter `AnyText LIKE … AND BBOX`). With the box's index open
      // there the planner read every record of the box (a CSW GetRecords at 1,000,000
      // records took twice the search API's time for the same words and box).
      const besideWords =
        node.kind === 'and' && node.children.some(hasWords) ? { ...indexes, box: false } : indexes;
      const children = node.children.map((child) =>
        compileNode(child, hasWords(child) ? indexes : besideWords),
      );
      const op = node.kind === 'and' ? '&&' : '||';
      if (children.every((c) => 'text' in c)) {
        return {
          text: sql`(${sql.join(
            children.map((c) => (c as { text: Sql }).text),
            sql.raw(` ${op} `),
          )})`,
        };
      }
      const joiner = sql.raw(node.kind === 'and' ? ' and ' : ' or ');
      return { cond: sql`(${sql.join(children.map(asCondition), joiner)})` };
    }
  }
}

/** The query tree as a condition, or `undefined` when it matches everything. */
export function queryCondition(node: QueryNode, indexes = allIndexes): Sql | undefined {
  if (node.kind === 'all') return undefined;
  return asCondition(compileNode(node, indexes));
}

/**
 * The positive words of the query as one tsquery joined by OR, for ranking and highlighting;
 * `undefined` when the query has none (no ranking, no highlights).
 */
export function rankTsquery(node: QueryNode): Sql | undefined {
  const positive: Extract<QueryNode, { kind: 'term' | 'phrase' }>[] = [];
  const walk = (n: QueryNode) => {
    // Ranked and marked as words, wherever they stand (a field's prefixed lexemes would
    // mark nothing in the text).
    if (n.kind === 'term' || n.kind === 'phrase') positive.push({ ...n, field: undefined });
    else if (n.kind === 'and' || n.kind === 'or') n.children.forEach(walk);
    // Words under NOT are what hits must not contain: nothing to rank or mark.
  };
  walk(node);
  if (positive.length === 0) return undefined;
  return sql`(${sql.join(positive.map(textTsquery), sql.raw(' || '))})`;
}

// Filters -----------------------------------------------------------------------------------

/** Fields whose values are stored as `field=value` in the document's `facets`. */
const isFacetField = (field: string): field is FacetField | ValueField =>
  (facetFields as readonly string[]).includes(field) ||
  (valueFields as readonly string[]).includes(field);

/**
 * Which filter tests may use their own indexes (`is true` around a test hides it from the
 * planner's index matching, nothing else); where they may not, they are tested on the rows
 * other conditions found.
 */
export interface IndexUse {
  /**
   * The extent's GiST index. PostgreSQL estimates every box overlap at half a percent of the
   * rows, whatever the box: with a text query it would then read the matches of the box (a
   * city's box overlaps every record of its state and of Germany, a sixth of the catalogue)
   * instead of the far fewer of the words. Beside words, the box is tested on the rows the
   * full-text index found.
   */
  box: boolean;
  /**
   * The B-tree indexes of the dates. They read the matches in date order; the blocks ranked
   * by relevance (search.repository.ts) need the table's order, which only sequential scans
   * and the bitmaps of the full-text, facet and reader indexes keep.
   */
  dates: boolean;
}

export const allIndexes: IndexUse = { box: true, dates: true };

function boxCondition(box: Box, relation: BoxRelation | undefined, indexed: boolean): Sql {
  const boxes = indexBoxes(box).map(
    ([w, s, e, n]) =>
      sql`box(point(${w}::float8, ${s}::float8), point(${e}::float8, ${n}::float8))`,
  );
  const any =
    relation === 'within'
      ? withinCondition(boxes)
      : relation === 'contains'
        ? containsCondition(boxes)
        : intersectsCondition(boxes);
  return indexed ? any : sql`(${any} is true)`;
}

/** The extent (either of its parts across the antimeridian) overlaps one of the boxes. */
function intersectsCondition(boxes: Sql[]): Sql {
  const tests = boxes.flatMap((b) => [sql`d.extent && ${b}`, sql`d.extent2 && ${b}`]);
  return sql`(${sql.join(tests, sql.raw(' or '))})`;
}

/**
 * The extent lies inside the boxes: each of its parts (two across the antimeridian) inside
 * one of the query's parts. `extent <@ box` is answered by the GiST index of extents; a
 * record without an extent tests as unknown (NULL), as with intersection.
 */
function withinCondition(boxes: Sql[]): Sql {
  const inside = (part: Sql) =>
    sql`(${sql.join(
      boxes.map((b) => sql`${part} <@ ${b}`),
      sql.raw(' or '),
    )})`;
  return sql`(${inside(sql`d.extent`)} and (d.extent2 is null or ${inside(sql`d.extent2`)}))`;
}

/**
 * The extent contains the boxes: each of the query's parts inside one of the extent's parts
 * (no part of a box can reach across the antimeridian into the other part). `extent @> box`
 * is answered by the GiST index of extents.
 */
function containsCondition(boxes: Sql[]): Sql {
  const tests = boxes.map((b) => sql`(d.extent @> ${b} or d.extent2 @> ${b})`);
  return sql`(${sql.join(tests, sql.raw(' and '))})`;
}

/** `[from, to]` of dates (inclusive); timestamps compare with the day after `to`. */
function rangeCondition(
  column: Sql,
  range: { from?: string; to?: string },
  timestamp: boolean,
  indexed: boolean,
): Sql {
  const tests: Sql[] = [];
  if (range.from) tests.push(sql`${column} >= ${range.from}::date`);
  if (range.to) {
    tests.push(
      timestamp ? sql`${column} < (${range.to}::date + 1)` : sql`${column} <= ${range.to}::date`,
    );
  }
  const all = tests.length === 0 ? sql`${column} is not null` : sql.join(tests, sql.raw(' and '));
  return indexed ? all : sql`((${all}) is true)`;
}

function filterCondition(filter: Filter, indexes: IndexUse): Sql {
  if (filter.kind === 'bbox') return boxCondition(filter.box, filter.relation, indexes.box);
  const field = filter.field;
  if (filter.kind === 'values') {
    if (field === 'state') return sql`d.state in (${sql.join(filter.values)})`;
    if (isFacetField(field)) {
      const values = filter.values.map((v) => facetValue(field, v));
      return sql`d.facets && ${sql.val(values)}::text[]`;
    }
    throw new Error(`no value filter for ${field}`);
  }
  const range = filter.range;
  switch (field) {
    case 'year':
      return rangeCondition(
        sql`d.ref_date`,
        {
          ...(range.from ? { from: `${range.from}-01-01` } : {}),
          ...(range.to ? { to: `${range.to}-12-31` } : {}),
        },
        false,
        indexes.dates,
      );
    case 'date':
      return rangeCondition(sql`d.ref_date`, range, false, indexes.dates);
    case 'modified':
      return rangeCondition(sql`d.modified`, range, true, indexes.dates);
    case 'created':
      return rangeCondition(sql`d.created`, range, true, indexes.dates);
    case 'temporal': {
      // Overlap with the temporal extent; an open end of the extent reaches any date.
      const tests: Sql[] = [sql`(d.temporal_start is not null or d.temporal_end is not null)`];
      if (range.to)
        tests.push(sql`(d.temporal_start is null or d.temporal_start <= ${range.to}::date)`);
      if (range.from)
        tests.push(sql`(d.temporal_end is null or d.temporal_end >= ${range.from}::date)`);
      const overlap = sql.join(tests, sql.raw(' and '));
      return indexes.dates ? overlap : sql`((${overlap}) is true)`;
    }
    default:
      throw new Error(`no range filter for ${field}`);
  }
}

export function filterQueryCondition(fq: FilterQuery, indexes = allIndexes): Sql {
  const condition = filterCondition(fq.filter, indexes);
  return fq.negated ? sql`((${condition}) is not true)` : sql`(${condition})`;
}

export function conjunction(conditions: (Sql | undefined)[]): Sql {
  const present = conditions.filter((c): c is Sql => c !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql.raw(' and '));
}

// Sorting -----------------------------------------------------------------------------------

export function orderBy(sorts: readonly Sort[], hasRank: boolean): Sql {
  const keys: Sql[] = [];
  for (const sort of sorts) {
    const dir = sql.raw(sort.direction);
    switch (sort.field) {
      case 'score':
        if (hasRank) keys.push(sql`score ${dir}`);
        else keys.push(sql`d.modified desc`);
        break;
      case 'modified':
        keys.push(sql`d.modified ${dir}`);
        break;
      case 'created':
        keys.push(sql`d.created ${dir}`);
        break;
      case 'title':
        keys.push(sql`d.title_sort collate "C" ${dir}`);
        break;
      case 'temporal':
        keys.push(sql`d.temporal_start ${dir} nulls last`);
        break;
      case 'date':
        keys.push(sql`d.ref_date ${dir} nulls last`);
        break;
    }
  }
  keys.push(sql`d.object_id`);
  return sql.join(keys);
}
