import type { Box } from '@geoportal/contract/search-query';
import {
  type Comparison,
  cornersBox,
  type Expr,
  FilterInvalidError,
  filterLimits,
  polygonBox,
  type SpatialOperator,
} from './filter-expr.js';

/**
 * Filters as text: CQL of CSW (`CONSTRAINTLANGUAGE=CQL_TEXT`, OGC 07-006r1 §6.2.2) and CQL2
 * text of OGC API Records (OGC 21-065, the parts the queryables need). One parser reads both:
 * they share the operators, and what differs (CQL2's `S_` spatial functions, its `BBOX(…)`,
 * `POINT(…)`, `DATE('…')` and `TIMESTAMP('…')` literals, quoted property names, `IN` lists)
 * cannot be mistaken for the other.
 *
 *   or      := and ("OR" and)*
 *   and     := unary ("AND" unary)*
 *   unary   := "NOT" unary | "(" or ")" | bbox | spatial | predicate
 *   bbox    := "BBOX" "(" property "," x "," y "," x "," y ["," 'crs'] ")"          (CQL)
 *   spatial := ("INTERSECTS" | "WITHIN" | "CONTAINS" | "DISJOINT"
 *              | "S_INTERSECTS" | "S_WITHIN" | "S_CONTAINS" | "S_DISJOINT")
 *              "(" (property "," geometry | geometry "," property) ")"
 *   geometry := "ENVELOPE" "(" west "," east "," north "," south ")"                (CQL)
 *             | "BBOX" "(" west "," south "," east "," north ")"                  (CQL2)
 *             | "POINT" "(" x y ")"
 *             | "POLYGON" "(" "(" x y ("," x y)* ")" ")"       (a box: four corners)
 *   predicate := property ("=" | "<>" | "<" | ">" | "<=" | ">=") literal
 *              | property ["NOT"] ("LIKE" | "ILIKE") 'pattern'   (% and _ as wildcards)
 *              | property ["NOT"] "BETWEEN" literal "AND" literal
 *              | property ["NOT"] "IN" "(" literal ("," literal)* ")"
 *              | property "IS" ["NOT"] "NULL"
 *   property := word | "quoted word"
 *   literal := 'text' | number | "DATE" "(" 'date' ")" | "TIMESTAMP" "(" 'instant' ")"
 */

type Token =
  | { kind: 'word'; text: string; at: number; quoted?: true }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'number'; text: string; at: number }
  | { kind: 'symbol'; text: string; at: number };

const TEXT_MAX = 4000;
const POSITIONS_MAX = 100;

/** Spatial operators of CQL the index of boxes does not answer. */
const unsupportedSpatial = [
  'OVERLAPS',
  'TOUCHES',
  'CROSSES',
  'EQUALS',
  'DWITHIN',
  'BEYOND',
  'S_OVERLAPS',
  'S_TOUCHES',
  'S_CROSSES',
  'S_EQUALS',
];

const spatialWords: [string, SpatialOperator][] = [
  ['INTERSECTS', 'intersects'],
  ['WITHIN', 'within'],
  ['CONTAINS', 'contains'],
  ['DISJOINT', 'disjoint'],
  // CQL2's spatial functions.
  ['S_INTERSECTS', 'intersects'],
  ['S_WITHIN', 'within'],
  ['S_CONTAINS', 'contains'],
  ['S_DISJOINT', 'disjoint'],
];

