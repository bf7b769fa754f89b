import { z } from 'zod';
import { fallbackLanguage, Language } from './i18n.js';

/**
 * The geo service under `/geoth` (SPEC §7, DESIGN §4): the offline basemap the map draws
 * without any other host, the operator's online basemaps, the place search over the offline
 * names and the proxy for external map services. These schemas are what the web map reads.
 */

/** Layers of the offline basemap, in drawing order. */
export const basemapLayerIds = [
  'countries',
  'states',
  'lakes',
  'rivers',
  'borders',
  'coastline',
  'places',
] as const;
export const BasemapLayerId = z.enum(basemapLayerIds);
export type BasemapLayerId = z.infer<typeof BasemapLayerId>;

/** West, south, east, north in degrees (EPSG:4326). */
export const Bbox = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .describe('west, south, east, north in degrees (EPSG:4326)');
export type Bbox = z.infer<typeof Bbox>;

/** Map zoom (EPSG:3857 levels) up to which the finest level of a layer is drawn. */
export const BASEMAP_MAX_ZOOM = 24;

/** One detail level of a basemap layer and the map zooms (EPSG:3857 levels) it is for. */
export const BasemapLevel = z.object({
  /** 0 is the coarsest; the path segment of `GET /geoth/basemap/{layer}/{level}`. */
  id: z.number().int().min(0),
  /** Lowest map zoom this level is drawn at (inclusive). */
  minZoom: z.number().min(0),
  /** Map zoom from which the next finer level takes over (exclusive). */
  maxZoom: z.number().min(0),
  /** Natural Earth scale the data comes from, e.g. `1:10m`. */
  scale: z.string(),
  /** The area the level covers; features outside are cut off. */
  extent: Bbox,
  /** Decimal places of the coordinates at this level. */
  precision: z.number().int().min(0).max(7),
});
export type BasemapLevel = z.infer<typeof BasemapLevel>;

/** One layer of the offline basemap and its levels, coarsest first, their zooms seamless. */
export const BasemapLayer = z.object({
  id: BasemapLayerId,
  /** Polygons are MultiPolygon features, lines MultiLineString, points Point. */
  geometry: z.enum(['polygon', 'line', 'point']),
  levels: z.array(BasemapLevel).min(1),
  /** Whether the features carry `name_de`/`name_en` to label them with. */
  labelled: z.boolean(),
});
export type BasemapLayer = z.infer<typeof BasemapLayer>;

/** `GET /geoth/basemap`: what the offline basemap offers. */
export const BasemapManifest = z
  .object({
    /** Changes whenever the data changes; part of every layer's ETag. */
    version: z.string(),
    /** In drawing order: land, water, lines, then places. */
    layers: z.array(BasemapLayer),
    /** Attribution to show on the map. */
    attribution: z.string(),
  })
  .meta({ id: 'BasemapManifest' });
export type BasemapManifest = z.infer<typeof BasemapManifest>;

export { BASEMAP_TILE_LABELS, BASEMAP_TILE_MAX_ZOOM } from './basemap-tiles.js';

/**
 * Path of one vector tile of the offline basemap: zoom, column and row as digits (the route
 * checks that z ≤ BASEMAP_TILE_MAX_ZOOM and x, y < 2^z).
 */
export const BasemapTileParams = z.object({
  z: z.string().regex(/^\d{1,2}$/, 'a zoom of one or two digits'),
  x: z.string().regex(/^\d{1,7}$/, 'a column of up to seven digits'),
  y: z.string().regex(/^\d{1,7}$/, 'a row of up to seven digits'),
});

/** Path of one layer at one level: `GET /geoth/basemap/{layer}/{level}`. */
export const BasemapLayerParams = z.object({
  layer: z.string().max(40),
  level: z.string().max(4),
});

/** What a place of the `places` layer is: a country's capital or another city. */
export const basemapPlaceKinds = ['capital', 'city'] as const;

/**
 * Properties of an offline basemap feature: countries carry their code and their names to
 * label them with, German states (`states`) their ISO 3166-2 code and names, places
 * (`places`) their names, kind, country, population and rank; the other layers carry none.
 */
export const BasemapFeatureProperties = z.object({
  /**
   * ISO 3166-1 numeric code of a country, ISO 3166-2 code of a state (`DE-BY`), or
   * `city:<source id>` of a place.
   */
  id: z.string().optional(),
  name_de: z.string().optional(),
  name_en: z.string().optional(),
  /** Places: a country's capital or another city. */
  kind: z.enum(basemapPlaceKinds).optional(),
  /** Places: ISO 3166-1 alpha-2 code of the place's country. */
  country: z.string().optional(),
  /** Places: inhabitants, as the source counts them (city or urban area). */
  population: z.number().int().min(0).optional(),
  /**
   * Places: 1 for the largest places (capitals, cities of millions) up to 9 for towns; label
   * larger places first. Derived from population; capitals rank two steps higher.
   */
  rank: z.number().int().min(1).max(10).optional(),
});
export type BasemapFeatureProperties = z.infer<typeof BasemapFeatureProperties>;

/** A title in both languages of the product. */
export const LocalizedTitle = z.object({
  de: z.string().min(1).max(200),
  en: z.string().min(1).max(200),
});

