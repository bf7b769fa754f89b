/**
 * Content negotiation by the Accept header (RFC 9110 §12.5.1): the header's media ranges, and
 * the best of the media types an endpoint offers. Every endpoint that answers in more than one
 * format asks here (`GET /object/{id}`, the record page's RDF redirect, `/dcat/catalog`,
 * OGC API Records), so they read a header the same way.
 *
 * Written here rather than taken from `negotiator` (jshttp): that library lets a range's
 * parameters restrict the match, so `application/json; detail=summary` (DESIGN §4, the detail
 * level) would match no offered `application/json`, and it does not hand out the parsed ranges.
 */

/** One media range of an Accept header. */
export interface MediaRange {
  /** `type/subtype` in lower case; `*` as subtype (or as both) is a wildcard. */
  type: string;
  /**
   * The range's parameters before its weight (RFC 9110: parameters after `q` are accept
   * extensions): names in lower case, quoted values unquoted, e.g. `{ detail: 'summary' }`.
   */
  params: Record<string, string>;
  /** The weight, 0 to 1 (1 when the range has none); 0 means "not acceptable". */
  q: number;
  /** The range's position among the header's well-formed ranges, from 0. */
  index: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** Splits at `separator` outside quoted strings (which may hold commas and semicolons). */
function splitOutsideQuotes(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const unquote = (value: string) =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;

/** A weight as written, clamped to 0…1; one that is not a number refuses (0), as before. */
function weight(value: string): number {
  const q = Number(value.trim() === '' ? Number.NaN : value);
  return Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 0;
}

function parseRange(part: string): Omit<MediaRange, 'index'> | undefined {
  const [head = '', ...rest] = splitOutsideQuotes(part, ';');
  const type = head.trim().toLowerCase();
  const slash = type.indexOf('/');
  const main = type.slice(0, slash);
  const sub = type.slice(slash + 1);
  if (slash < 0 || !TOKEN.test(main) || !TOKEN.test(sub) || (main === '*' && sub !== '*')) {
    return undefined;
  }
  const params: Record<string, string> = {};
  let q = 1;
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    const value = unquote(param.slice(eq + 1).trim());
    if (!TOKEN.test(name)) continue;
    if (name === 'q') {
      q = weight(value);
      break;
    }
    if (!Object.hasOwn(params, name)) params[name] = value;
  }
  return { type, params, q };
}

/**
 * The media ranges of an Accept header in the order written, ranges that are not
 * `type/subtype` (or `type/*`, `*∕*`) left out. Never throws: any string gives a list.
 */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  const ranges: MediaRange[] = [];
  for (const part of splitOutsideQuotes(header, ',')) {
    const range = parseRange(part);
    if (range) ranges.push({ ...range, index: ranges.length });
  }
  return ranges;
}

/** How closely a range names a type: 3 exactly, 2 `type/*`, 1 `*∕*`, 0 not at all. */
function specificity(range: string, type: string): number {
  if (range === type) return 3;
  if (range === '*/*') return 1;
  if (range.endsWith('/*') && type.startsWith(range.slice(0, -1))) return 2;
  return 0;
}

/**
 * The best of the media types an endpoint offers (`offered`, most preferred by the server
 * first) for an Accept header; `undefined` when it accepts none of them.
 *
 * Each offered type takes the weight of the most specific range that names it (`text/html`
 * before `text/*` before `*∕*`; RFC 9110 §12.5.1), so `q=0` refuses a type even when a
 * wildcard accepts everything else. The highest weight wins; between equal weights the range
 * written first, then the server's order (so a wildcard answers the first offered type).
 * Parameters of a range (`; charset=utf-8`, `; detail=summary`) do not restrict the match,
 * and parameters of an offered type are ignored. No header (or a blank one) accepts anything:
 * the first offered type. A header without one well-formed range accepts nothing.
 */
export function preferredType<T extends string>(
  accept: string | undefined,
  offered: readonly T[],
): T | undefined {
  if (!accept?.trim()) return offered[0];
  const ranges = parseAccept(accept);
  let best: { type: T; q: number; index: number } | undefined;
  for (const type of offered) {
    const bare = (type.split(';')[0] ?? '').trim().toLowerCase();
    let match: MediaRange | undefined;
    let matchSpecificity = 0;
    for (const range of ranges) {
      const s = specificity(range.type, bare);
      if (s > matchSpecificity || (s > 0 && s === matchSpecificity && range.q > (match?.q ?? 0))) {
        match = range;
        matchSpecificity = s;
      }
    }
    if (!match || match.q <= 0) continue;
    if (!best || match.q > best.q || (match.q === best.q && match.index < best.index)) {
      best = { type, q: match.q, index: match.index };
    }
  }
  return best?.type;
}