/** Words that start a geometry literal rather than name a property. */
const geometryWords = ['ENVELOPE', 'BBOX', 'POINT', 'POLYGON'];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s+|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|([A-Za-z_][\w.:-]*)|(<>|<=|>=|=|<|>|\(|\)|,)|"((?:[^"]|"")+)"/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) {
      throw new FilterInvalidError(
        `The CQL text cannot be read at character ${at + 1}: "${text.slice(at, at + 20)}".`,
      );
    }
    if (m[1] !== undefined) tokens.push({ kind: 'string', text: m[1].replace(/''/g, "'"), at });
    else if (m[2] !== undefined) tokens.push({ kind: 'number', text: m[2], at });
    else if (m[3] !== undefined) tokens.push({ kind: 'word', text: m[3], at });
    else if (m[4] !== undefined) tokens.push({ kind: 'symbol', text: m[4], at });
    else if (m[5] !== undefined) {
      tokens.push({ kind: 'word', text: m[5].replace(/""/g, '"'), at, quoted: true });
    }
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
    if (this.tokens.length === 0) throw new FilterInvalidError('The CQL text is empty.');
    const expr = this.or(1);
    const rest = this.tokens[this.pos];
    if (rest) throw this.error(rest, 'an operator (AND, OR) or the end');
    return expr;
  }

  private error(token: Token | undefined, expected: string) {
    return new FilterInvalidError(
      token
        ? `The CQL text has "${token.text.slice(0, 40)}" at character ${token.at + 1} where ${expected} was expected.`
        : `The CQL text ends where ${expected} was expected.`,
    );
  }

  private keyword(word: string): boolean {
    const t = this.tokens[this.pos];
    if (t?.kind === 'word' && !t.quoted && t.text.toUpperCase() === word) {
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
      throw new FilterInvalidError(
        `The CQL text nests deeper than ${filterLimits.depthMax} levels.`,
      );
    }
    if (this.keyword('NOT')) return { kind: 'not', child: this.unary(depth + 1) };
    if (this.symbol('(')) {
      const inner = this.or(depth + 1);
      this.expect(')');
      return inner;
    }
    this.conditions += 1;
    if (this.conditions > filterLimits.conditionsMax) {
      throw new FilterInvalidError(
        `The CQL text holds more than ${filterLimits.conditionsMax} conditions.`,
      );
    }
    if (this.keyword('BBOX')) return this.bbox();
    for (const [word, op] of spatialWords) {
      if (this.keyword(word)) return this.spatial(op);
    }
    const t = this.tokens[this.pos];
    if (t?.kind === 'word' && unsupportedSpatial.includes(t.text.toUpperCase())) {
      throw new FilterInvalidError(
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
    // CQL2's temporal literals: DATE('2024-05-31'), TIMESTAMP('2024-05-31T12:00:00Z').
    if (this.keyword('DATE') || this.keyword('TIMESTAMP')) {
      this.expect('(');
      const inner = this.tokens[this.pos];
      if (inner?.kind !== 'string') throw this.error(inner, "a date in quotes ('2024-05-31')");
      this.pos += 1;
      this.expect(')');
      return inner.text;
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
    const first = this.tokens[this.pos];
    // CQL2 lets the geometry come first: S_WITHIN(BBOX(…), geometry) is the record's
    // geometry containing the box.
    if (
      first?.kind === 'word' &&
      !first.quoted &&
      geometryWords.includes(first.text.toUpperCase())
    ) {
      const box = this.geometry();
      this.expect(',');
      const property = this.property();
      this.expect(')');
      const swapped = op === 'within' ? 'contains' : op === 'contains' ? 'within' : op;
      return { kind: 'spatial', op: swapped, property, box };
    }
    const property = this.property();
    this.expect(',');
    const box = this.geometry();
    this.expect(')');
    return { kind: 'spatial', op, property, box };
  }

  /** A geometry literal as the box the index compares. */
  private geometry(): Box {
    let box: Box;
    if (this.keyword('BBOX')) {
      // CQL2: BBOX(west, south, east, north).
      this.expect('(');
      const values = [this.number()];
      for (let i = 0; i < 3; i += 1) {
        this.expect(',');
        values.push(this.number());
      }
      this.expect(')');
      const [w, s, e, n] = values as [number, number, number, number];
      box = cornersBox([w, s], [e, n], undefined);
    } else if (this.keyword('POINT')) {
      this.expect('(');
      const position = [this.number(), this.number()];
      this.expect(')');
      box = cornersBox(position, position, undefined);
    } else if (this.keyword('ENVELOPE')) {
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
      throw this.error(this.tokens[this.pos], 'BBOX(…), ENVELOPE(…), POINT(…) or POLYGON((…))');
    }
    return box;
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
        throw new FilterInvalidError(
          `A ring of a polygon holds at most ${POSITIONS_MAX} positions.`,
        );
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
    if (this.keyword('BETWEEN')) {
      const lower = this.literal();
      if (!this.keyword('AND')) throw this.error(this.tokens[this.pos], 'AND');
      const expr: Expr = { kind: 'between', property, lower, upper: this.literal() };
      return negated ? { kind: 'not', child: expr } : expr;
    }
    if (this.keyword('IN')) {
      // CQL2: a list of values, any of which is equal.
      this.expect('(');
      const values = [this.literal()];
      while (this.symbol(',')) values.push(this.literal());
      this.expect(')');
      this.conditions += values.length - 1;
      if (this.conditions > filterLimits.conditionsMax) {
        throw new FilterInvalidError(
          `The CQL text holds more than ${filterLimits.conditionsMax} conditions.`,
        );
      }
      const equals: Expr[] = values.map((value) => ({
        kind: 'compare',
        op: 'EqualTo',
        property,
        value,
      }));
      const expr: Expr =
        equals.length === 1 ? (equals[0] as Expr) : { kind: 'or', children: equals };
      return negated ? { kind: 'not', child: expr } : expr;
    }
    if (negated) throw this.error(this.tokens[this.pos], 'LIKE, BETWEEN or IN');
    if (this.keyword('IS')) {
      const isNot = this.keyword('NOT');
      if (!this.keyword('NULL')) throw this.error(this.tokens[this.pos], 'NULL');
      const expr: Expr = { kind: 'null', property };
      return isNot ? { kind: 'not', child: expr } : expr;
    }
    const t = this.tokens[this.pos];
    const op = t?.kind === 'symbol' ? operators[t.text] : undefined;
    if (!op) throw this.error(t, 'a comparison (=, <>, <, >, <=, >=, LIKE, BETWEEN, IN)');
    this.pos += 1;
    return { kind: 'compare', op, property, value: this.literal() };
  }
}

/** Parses a CQL or CQL2 text filter; anything it cannot read is a `FilterInvalidError`. */
export function readCql(text: string): Expr {
  if (text.length > TEXT_MAX) {
    throw new FilterInvalidError(`The CQL text is longer than ${TEXT_MAX} characters.`);
  }
  return new CqlParser(tokenize(text)).parse();
}
