import { z } from 'zod';
import { BoundingBox, LanguageText, RecordDates, TemporalExtent } from './record.js';
import { facetFields } from './search-fields.js';

/**
 * Catalogue search (SPEC §7 search, DESIGN §4): the answers of
 * `GET /index/search/objects/{q}/{start}/{rows}`, of the spatial search and of the
 * suggestions. The query language itself is parsed by `search-query.ts`.
 */

export * from './search-fields.js';

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
