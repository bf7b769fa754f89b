import { z } from 'zod';
import { calendarDay } from './calendar.js';
import { Code } from './record-code.js';
import { recordLimits, relationTypes, unstorableTexts } from './record-rules.js';

/**
 * The metadata record (ISO 19115 core, INSPIRE-minded; DESIGN §5). One schema validates it
 * in the editor and on the server. It checks structure and plausibility; whether a record is
 * complete enough to be submitted is a separate question (`missingRequired`), because drafts
 * may be incomplete but never malformed.
 *
 * Codes of classifications (topic categories, licence, contact roles, protocols, …) are
 * checked for their shape here and against the stored classifications by the server.
 */

export { Code } from './record-code.js';
export { type RecordLanguage, recordLanguages } from './record-languages.js';
export {
  missingRequired,
  pointOfContact,
  pruneEmpty,
  type RequiredField,
  recordLimits,
  referenceDate,
  relationTypes,
  requiredFields,
  unstorableTexts,
} from './record-rules.js';

/**
 * Custom rules report a stable `params.rule`; the web app turns it into the translation key
 * `validation.rule.<rule>` (see `issueText`), the server answers the English message.
 */
const rule = (name: string, message: string, path?: (string | number)[]) => ({
  message,
  params: { rule: name },
  ...(path ? { path } : {}),
});

/** A text per product language; at least one must be filled. */
export const LanguageText = (max: number) =>
  z
    .object({
      de: z.string().trim().max(max).optional(),
      en: z.string().trim().max(max).optional(),
    })
    .strict()
    .refine(
      (v) => Boolean(v.de || v.en),
      rule('languageText', 'needs a text in German or English'),
    );
export type LanguageText = { de?: string | undefined; en?: string | undefined };

/** A calendar date `YYYY-MM-DD` of the years 1 to 9999. */
export const IsoDate = z.iso.date({ abort: true }).refine((day) => calendarDay(day) !== undefined, {
  message: 'is not a day of the years 1 to 9999',
});

/** A bounding box in WGS84 degrees; west > east crosses the antimeridian. */
export const BoundingBox = z
  .object({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .strict()
  .refine(
    (b) => b.south <= b.north,
    rule('southNorth', 'south must not be north of north', ['south']),
  )
  .meta({ id: 'BoundingBox' });
export type BoundingBox = z.infer<typeof BoundingBox>;

/** True when the box crosses the antimeridian (west is east of east). */
export const crossesAntimeridian = (b: BoundingBox) => b.west > b.east;

const Position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
/** A linear ring: at least four positions, the last the same as the first (RFC 7946 3.1.6). */
const Ring = z
  .array(Position)
  .min(4)
  .refine(
    (ring) => {
      const first = ring[0];
      const last = ring[ring.length - 1];
      return (
        first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1]
      );
    },
    rule('ringClosed', 'the ring must end where it starts'),
  );

/** The optional exact footprint: a GeoJSON geometry in WGS84 (RFC 7946). */
export const Geometry = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Point'), coordinates: Position }).strict(),
    z.object({ type: z.literal('MultiPoint'), coordinates: z.array(Position).min(1) }).strict(),
    z.object({ type: z.literal('LineString'), coordinates: z.array(Position).min(2) }).strict(),
    z
      .object({
        type: z.literal('MultiLineString'),
        coordinates: z.array(z.array(Position).min(2)).min(1),
      })
      .strict(),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring).min(1) }).strict(),
    z
      .object({
        type: z.literal('MultiPolygon'),
        coordinates: z.array(z.array(Ring).min(1)).min(1),
      })
      .strict(),
  ])
  .refine(
    (g) => countPositions(g.coordinates) <= recordLimits.geometryPositionsMax,
    rule('geometrySize', `has more than ${recordLimits.geometryPositionsMax} positions`),
  )
  .meta({ id: 'Geometry' });
export type Geometry = z.infer<typeof Geometry>;

function countPositions(value: unknown): number {
  if (!Array.isArray(value)) return 0;
  if (typeof value[0] === 'number') return 1;
  return value.reduce((sum: number, part) => sum + countPositions(part), 0);
}

/** Temporal extent; either end may be open. */
export const TemporalExtent = z
  .object({ start: IsoDate.optional(), end: IsoDate.optional() })
  .strict()
  .refine(
    (t) => !t.start || !t.end || t.start <= t.end,
    rule('startEnd', 'the start must not be after the end', ['end']),
  );
export type TemporalExtent = z.infer<typeof TemporalExtent>;

/** Reference dates of the resource (CI_DateTypeCode). */
export const RecordDates = z
  .object({
    creation: IsoDate.optional(),
    publication: IsoDate.optional(),
    revision: IsoDate.optional(),
  })
  .strict();
export type RecordDates = z.infer<typeof RecordDates>;

