import { z } from 'zod';
import { BoundingBox, LanguageText, RecordDates, TemporalExtent } from './record.js';

/**
 * Catalogue search (SPEC §7 search, DESIGN §4): the answers of
 * `GET /index/search/objects/{q}/{start}/{rows}`, of the spatial search and of the
 * suggestions. The query language itself is parsed by `search-query.ts`.
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
export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** A highlighted text: parts in order, `match` where the query matched. */
export const Snippet = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type Snippet = z.infer<typeof Snippet>;

/** A snippet per language, for the languages the record has the field in. */
export const LanguageSnippet = z.object({ de: Snippet.optional(), en: Snippet.optional() });
export type LanguageSnippet = z.infer<typeof LanguageSnippet>;

/** One result of the list search. */
export const SearchHit = z
  .object({
    id: z.string(),
    type: z.string(),
    state: z.enum(['draft', 'submitted', 'published', 'withdrawn']),
    created: z.string(),
    modified: z.string(),
    title: LanguageText(10_000),
    /** Title and abstract with the query's matches marked (abstract: the best fragments). */
    highlights: z.object({ title: LanguageSnippet, abstract: LanguageSnippet }),
    /** URL of the record's thumbnail (from its index file's preview), when it has one. */
    thumbnail: z.string().optional(),
    licence: z.string().optional(),
    /** The record's reference dates. */
    dates: RecordDates.optional(),
    temporalExtent: TemporalExtent.optional(),
    extent: BoundingBox.optional(),
    organisations: z.array(z.string()),
    /** Relevance; only with a text query. */
    score: z.number().optional(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof SearchHit>;

export const FacetValue = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof FacetValue>;

/**
 * The answer of the list search. Facet counts of a field the request filters on by `fq`
 * are counted without that field's own filter (all other filters apply), so that further
 * values of the same facet can be added (multi-select within a facet).
 */
export const SearchResponse = z
  .object({
    numFound: z.number().int(),
    /**
     * Set when more than `searchLimits.exactMax` records match: `numFound` and the facet
     * counts are then estimates from an even sample of the matches. (Ranking by relevance
     * orders the matches in blocks of a fifth of `exactMax`, taken in a fixed order, whatever
     * their number: the pages of one search hold every match once.)
     */
    approximate: z.literal(true).optional(),
    start: z.number().int(),
    rows: z.number().int(),
    docs: z.array(SearchHit),
    facets: z.record(z.enum(facetFields), z.array(FacetValue)),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponse>;

/** A footprint on the map (spatial search). */
export const FootprintFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({
    type: z.enum([
      'Polygon',
      'MultiPolygon',
      'Point',
      'MultiPoint',
      'LineString',
      'MultiLineString',
    ]),
    coordinates: z.array(z.any()),
  }),
  properties: z.object({
    id: z.string(),
    title: LanguageText(10_000),
    type: z.string(),
    /** Whether the record names a WMS or WMTS that the map can add. */
    mapServices: z.boolean(),
  }),
});
export type FootprintFeature = z.infer<typeof FootprintFeature>;

/** The answer of the spatial search: a GeoJSON FeatureCollection (EPSG:4326). */
export const SpatialSearchResponse = z
  .object({
    type: z.literal('FeatureCollection'),
    numberMatched: z.number().int(),
    numberReturned: z.number().int(),
    features: z.array(FootprintFeature),
  })
  .meta({ id: 'SpatialSearchResponse' });
export type SpatialSearchResponse = z.infer<typeof SpatialSearchResponse>;

/** One suggestion for search-as-you-type: a record title (with its id) or a keyword. */
export const Suggestion = z.object({
  text: z.string(),
  kind: z.enum(['title', 'keyword']),
  /** The record a title belongs to. */
  id: z.string().optional(),
  /** How many readable records carry this keyword. */
  count: z.number().int().optional(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestResponse = z
  .object({ suggestions: z.array(Suggestion) })
  .meta({ id: 'SuggestResponse' });
export type SuggestResponse = z.infer<typeof SuggestResponse>;
