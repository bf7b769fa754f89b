import { type ProblemValues, problemMessage, type QueryProblemReason } from './query-problems.js';
import {
  type FilterField,
  filterFields,
  type IndexTextField,
  type SortDirection,
  type SortField,
  searchLimits,
  sortFields,
  type TextField,
  textFields,
} from './search.js';

export type { ProblemValues, QueryProblemReason } from './query-problems.js';

/**
 * The search query language (DESIGN §4) as a syntax tree, and the parsers of the query text,
 * of `fq` filters and of `sort`. Parsing never throws: a bad input answers a problem that
 * says what to fix, with the position in the text, so the API can answer 400 and the web app
 * can show it under the query box.
 *
 *   query   := or
 *   or      := and ("OR" and)*
 *   and     := unary (["AND"] unary)*          adjacent terms mean AND
 *   unary   := ("NOT" | "-") unary | primary
 *   primary := "(" or ")" | field ":" value | word | word* | "phrase" | *
 *   value   := word | word* | "phrase" | "(" values joined by OR ")" | "[" from "TO" to "]"
 */

/** A range of dates or years; `undefined` is an open end. */
export interface Range {
  from?: string;
  to?: string;
}

export type QueryNode =
  | { kind: 'all' }
  | { kind: 'term'; text: string; prefix: boolean; field?: IndexTextField }
  | { kind: 'phrase'; text: string; field?: IndexTextField }
  | { kind: 'filter'; filter: Filter }
  | { kind: 'and' | 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };

/**
 * A condition on a filter field: any of the values, a range, or a box. A box keeps the
 * records whose extent intersects it, or by its `relation` those whose extent lies within it
 * or contains it (the catalogue service's spatial operators; the query language has only
 * intersection).
 */
export type Filter =
  | { field: FilterField; kind: 'values'; values: string[] }
  | { field: FilterField; kind: 'range'; range: Range }
  | { field: 'bbox'; kind: 'bbox'; box: Box; relation?: BoxRelation };

/** How a record's extent relates to a box beside intersecting it. */
export type BoxRelation = 'within' | 'contains';

/** West, south, east, north in degrees; west > east crosses the antimeridian. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** An `fq`: a filter, possibly negated (`-field:value`). */
export interface FilterQuery {
  filter: Filter;
  negated: boolean;
}

export interface Sort {
  field: SortField;
  direction: SortDirection;
}

/**
 * What is wrong with a query, and where (0-based character offset, when it is known). The
 * `reason` is a stable key with `values` to fill in, so the web app can say it in the user's
 * language (translation `search.problem.<reason>`); `message` is the English text of the API.
 */
export interface QueryProblem {
  reason: QueryProblemReason;
  values: ProblemValues;
  message: string;
  position?: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: QueryProblem };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(
  reason: QueryProblemReason,
  position?: number,
  values: ProblemValues = {},
): Parsed<T> => {
  const message = problemMessage(reason, values);
  return {
    ok: false,
    problem:
      position === undefined ? { reason, values, message } : { reason, values, message, position },
  };
};

/** Fields whose values are years or dates and take ranges. */
const rangeFields = new Set<FilterField>(['year', 'modified', 'created', 'date', 'temporal']);
const isFilterField = (name: string): name is FilterField =>
  (filterFields as readonly string[]).includes(name);
const isTextField = (name: string): name is TextField =>
  (textFields as readonly string[]).includes(name);
const knownFields = [...textFields, ...filterFields.filter((f) => f !== 'bbox')].join(', ');

// Tokens -------------------------------------------------------------------------------

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'phrase'; text: string; at: number }
  | { kind: 'field'; name: string; at: number }
  | { kind: 'op'; op: 'AND' | 'OR' | 'NOT'; at: number }
  | { kind: '(' | ')' | '[' | ']' | '-'; at: number };