/** A responsible party; `role` is a code of the `contactRole` classification. */
export const Contact = z
  .object({
    organisation: z.string().trim().min(1).max(recordLimits.nameMax).optional(),
    person: z.string().trim().min(1).max(recordLimits.nameMax).optional(),
    email: z.email().max(recordLimits.emailMax).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()/.-]{3,}$/, 'is not a phone number')
      .max(recordLimits.phoneMax)
      .optional(),
    role: Code,
  })
  .strict()
  .refine(
    (c) => Boolean(c.organisation || c.person),
    rule('contactName', 'needs an organisation or a person', ['organisation']),
  );
export type Contact = z.infer<typeof Contact>;

/** Spatial resolution: an equivalent scale (1:denominator) or a ground distance. */
export const Resolution = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('scale'), denominator: z.number().int().min(1).max(1e9) }).strict(),
  z
    .object({
      kind: z.literal('distance'),
      value: z.number().positive().max(1e7),
      unit: z.enum(['m', 'km', 'deg']),
    })
    .strict(),
]);
export type Resolution = z.infer<typeof Resolution>;

/** An http(s) or ftp URL (no `javascript:` and the like). */
export const WebUrl = z
  .url({ protocol: /^(https?|ftp)$/, hostname: z.regexes.hostname })
  .max(recordLimits.urlMax);

/** A link to the data, a service or documentation; `protocol` is a `protocol` code. */
export const OnlineResource = z
  .object({
    url: WebUrl,
    protocol: Code,
    name: z.string().trim().min(1).max(recordLimits.nameMax).optional(),
    description: z.string().trim().min(1).max(recordLimits.descriptionMax).optional(),
    /** Layer (WMS, WMTS) or feature type (WFS, OGC API collection) of a service. */
    layer: z.string().trim().min(1).max(recordLimits.layerNameMax).optional(),
  })
  .strict();
export type OnlineResource = z.infer<typeof OnlineResource>;

export { isMapService, mapServiceProtocols } from './map-services.js';

/** A keyword taken from a classification (e.g. an INSPIRE theme). */
export const ClassifiedKeyword = z.object({ classification: Code, code: Code }).strict();
export type ClassifiedKeyword = z.infer<typeof ClassifiedKeyword>;

export const RelatedRecord = z
  .object({
    id: z.string().regex(/^[\w-]{10,64}$/, 'is not an object id'),
    relation: z.enum(relationTypes),
  })
  .strict();
export type RelatedRecord = z.infer<typeof RelatedRecord>;

/** A distribution format, e.g. GeoTIFF 1.1 or GeoPackage. */
export const Format = z
  .object({
    name: z.string().trim().min(1).max(recordLimits.nameMax),
    version: z.string().trim().min(1).max(50).optional(),
  })
  .strict();
export type Format = z.infer<typeof Format>;

/** `EPSG:<code>`, the reference system of the data. */
export const ReferenceSystem = z
  .string()
  .regex(/^EPSG:\d{4,6}$/, 'is not an EPSG code such as EPSG:25832');

const uniqueBy =
  <T>(key: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length;

export const Metadata = z
  .object({
    title: LanguageText(recordLimits.titleMax),
    abstract: LanguageText(recordLimits.abstractMax).optional(),
    /** Resource identifier (a code or URI naming the data, not the record). */
    identifier: z.string().trim().min(1).max(recordLimits.identifierMax).optional(),
    topicCategories: z
      .array(Code)
      .max(recordLimits.topicCategoriesMax)
      .refine(uniqueBy(String), rule('unique', 'lists an entry twice'))
      .optional(),
    keywords: z
      .array(z.string().trim().min(1).max(recordLimits.keywordMax))
      .max(recordLimits.keywordsMax)
      .refine(uniqueBy(String), rule('unique', 'lists an entry twice'))
      .optional(),
    classifiedKeywords: z
      .array(ClassifiedKeyword)
      .max(recordLimits.classifiedKeywordsMax)
      .refine(
        uniqueBy((k: ClassifiedKeyword) => `${k.classification}/${k.code}`),
        rule('unique', 'lists an entry twice'),
      )
      .optional(),
    extent: BoundingBox.optional(),
    geometry: Geometry.optional(),
    temporalExtent: TemporalExtent.optional(),
    dates: RecordDates.optional(),
    contacts: z.array(Contact).max(recordLimits.contactsMax).optional(),
    licence: Code.optional(),
    useConstraints: LanguageText(recordLimits.constraintsMax).optional(),
    accessConstraints: LanguageText(recordLimits.constraintsMax).optional(),
    referenceSystem: ReferenceSystem.optional(),
    resolution: Resolution.optional(),
    formats: z.array(Format).max(recordLimits.formatsMax).optional(),
    onlineResources: z.array(OnlineResource).max(recordLimits.onlineResourcesMax).optional(),
    lineage: LanguageText(recordLimits.lineageMax).optional(),
    related: z
      .array(RelatedRecord)
      .max(recordLimits.relatedMax)
      .refine(
        uniqueBy((r: RelatedRecord) => `${r.relation}/${r.id}`),
        rule('unique', 'lists an entry twice'),
      )
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const path of unstorableTexts(value)) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: 'contains a NUL character or a lone surrogate',
        params: { rule: 'unstorableText' },
      });
    }
  })
  .meta({ id: 'Metadata' });
export type Metadata = z.infer<typeof Metadata>;
