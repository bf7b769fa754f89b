/**
 * The search's limits and field names without any schema library, so that the browser's
 * first bundle of the search page can use them; `search.ts` has the schemas of the answers
 * and re-exports these.
 */

export const searchLimits = {
  /** Default and largest page of the list search (SPEC §9: 10 per page). */
  rowsDefault: 10,
  rowsMax: 100,
  /** Deepest first hit of the list search; beyond it the query must be narrowed. */
  startMax: 10_000,
  /**
   * Deepest first record of the catalogue standards (CSW, OGC API Records): harvesters page
   * through the whole catalogue in a stable order, far deeper than anyone pages a list.
   */
  harvestStartMax: 10_000_000,
  /** Up to this many matches, counts, facets and ranking are exact (`approximate` beyond). */
  exactMax: 2_500,
  /** Spatial search (SPEC §9: page 1, size 50); the map asks for up to 10,000 footprints. */
  spatialSizeDefault: 50,
  spatialSizeMax: 10_000,
  /** Query text in characters, and how much of it may be terms and nesting. */
  queryMax: 500,
  termsMax: 32,
  depthMax: 8,
  /** `fq` parameters per request and values in one `field:(a OR b)` list. */
  filtersMax: 20,
  filterMax: 500,
  filterValuesMax: 50,
  sortsMax: 3,
  /** Values per facet in an answer (the most frequent first). */
  facetValuesMax: 30,
  /** Suggestions: input length and answers. */
  suggestMin: 2,
  suggestMax: 100,
  suggestRowsDefault: 8,
  suggestRowsMax: 20,
} as const;

/**
 * Facets counted for every search (DESIGN §4 facet fields). `year` is the year of the
 * record's reference date (revision, else publication, else creation).
 */
export const facetFields = [
  'type',
  'topicCategory',
  'inspireTheme',
  'keyword',
  'licence',
  'organisation',
  'format',
  'year',
] as const;
export type FacetField = (typeof facetFields)[number];

/**
 * Exact values of a record the index keeps beside the facets without counting them (they
 * serve the catalogue service's queryables): `crs` the reference system
 * (`EPSG:25832`), `role` the role code of each contact (`pointOfContact`), `restriction` the
 * ISO restriction code of the access constraints (`otherRestrictions`, as the ISO 19139
 * writer states it for records with access constraints).
 */
export const valueFields = ['crs', 'role', 'restriction'] as const;
export type ValueField = (typeof valueFields)[number];

/**
 * Fields an `fq` (and a `field:value` in the query) may filter on. Facet and value fields
 * match exact values; `state` the workflow state; `bbox` takes `west,south,east,north` (WGS84, west > east
 * crosses the antimeridian) and keeps records whose extent intersects it; `modified`,
 * `created` (the object's timestamps), `date` (the record's reference date) and `temporal`
 * (the temporal extent, overlapping) take ranges `[from TO to]` of ISO dates or years, `*`
 * for an open end; `year` also takes a range of years.
 */
export const filterFields = [
  ...facetFields,
  ...valueFields,
  'state',
  'bbox',
  'modified',
  'created',
  'date',
  'temporal',
] as const;
export type FilterField = (typeof filterFields)[number];

/**
 * Fields a query term may be limited to: `title:Boden` finds the word in titles only,
 * `keyword:` in keywords and classification labels, `abstract:` in abstracts.
 */
export const textFields = ['title', 'keyword', 'abstract'] as const;
export type TextField = (typeof textFields)[number];

/**
 * Texts the index also keeps as fields of their own for the catalogue service's queryables
 * (Lineage, ConditionApplyingToAccessAndUse, OtherConstraints), not for the query language:
 * the lineage statement, the conditions of use (licence and use constraints) and the access
 * constraints.
 */
export const recordTextFields = ['lineage', 'useConstraints', 'accessConstraints'] as const;
export type RecordTextField = (typeof recordTextFields)[number];

/** Every field a text term of the query tree may be limited to. */
export type IndexTextField = TextField | RecordTextField;

/** Sort keys; `score` is the relevance of the text query (without one: `modified desc`). */
export const sortFields = ['score', 'modified', 'created', 'title', 'temporal', 'date'] as const;
export type SortField = (typeof sortFields)[number];