const basemapCommon = {
  /** Stable id, used in the switcher and stored as the user's choice. */
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'is not an id (lower-case letters, digits, - and _)'),
  title: LocalizedTitle,
  /** Attribution text the map shows while the basemap is on. */
  attribution: z.string().max(500).optional(),
};
const serviceUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).max(2000);

/** The URL with percent-escapes undone, or as it is when they are malformed. */
function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** An online XYZ tile basemap; `url` holds `{z}`, `{x}` and `{y}`. */
export const XyzBasemap = z.object({
  ...basemapCommon,
  kind: z.literal('xyz'),
  url: serviceUrl.refine(
    (url) =>
      ['{z}', '{x}', '{y}'].every((part) => url.includes(part) || safeDecode(url).includes(part)),
    'must contain {z}, {x} and {y}',
  ),
  maxZoom: z.number().int().min(0).max(30).optional(),
});

/** An online WMTS basemap (KVP or REST, as the capabilities say). */
export const WmtsBasemap = z.object({
  ...basemapCommon,
  kind: z.literal('wmts'),
  /** The capabilities document. */
  url: serviceUrl,
  layer: z.string().min(1).max(200),
  matrixSet: z.string().min(1).max(200),
  format: z.string().max(100).default('image/png'),
  style: z.string().max(200).optional(),
});

/** An online WMS basemap, drawn as tiles. */
export const WmsBasemap = z.object({
  ...basemapCommon,
  kind: z.literal('wms'),
  /** The service's base URL (without REQUEST parameters). */
  url: serviceUrl,
  /** The WMS LAYERS parameter: one layer name or several, comma-separated. */
  layer: z.string().min(1).max(1000),
  format: z.string().max(100).default('image/png'),
  version: z.enum(['1.1.1', '1.3.0']).default('1.3.0'),
});

/** One operator-configured online basemap (`GEO_BASEMAPS`). */
export const OperatorBasemap = z
  .discriminatedUnion('kind', [XyzBasemap, WmtsBasemap, WmsBasemap])
  .meta({ id: 'OperatorBasemap' });
export type OperatorBasemap = z.infer<typeof OperatorBasemap>;

/** The operator basemaps as configured: a JSON array with unique ids. */
export const OperatorBasemaps = z
  .array(OperatorBasemap)
  .max(50)
  .refine(
    (list) => new Set(list.map((basemap) => basemap.id)).size === list.length,
    'basemap ids must be unique',
  );

/** `GET /geoth/config`: what the map may use beyond the offline basemap. Nothing secret. */
export const GeoConfig = z
  .object({
    /** Online basemaps from the configuration; empty: the map talks only to this host. */
    basemaps: z.array(OperatorBasemap),
    /** Whether `GET /geoth/proxy` forwards anything (some hosts are allowed). */
    proxyEnabled: z.boolean(),
  })
  .meta({ id: 'GeoConfig' });
export type GeoConfig = z.infer<typeof GeoConfig>;

export const placeSearchLimits = {
  queryMax: 100,
  limitMax: 50,
  limitDefault: 10,
} as const;

/** `GET /geoth/places?q=…&limit=…`. */
export const PlaceSearchQuery = z.object({
  q: z
    .string({ error: 'is required: the text to search for' })
    .trim()
    .min(1, 'must not be empty')
    .max(placeSearchLimits.queryMax, `may have at most ${placeSearchLimits.queryMax} characters`),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(placeSearchLimits.limitMax, `may be at most ${placeSearchLimits.limitMax}`)
    .default(placeSearchLimits.limitDefault),
  /** Language of each hit's `name` (default de). */
  lang: Language.default(fallbackLanguage),
});
export type PlaceSearchQuery = z.infer<typeof PlaceSearchQuery>;

/** What a hit of the place search is: a country, a German state, a capital or a city. */
export const placeKinds = ['country', 'state', 'capital', 'city'] as const;

/** One hit of the place search. */
export const Place = z.object({
  /** Stable id, e.g. `country:276`, `state:DE-BY`, `city:1276692352`. */
  id: z.string(),
  kind: z.enum(placeKinds),
  /** The name in the language asked for (`lang`). */
  name: z.string(),
  name_de: z.string(),
  name_en: z.string(),
  /**
   * A point to centre on: for countries and states the centre of the bounding box of the
   * largest part, for cities the city's point.
   */
  lon: z.number(),
  lat: z.number(),
  /**
   * The area to fit the map to: for countries and states the bounding box of the largest
   * part, for cities a box around the point sized by population.
   */
  bbox: Bbox,
});
export type Place = z.infer<typeof Place>;

/**
 * Hits, best first: names equal to the text, then names that start with it, then names that
 * contain it; within each, countries, states, capitals, then cities, larger ones first.
 */
export const PlaceSearchResult = z
  .object({ places: z.array(Place) })
  .meta({ id: 'PlaceSearchResult' });
export type PlaceSearchResult = z.infer<typeof PlaceSearchResult>;

/** `GET /geoth/proxy?url=…`. */
export const ProxyQuery = z.object({
  url: z
    .string({ error: 'is required: the encoded absolute http(s) URL to fetch' })
    .min(1, 'must not be empty')
    .max(4000, 'may have at most 4000 characters'),
});
