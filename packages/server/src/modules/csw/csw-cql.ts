import type { Box } from '@geoportal/contract/search-query';
import { invalid } from './csw.errors.js';
import {
  type Comparison,
  cornersBox,
  type Expr,
  filterLimits,
  polygonBox,
  type SpatialOperator,
} from './csw-filter.js';

/**
 * CQL text constraints (`CONSTRAINTLANGUAGE=CQL_TEXT`, OGC 07-006r1 §6.2.2 BNF, the part
 * the queryables need):
 *
 *   or      := and ("OR" and)*
 *   and     := unary ("AND" unary)*
 *   unary   := "NOT" unary | "(" or ")" | bbox | spatial | predicate
 *   bbox    := "BBOX" "(" property "," x "," y "," x "," y ["," 'crs'] ")"
 *   spatial := ("INTERSECTS" | "WITHIN" | "CONTAINS" | "DISJOINT") "(" property "," geometry ")"
 *   geometry := "ENVELOPE" "(" west "," east "," north "," south ")"
 *             | "POLYGON" "(" "(" x y ("," x y)* ")" ")"       (a box: four corners)
 *   predicate := property ("=" | "<>" | "<" | ">" | "<=" | ">=") literal
 *              | property ["NOT"] ("LIKE" | "ILIKE") 'pattern'   (% and _ as wildcards)
 *              | property "BETWEEN" literal "AND" literal
 *              | property "IS" ["NOT"] "NULL"
 */

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'number'; text: string; at: number }
  | { kind: 'symbol'; text: string; at: number };

const LOCATOR = 'Constraint';
const TEXT_MAX = 4000;
const POSITIONS_MAX = 100;

/** Spatial operators of CQL the index of boxes does not answer. */
const unsupportedSpatial = ['OVERLAPS', 'TOUCHES', 'CROSSES', 'EQUALS', 'DWITHIN', 'BEYOND'];

const spatialWords: [string, SpatialOperator][] = [
  ['INTERSECTS', 'intersects'],
  ['WITHIN', 'within'],
  ['CONTAINS', 'contains'],
  ['DISJOINT', 'disjoint'],
];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s+|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|([A-Za-z_][\w.:-]*)|(<>|<=|>=|=|<|>|\(|\)|,)/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) {
      throw invalid(
        LOCATOR,
        `The CQL text cannot be read at character ${at + 1}: "${text.slice(at, at + 20)}".`,
      );
    }
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1].replace(/''/g, "'"), at });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2], at });
    else if (m[3] !== undefined) tokens.push({ kind: 'word', text: m[3], at });
    else if (m[4] !== undefined) tokens.push({ kind: 'symbol', text: m[4], at });
    at = pattern.lastIndex;
  }
  return tokens;
}

const operators: Record<string, Comparison> = {
  '=': 'EqualTo',
  '<>': 'NotEqualTo',
  '<': 'LessThan',
  '>': 'GreaterThan',
  '<=': 'LessThanOrEqualTo',
  '>=': 'GreaterThanOrEqualTo',
};

class CqlParser {
  private pos = 0;
  private conditions = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Expr {
    if (this.tokens.length === 0) throw invalid(LOCATOR, 'The CQL text is empty.');
    const expr = this.or(1);
    const rest = this.tokens[this.pos];
    if (rest) throw this.error(rest, 'an operator (AND, OR) or the end');
    return expr;
  }

  private error(token: Token | undefined, expected: string) {
    return invalid(
      LOCATOR,
      token
        ? `The CQL text has "${token.text.slice(0, 40)}" at character ${token.at + 1} where ${expected} was expected.`
        : `The CQL text ends where ${expected} was expected.`,
    );
  }

  private keyword(word: string): boolean {
    const t = this.tokens[this.pos];
    if (t?.kind === 'word' && t.text.toUpperCase() === word) {
      this.pos += 1;
      return true;
    }
    return false;
  }

  private symbol(text: string): boolean {
    const t = this.tokens[this.pos];
    if (t?.kind === 'symbol' && t.text === text) {
      this.pos += 1;
      return true;
    }
    return false;
  }

  private expect(text: string) {
    if (!this.symbol(text)) throw this.error(this.tokens[this.pos], `"${text}"`);
  }

  private or(depth: number): Expr {
    const parts = [this.and(depth)];
    while (this.keyword('OR')) parts.push(this.and(depth));
    return parts.length === 1 ? (parts[0] as Expr) : { kind: 'or', children: parts };
  }

  private and(depth: number): Expr {
    const parts = [this.unary(depth)];
    while (this.keyword('AND')) parts.push(this.unary(depth));
    return parts.length === 1 ? (parts[0] as Expr) : { kind: 'and', children: parts };
  }

