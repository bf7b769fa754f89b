import type { FacetField } from '@geoportal/contract/search';

// The filter queries (`fq`) of the search API (DESIGN §4): `field:value`, `field:"a value"`,
// `field:(a OR "b c")`. Written and read here, so the page's address and the API request
// carry the same text and a shared link means the same filters.

/** Words of the query language that a bare value must not be mistaken for. */
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'TO']);

/** A value that can stand bare: letters, digits and `_ . -` inside, no leading sign. */
const BARE = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;

/**
 * A value as the query language reads it (contract `search-query.ts`): bare when it is one plain
 * word, else in double quotes (spaces, colons, brackets, a trailing `*` and operator words would
 * otherwise mean something). The language has no escape inside quotes, so a double quote in a
 * value cannot be written; it is left out.
 */
export function quoteValue(value: string): string {
  if (BARE.test(value) && !OPERATORS.has(value)) return value;
  return `"${value.replaceAll('"', '')}"`;
}

/**
 * The one `fq` of a facet: values of one facet combine with OR (the API counts a facet without
 * its own filter, so the page can offer more of its values). Undefined without values.
 */
export function facetFilter(field: FacetField, values: readonly string[]): string | undefined {
  if (values.length === 0) return undefined;
  if (values.length === 1) return `${field}:${quoteValue(values[0] as string)}`;
  return `${field}:(${values.map(quoteValue).join(' OR ')})`;
}

/**
 * Reads the values of `field:value`, `field:"a value"` or `field:(a OR "b c")` (the forms
 * `facetFilter` writes); undefined for anything else (ranges, negations, AND), which the page
 * keeps as it is.
 */
export function parseFacetValues(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('(')) {
    if (!trimmed.endsWith(')')) return undefined;
    const tokens = splitTokens(trimmed.slice(1, -1));
    if (!tokens || tokens.length === 0 || tokens.length % 2 === 0) return undefined;
    const values: string[] = [];
    for (const [index, token] of tokens.entries()) {
      if (index % 2 === 1) {
        if (token.quoted || token.text !== 'OR') return undefined;
      } else {
        if (!token.quoted && !isBareValue(token.text)) return undefined;
        values.push(token.text);
      }
    }
    return values;
  }
  const [token, ...more] = splitTokens(trimmed) ?? [];
  if (!token || more.length > 0) return undefined;
  return token.quoted || isBareValue(token.text) ? [token.text] : undefined;
}

function isBareValue(text: string): boolean {
  return BARE.test(text) && !OPERATORS.has(text);
}

interface Token {
  text: string;
  quoted: boolean;
}

/** Splits at spaces outside quotes; undefined when a quote is left open. */
function splitTokens(text: string): Token[] | undefined {
  const found: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '"') {
      const end = text.indexOf('"', index + 1);
      if (end < 0) return undefined;
      found.push({ text: text.slice(index + 1, end), quoted: true });
      index = end + 1;
    } else {
      let value = '';
      while (index < text.length && !/[\s"]/.test(text[index] as string)) {
        value += text[index];
        index += 1;
      }
      found.push({ text: value, quoted: false });
    }
  }
  return found;
}