/** Characters that end a word; everything else (letters, digits, . , / and so on) is kept. */
const wordBreak = /[\s()"[\]]/u;

function tokenize(text: string): Parsed<Token[]> {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/u.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === '[' || ch === ']') {
      tokens.push({ kind: ch, at: i });
      i += 1;
      continue;
    }
    if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) {
        return fail('unclosedQuote', i);
      }
      tokens.push({ kind: 'phrase', text: text.slice(i + 1, end), at: i });
      i = end + 1;
      continue;
    }
    // A minus before a term negates it; inside a word (Baden-Württemberg) it is kept.
    if (ch === '-' && (i === 0 || /[\s(]/u.test(text[i - 1] as string))) {
      tokens.push({ kind: '-', at: i });
      i += 1;
      continue;
    }
    let end = i;
    while (end < text.length && !wordBreak.test(text[end] as string)) end += 1;
    const word = text.slice(i, end);
    const colon = word.indexOf(':');
    // `field:` starts a field expression; a colon later in the word stays part of it only
    // after a field (title:EPSG:25832 is the value "EPSG:25832").
    if (colon > 0 && /^[A-Za-z]+$/.test(word.slice(0, colon))) {
      tokens.push({ kind: 'field', name: word.slice(0, colon), at: i });
      i += colon + 1;
      continue;
    }
    if (word === 'AND' || word === 'OR' || word === 'NOT') {
      tokens.push({ kind: 'op', op: word, at: i });
    } else {
      tokens.push({ kind: 'word', text: word, at: i });
    }
    i = end;
  }
  return ok(tokens);
}

// The query parser ---------------------------------------------------------------------

