import type { LanguageText, Metadata, RecordDates } from './record.js';

/**
 * The record's rules that need no schema library: its limits, the required fields and the
 * pruning of empty form values. The browser's editor starts with these alone and loads the
 * schemas of `record.ts` (zod) when it first checks a value; `record.ts` re-exports them.
 */

/** Limits of a record, shared by the editor (maxLength, counters) and the server. */
export const recordLimits = {
  titleMax: 500,
  abstractMax: 20_000,
  lineageMax: 10_000,
  constraintsMax: 5000,
  keywordsMax: 100,
  keywordMax: 200,
  classifiedKeywordsMax: 100,
  topicCategoriesMax: 19,
  contactsMax: 20,
  onlineResourcesMax: 50,
  relatedMax: 50,
  formatsMax: 20,
  nameMax: 300,
  descriptionMax: 2000,
  emailMax: 254,
  phoneMax: 50,
  urlMax: 2000,
  identifierMax: 255,
  layerNameMax: 255,
  codeMax: 100,
  /** Positions of the optional GeoJSON geometry, summed over all its rings and parts. */
  geometryPositionsMax: 10_000,
} as const;

/** The contact role that INSPIRE requires at least once. */
export const pointOfContact = 'pointOfContact';

/** Kinds of relation to another record (DS_AssociationTypeCode and ISO 19115-1 additions). */
export const relationTypes = [
  'crossReference',
  'largerWorkCitation',
  'partOfSeamlessDatabase',
  'source',
  'dependency',
  'revisionOf',
] as const;

/**
 * The reference date of a record: its revision date, else its publication date, else its
 * creation date (ISO 19115 CI_DateTypeCode). The search index sorts and facets by it, the
 * catalogue protocols write it as `dc:date`, and a search hit shows it.
 */
export function referenceDate(dates: RecordDates | undefined): string | undefined {
  return dates?.revision ?? dates?.publication ?? dates?.creation;
}

/** Resource types that describe data and so need extent, topic category and lineage. */
const dataTypes = new Set(['dataset', 'series']);

/** Fields that must be filled before a record may be submitted. */
export const requiredFields = [
  'title',
  'abstract',
  'topicCategories',
  'keywords',
  'extent',
  'dates',
  'contacts',
  'licence',
  'lineage',
] as const;
export type RequiredField = (typeof requiredFields)[number];

/**
 * The required fields a record still lacks (INSPIRE metadata minimum): a title and abstract,
 * a keyword, a reference date, a point of contact and a licence for every resource; topic
 * category, extent and lineage for data (datasets and series). Empty means complete.
 */
export function missingRequired(metadata: Partial<Metadata>, type = 'dataset'): RequiredField[] {
  const isData = dataTypes.has(type);
  const filled = (t: LanguageText | undefined) => Boolean(t && (t.de?.trim() || t.en?.trim()));
  const has: Record<RequiredField, boolean> = {
    title: filled(metadata.title),
    abstract: filled(metadata.abstract),
    topicCategories: !isData || (metadata.topicCategories?.length ?? 0) > 0,
    keywords: (metadata.keywords?.length ?? 0) + (metadata.classifiedKeywords?.length ?? 0) > 0,
    extent: !isData || metadata.extent !== undefined,
    dates: Boolean(
      metadata.dates?.creation || metadata.dates?.publication || metadata.dates?.revision,
    ),
    contacts: (metadata.contacts ?? []).some((c) => c.role === pointOfContact),
    licence: Boolean(metadata.licence),
    lineage: !isData || filled(metadata.lineage),
  };
  return requiredFields.filter((field) => !has[field]);
}

/**
 * Removes what a form leaves behind but a record does not keep: blank strings, empty lists
 * and objects. The editor saves `pruneEmpty(values)`, so the stored record has one form.
 */
export function pruneEmpty<T>(value: T): T | undefined {
  if (typeof value === 'string') return (value.trim() === '' ? undefined : value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item) => pruneEmpty(item)).filter((item) => item !== undefined);
    return (items.length === 0 ? undefined : items) as T;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, pruneEmpty(item)] as const)
      .filter(([, item]) => item !== undefined);
    return (entries.length === 0 ? undefined : Object.fromEntries(entries)) as T;
  }
  return value;
}

/** A lone UTF-16 surrogate: not a character, and PostgreSQL refuses it in jsonb. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Paths of strings that PostgreSQL cannot store in a jsonb document: NUL characters and lone
 * surrogates. JSON carries both, so without this check such a record is a 500 from the
 * database instead of a 400.
 */
export function unstorableTexts(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[][] {
  if (typeof value === 'string') {
    return value.includes(String.fromCharCode(0)) || loneSurrogate.test(value) ? [path] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorableTexts(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => unstorableTexts(item, [...path, key]));
  }
  return [];
}