  private unary(depth: number): Expr {
    if (depth > filterLimits.depthMax) {
      throw invalid(LOCATOR, `The CQL text nests deeper than ${filterLimits.depthMax} levels.`);
    }
    if (this.keyword('NOT')) return { kind: 'not', child: this.unary(depth + 1) };
    if (this.symbol('(')) {
      const inner = this.or(depth + 1);
      this.expect(')');
      return inner;
    }
    this.conditions += 1;
    if (this.conditions > filterLimits.conditionsMax) {
      throw invalid(
        LOCATOR,
        `The CQL text holds more than ${filterLimits.conditionsMax} conditions.`,
      );
    }
    if (this.keyword('BBOX')) return this.bbox();
    for (const [word, op] of spatialWords) {
      if (this.keyword(word)) return this.spatial(op);
    }
    const t = this.tokens[this.pos];
    if (t?.kind === 'word' && unsupportedSpatial.includes(t.text.toUpperCase())) {
      throw invalid(
        LOCATOR,
        `The spatial operator ${t.text.toUpperCase()} is not supported. Use BBOX, ${spatialWords.map(([w]) => w).join(', ')}.`,
      );
    }
    return this.predicate();
  }

  private literal(): string {
    const t = this.tokens[this.pos];
    if (t?.kind === 'string' || t?.kind === 'number') {
      this.pos += 1;
      return t.text;
    }
    throw this.error(t, "a value ('text' or a number)");
  }

  private number(): number {
    const t = this.tokens[this.pos];
    if (t?.kind !== 'number') throw this.error(t, 'a number');
    this.pos += 1;
    return Number(t.text);
  }

  private property(): string {
    const t = this.tokens[this.pos];
    if (t?.kind !== 'word') throw this.error(t, 'a queryable such as AnyText');
    this.pos += 1;
    return t.text;
  }

  private bbox(): Expr {
    this.expect('(');
    const property = this.property();
    const values: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      this.expect(',');
      values.push(this.number());
    }
    let crs: string | undefined;
    if (this.symbol(',')) crs = this.literal();
    this.expect(')');
    const [w, s, e, n] = values as [number, number, number, number];
    return { kind: 'spatial', op: 'bbox', property, box: cornersBox([w, s], [e, n], crs) };
  }

  private spatial(op: SpatialOperator): Expr {
    this.expect('(');
    const property = this.property();
    this.expect(',');
    let box: Box;
    if (this.keyword('ENVELOPE')) {
      this.expect('(');
      const values = [this.number()];
      for (let i = 0; i < 3; i += 1) {
        this.expect(',');
        values.push(this.number());
      }
      this.expect(')');
      const [w, e, n, s] = values as [number, number, number, number];
      box = cornersBox([w, s], [e, n], undefined);
    } else if (this.keyword('POLYGON')) {
      box = polygonBox(this.rings(), undefined);
    } else {
      throw this.error(this.tokens[this.pos], 'ENVELOPE(…) or POLYGON((…))');
    }
    this.expect(')');
    return { kind: 'spatial', op, property, box };
  }

  /** The rings of a WKT polygon: `((x y, x y, …), (…))`. */
  private rings(): number[][][] {
    this.expect('(');
    const rings = [this.ring()];
    while (this.symbol(',')) rings.push(this.ring());
    this.expect(')');
    return rings;
  }

  private ring(): number[][] {
    this.expect('(');
    const positions = [[this.number(), this.number()]];
    while (this.symbol(',')) {
      if (positions.length >= POSITIONS_MAX) {
        throw invalid(LOCATOR, `A ring of a polygon holds at most ${POSITIONS_MAX} positions.`);
      }
      positions.push([this.number(), this.number()]);
    }
    this.expect(')');
    return positions;
  }

  private predicate(): Expr {
    const property = this.property();
    const negated = this.keyword('NOT');
    if (this.keyword('LIKE') || this.keyword('ILIKE')) {
      const expr: Expr = {
        kind: 'compare',
        op: 'Like',
        property,
        value: this.literal(),
        like: { wildCard: '%', singleChar: '_', escapeChar: '\\' },
      };
      return negated ? { kind: 'not', child: expr } : expr;
    }
    if (negated) throw this.error(this.tokens[this.pos], 'LIKE');
    if (this.keyword('IS')) {
      const isNot = this.keyword('NOT');
      if (!this.keyword('NULL')) throw this.error(this.tokens[this.pos], 'NULL');
      const expr: Expr = { kind: 'null', property };
      return isNot ? { kind: 'not', child: expr } : expr;
    }
    if (this.keyword('BETWEEN')) {
      const lower = this.literal();
      if (!this.keyword('AND')) throw this.error(this.tokens[this.pos], 'AND');
      return { kind: 'between', property, lower, upper: this.literal() };
    }
    const t = this.tokens[this.pos];
    const op = t?.kind === 'symbol' ? operators[t.text] : undefined;
    if (!op) throw this.error(t, 'a comparison (=, <>, <, >, <=, >=, LIKE, BETWEEN)');
    this.pos += 1;
    return { kind: 'compare', op, property, value: this.literal() };
  }
}

/** Parses a CQL text constraint; anything it cannot read is InvalidParameterValue. */
export function readCql(text: string): Expr {
  if (text.length > TEXT_MAX) {
    throw invalid(LOCATOR, `The CQL text is longer than ${TEXT_MAX} characters.`);
  }
  return new CqlParser(tokenize(text)).parse();
}
