import type { IndexTextField } from '@geoportal/contract/search';

/**
 * Fields the full-text index answers by itself. The weights of the vector say which field a
 * word comes from (A titles, B keywords), but the index does not keep weights: `title:Station`
 * as `'station':A` finds every document with the word anywhere and tests each one's weights
 * (reading a hundred thousand documents for a common word). So the words of titles and
 * keywords are in the vector a second time, each lexeme prefixed with its field (`t~station`),
 * and a field term looks up the prefixed lexemes. "~" never comes out of a parser, so no other
 * query meets them. Abstracts (long texts, doubling them would double the index) keep the
 * weight test. The record texts only the catalogue service queries (lineage, conditions of
 * use, access constraints; `recordTextFields`) are there only as prefixed lexemes: the
 * lineage's ordinary words are among the D weight's, the constraints' are not searched
 * otherwise.
 */
export const fieldLexemePrefix: Partial<Record<IndexTextField, string>> = {
  title: 't~',
  keyword: 'k~',
  lineage: 'l~',
  useConstraints: 'u~',
  accessConstraints: 'r~',
};

/** A lexeme in the text form of a tsvector or tsquery ('it''s' included). */
export const LEXEME_PATTERN = `'((?:[^']|'')*)'`;

/** The replacement that puts `prefix` before each lexeme matched by LEXEME_PATTERN. */
export const prefixedLexeme = (prefix: string) => `'${prefix}\\1'`;