class QueryParser {
  private pos = 0;
  private terms = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  parse(): Parsed<QueryNode> {
    if (this.tokens.length === 0) return ok({ kind: 'all' });
    const node = this.or(0);
    if (!node.ok) return node;
    const rest = this.tokens[this.pos];
    if (rest) {
      return rest.kind === ')' ? fail('unopenedBracket', rest.at) : fail('unreadable', rest.at);
    }
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private at(): number {
    return this.peek()?.at ?? this.length;
  }

  private or(depth: number): Parsed<QueryNode> {
    const children: QueryNode[] = [];
    for (;;) {
      const child = this.and(depth);
      if (!child.ok) return child;
      children.push(child.value);
      const next = this.peek();
      if (next?.kind !== 'op' || next.op !== 'OR') break;
      this.pos += 1;
      if (!this.startsOperand()) {
        return fail('orMisplaced', next.at);
      }
    }
    return ok(children.length === 1 ? (children[0] as QueryNode) : { kind: 'or', children });
  }

  private and(depth: number): Parsed<QueryNode> {
    const children: QueryNode[] = [];
    for (;;) {
      const child = this.unary(depth);
      if (!child.ok) return child;
      children.push(child.value);
      const next = this.peek();
      if (next?.kind === 'op' && next.op === 'AND') {
        this.pos += 1;
        if (!this.startsOperand()) {
          return fail('andMisplaced', next.at);
        }
        continue;
      }
      if (!this.startsOperand()) break;
    }
    return ok(children.length === 1 ? (children[0] as QueryNode) : { kind: 'and', children });
  }

  private startsOperand(): boolean {
    const next = this.peek();
    if (!next) return false;
    if (next.kind === 'op') return next.op === 'NOT';
    return next.kind !== ')' && next.kind !== ']';
  }

  private unary(depth: number): Parsed<QueryNode> {
    const next = this.peek();
    if (next && ((next.kind === 'op' && next.op === 'NOT') || next.kind === '-')) {
      this.pos += 1;
      if (!this.startsOperand()) {
        return fail('notMisplaced', next.at, { operator: next.kind === '-' ? '-' : 'NOT' });
      }
      const child = this.unary(depth);
      return child.ok ? ok({ kind: 'not', child: child.value }) : child;
    }
    return this.primary(depth);
  }

  private primary(depth: number): Parsed<QueryNode> {
    const token = this.peek();
    if (!token) return fail('termExpectedAtEnd', this.length);
    switch (token.kind) {
      case '(': {
        if (depth >= searchLimits.depthMax) {
          return fail('nestedTooDeep', token.at, { max: searchLimits.depthMax });
        }
        this.pos += 1;
        const inner = this.or(depth + 1);
        if (!inner.ok) return inner;
        if (this.peek()?.kind !== ')') {
          return fail('unclosedBracket', token.at);
        }
        this.pos += 1;
        return inner;
      }
      case 'word':
      case 'phrase':
        this.pos += 1;
        return this.textTerm(token);
      case 'field':
        this.pos += 1;
        return this.fieldExpression(token);
      case ')':
        return fail('unopenedBracket', token.at);
      default:
        return fail('termExpected', token.at);
    }
  }

  private textTerm(
    token: Extract<Token, { kind: 'word' | 'phrase' }>,
    field?: TextField,
  ): Parsed<QueryNode> {
    this.terms += 1;
    if (this.terms > searchLimits.termsMax) {
      return fail('tooManyTerms', token.at, { max: searchLimits.termsMax });
    }
    const withField = <T extends object>(node: T) => (field ? { ...node, field } : node);
    if (token.kind === 'phrase') {
      if (!hasWordCharacter(token.text)) {
        return fail('emptyPhrase', token.at);
      }
      return ok(withField({ kind: 'phrase' as const, text: token.text }));
    }
    if (token.text === '*' && !field) return ok({ kind: 'all' });
    if (token.text.endsWith('*')) {
      const stem = token.text.slice(0, -1);
      if (stem.includes('*') || letters(stem) < 2) {
        return fail('prefixTooShort', token.at);
      }
      return ok(withField({ kind: 'term' as const, text: stem, prefix: true }));
    }
    if (token.text.includes('*')) {
      return fail('starInsideWord', token.at);
    }
    if (!hasWordCharacter(token.text)) {
      return fail('noWordCharacters', token.at, { text: token.text });
    }
    return ok(withField({ kind: 'term' as const, text: token.text, prefix: false }));
  }

  private fieldExpression(token: Extract<Token, { kind: 'field' }>): Parsed<QueryNode> {
    const name = token.name;
    if (isTextField(name)) {
      const value = this.peek();
      if (value?.kind === 'word' || value?.kind === 'phrase') {
        this.pos += 1;
        return this.textTerm(value, name);
      }
      return fail('fieldWithoutTerm', token.at, { field: name });
    }
    if (!isFilterField(name) || name === 'bbox') {
      return fail('unknownField', token.at, { field: name, fields: knownFields });
    }
    const filter = readFilterValue(this.tokens, this.pos, name, token.at);
    if (!filter.ok) return filter;
    this.pos = filter.value.next;
    return ok({ kind: 'filter', filter: filter.value.filter });
  }
}

const hasWordCharacter = (text: string) => /[\p{L}\p{N}]/u.test(text);
const letters = (text: string) => (text.match(/[\p{L}\p{N}]/gu) ?? []).length;

/**
 * Reads the value of `field:` starting at token `pos`: a word, a phrase, `(a OR b)` or
 * `[from TO to]`. Answers the filter and the position after it.
 */
function readFilterValue(
  tokens: Token[],
  pos: number,
  field: FilterField,
  at: number,
): Parsed<{ filter: Filter; next: number }> {
  const first = tokens[pos];
  if (!first) return fail('valueMissing', at, { field });
  if (first.kind === '[') {
    const range = readRange(tokens, pos, field);
    if (!range.ok) return range;
    return ok({
      filter: { field, kind: 'range', range: range.value.range },
      next: range.value.next,
    });
  }
  if (first.kind === '(') {
    const values: string[] = [];
    let i = pos + 1;
    for (;;) {
      const token = tokens[i];
      if (token?.kind !== 'word' && token?.kind !== 'phrase') {
        return fail('valuesJoinedByOr', token?.at ?? at, { field });
      }
      values.push(token.text);
      i += 1;
      const next = tokens[i];
      if (next?.kind === ')') break;
      if (next?.kind !== 'op' || next.op !== 'OR') {
        return fail('valuesUnclosed', next?.at ?? at, { field });
      }
      i += 1;
    }
    if (values.length > searchLimits.filterValuesMax) {
      return fail('tooManyValues', at, { field, max: searchLimits.filterValuesMax });
    }
    const checked = checkValues(field, values, at);
    if (!checked.ok) return checked;
    return ok({ filter: { field, kind: 'values', values }, next: i + 1 });
  }
  if (first.kind === 'word' || first.kind === 'phrase') {
    const checked = checkValues(field, [first.text], at);
    if (!checked.ok) return checked;
    return ok({ filter: { field, kind: 'values', values: [first.text] }, next: pos + 1 });
  }
  return fail('valueMissing', first.at, { field });
}

function checkValues(field: FilterField, values: string[], at: number): Parsed<true> {
  for (const value of values) {
    if (value.trim() === '') return fail('emptyValue', at, { field });
    if (field === 'year' && !/^\d{4}$/.test(value)) {
      return fail('yearInvalid', at, { value });
    }
    if (rangeFields.has(field) && field !== 'year') {
      return fail('rangeRequired', at, { field });
    }
  }
  return ok(true);
}

/** `[from TO to]` where each end is an ISO date, a year or `*`. */
function readRange(
  tokens: Token[],
  pos: number,
  field: FilterField,
): Parsed<{ range: Range; next: number }> {
  const open = tokens[pos] as Token;
  const [from, to, word, close] = [
    tokens[pos + 1],
    tokens[pos + 3],
    tokens[pos + 2],
    tokens[pos + 4],
  ];
  const example = `${field}:[2010 TO 2020]`;
  if (!rangeFields.has(field)) {
    return fail('rangeNotAllowed', open.at, { field });
  }
  if (
    from?.kind !== 'word' ||
    word?.kind !== 'word' ||
    word.text !== 'TO' ||
    to?.kind !== 'word' ||
    close?.kind !== ']'
  ) {
    return fail('rangeSyntax', open.at, { example });
  }
  const ends: Range = {};
  for (const [key, token] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (token.text === '*') continue;
    const value = rangeEnd(token.text, key, field === 'year');
    if (!value) {
      return field === 'year'
        ? fail('notAYear', token.at, { text: token.text, example })
        : fail('notADate', token.at, { text: token.text });
    }
    ends[key] = value;
  }
  if (ends.from && ends.to && ends.from > ends.to) {
    return fail('rangeReversed', open.at, { from: ends.from, to: ends.to });
  }
  return ok({ range: ends, next: pos + 5 });
}

/** A year, `YYYY-MM` or an ISO date as the first or last day it stands for. */
function rangeEnd(text: string, end: 'from' | 'to', yearsOnly: boolean): string | undefined {
  if (/^\d{4}$/.test(text))
    return yearsOnly ? text : end === 'from' ? `${text}-01-01` : `${text}-12-31`;
  if (yearsOnly) return undefined;
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    if (m < 1 || m > 12) return undefined;
    if (end === 'from') return `${text}-01`;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${text}-${String(last).padStart(2, '0')}`;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}

// Public parsers -----------------------------------------------------------------------

/** Parses the query text of a search; empty and `*` mean everything. */
export function parseQuery(text: string): Parsed<QueryNode> {
  if (text.length > searchLimits.queryMax) {
    return fail('queryTooLong', undefined, { max: searchLimits.queryMax });
  }
  const tokens = tokenize(text);
  if (!tokens.ok) return tokens;
  return new QueryParser(tokens.value, text.length).parse();
}

/** Parses one `fq`: `field:value`, `field:"a value"`, `field:(a OR b)`, `field:[a TO b]`, `bbox:w,s,e,n`. */
export function parseFilterQuery(text: string): Parsed<FilterQuery> {
  if (text.length > searchLimits.filterMax) {
    return fail('filterTooLong', undefined, { max: searchLimits.filterMax });
  }
  const negated = text.startsWith('-');
  const body = negated ? text.slice(1) : text;
  const colon = body.indexOf(':');
  const field = colon > 0 ? body.slice(0, colon) : '';
  if (!isFilterField(field)) {
    return fail('filterWithoutField', undefined, {
      filter: text,
      fields: filterFields.join(', '),
    });
  }
  if (field === 'bbox') {
    const box = parseBox(body.slice(colon + 1));
    return box.ok ? ok({ filter: { field, kind: 'bbox', box: box.value }, negated }) : box;
  }
  const tokens = tokenize(body.slice(colon + 1));
  if (!tokens.ok) return tokens;
  const value = readFilterValue(tokens.value, 0, field, 0);
  if (!value.ok) return value;
  if (value.value.next !== tokens.value.length) {
    return fail('filterSeveralValues', undefined, { filter: text, field });
  }
  return ok({ filter: value.value.filter, negated });
}

/** `west,south,east,north` in degrees (WGS84). */
export function parseBox(text: string): Parsed<Box> {
  const parts = text.split(',');
  const numbers = parts.map((p) => (/^\s*-?\d+(\.\d+)?\s*$/.test(p) ? Number(p) : Number.NaN));
  const [west, south, east, north] = numbers as [number, number, number, number];
  if (parts.length !== 4 || numbers.some((n) => Number.isNaN(n))) {
    return fail('bboxNumbers');
  }
  if (
    [west, east].some((x) => x < -180 || x > 180) ||
    [south, north].some((y) => y < -90 || y > 90)
  ) {
    return fail('bboxOutOfRange');
  }
  if (south > north) {
    return fail('bboxSouthAboveNorth', undefined, { south, north });
  }
  return ok({ west, south, east, north });
}

/** Parses one `sort` parameter, e.g. `modified desc`; the direction defaults to the field's natural one. */
export function parseSort(text: string): Parsed<Sort> {
  const [field, direction, extra] = text.trim().split(/\s+/);
  if (!field || !(sortFields as readonly string[]).includes(field) || extra !== undefined) {
    return fail('sortInvalid', undefined, { sort: text, fields: sortFields.join(', ') });
  }
  if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
    return fail('sortDirectionInvalid', undefined, { direction });
  }
  const natural: SortDirection = field === 'title' ? 'asc' : 'desc';
  return ok({
    field: field as SortField,
    direction: (direction as SortDirection | undefined) ?? natural,
  });
}
