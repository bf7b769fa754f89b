/**
 * The problems a search query, filter or sort can have, each with its English text for the
 * API. The web app translates them by reason (`search.problem.<reason>` in the translation
 * files, with the same `{placeholders}`), so a German page never shows the English text.
 */
export const queryProblemTexts = {
  unclosedQuote: 'A quotation mark is not closed. Close the phrase with " or remove the mark.',
  unopenedBracket: 'A closing bracket ")" has no opening "(". Remove it or add the "(".',
  unclosedBracket: 'A bracket "(" is not closed. Add ")" or remove the "(".',
  unreadable: 'The query could not be read from here on.',
  orMisplaced: '"OR" must stand between two search terms.',
  andMisplaced: '"AND" must stand between two search terms.',
  notMisplaced: '"{operator}" must come before a search term.',
  termExpectedAtEnd: 'The query ends where a search term is expected.',
  termExpected: 'A search term is expected here.',
  nestedTooDeep: 'Brackets may be nested at most {max} deep.',
  tooManyTerms: 'A query may have at most {max} terms.',
  emptyPhrase: 'The phrase is empty. Put words between the quotation marks.',
  prefixTooShort:
    'A prefix search needs at least two letters or digits before the "*", e.g. grund*.',
  starInsideWord: '"*" may only end a word (prefix search, e.g. grund*).',
  noWordCharacters: '"{text}" contains no letters or digits to search for.',
  fieldWithoutTerm: '"{field}:" must be followed by a word or a "phrase".',
  unknownField:
    '"{field}" is not a field to search in. Known fields: {fields}. To search for the text itself, put it in quotation marks.',
  valueMissing: '"{field}:" must be followed by a value.',
  valuesJoinedByOr: '"{field}:(…)" takes values joined by OR, e.g. {field}:(a OR b).',
  valuesUnclosed: '"{field}:(…)" takes values joined by OR and ends with ")".',
  tooManyValues: '"{field}:(…)" may list at most {max} values.',
  emptyValue: '"{field}:" has an empty value.',
  yearInvalid: '"year:" takes a year of four digits, e.g. year:2021, not "{value}".',
  rangeRequired:
    '"{field}:" takes a range, e.g. {field}:[2020-01-01 TO *] or {field}:[2010 TO 2020].',
  rangeNotAllowed: '"{field}:" takes values, not a range.',
  rangeSyntax: 'A range is written [from TO to], e.g. {example}; "*" leaves an end open.',
  notAYear: '"{text}" is not a year. A range of years is written {example}.',
  notADate: '"{text}" is not a date or a year. Write dates as 2024-05-31 or years as 2024.',
  rangeReversed: 'The range starts after it ends ({from} > {to}). Swap the two ends.',
  queryTooLong: 'The query is longer than {max} characters. Shorten it.',
  filterTooLong: 'A filter is longer than {max} characters.',
  filterWithoutField:
    'The filter "{filter}" must start with a field and a colon. Filter fields: {fields}.',
  filterSeveralValues:
    'The filter "{filter}" has more than one value. Join values with OR in brackets, e.g. {field}:(a OR b), and quote values with spaces.',
  bboxNumbers:
    '"bbox:" takes four numbers west,south,east,north in degrees, e.g. bbox:5.9,47.3,15.0,55.1.',
  bboxOutOfRange: '"bbox:" longitudes must lie in -180…180 and latitudes in -90…90.',
  bboxSouthAboveNorth:
    '"bbox:" south ({south}) lies north of north ({north}). Swap the two latitudes.',
  sortInvalid:
    '"{sort}" is not a sort order. Use a field ({fields}) and asc or desc, e.g. "modified desc".',
  sortDirectionInvalid: '"{direction}" is not a sort direction. Use asc or desc.',
  tooManyFilters: 'At most {max} fq filters are allowed.',
  tooManySorts: 'At most {max} sort orders are allowed.',
  facetsNotBoolean: 'facets must be true or false.',
  numberOutOfRange: '{name} must be a whole number from {min} to {max}.',
  startTooFar: 'start must be a whole number from 0 to {max}; narrow the search to see later hits.',
  pageTooFar: 'page lies too far back; narrow the search or the map extent.',
  suggestTooLong: 'Suggestions take at most {max} characters.',
} as const;

export type QueryProblemReason = keyof typeof queryProblemTexts;

/** The values a problem's text names, e.g. `{ field: 'year' }`. */
export type ProblemValues = Readonly<Record<string, string | number>>;

/** The reasons, for checks that every one is translated. */
export const queryProblemReasons = Object.keys(queryProblemTexts) as QueryProblemReason[];

/**
 * The English text of a problem with its values filled in. The texts use plain `{name}`
 * placeholders only (no plural or select), so they are also valid ICU messages.
 */
export function problemMessage(reason: QueryProblemReason, values: ProblemValues = {}): string {
  return queryProblemTexts[reason].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
