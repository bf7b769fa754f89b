import fc from 'fast-check';
import {
  type BoundingBox,
  type ClassifiedKeyword,
  type Contact,
  type Format,
  type Geometry,
  type LanguageText,
  type Metadata,
  type OnlineResource,
  pointOfContact,
  type RecordDates,
  type RelatedRecord,
  type Resolution,
  recordLimits,
  relationTypes,
  requiredFields,
  type TemporalExtent,
} from '../record.js';

/**
 * fast-check arbitraries for metadata records in canonical form: what `Metadata` parses to
 * itself and what the editor saves after `pruneEmpty` (strings trimmed and non-empty, lists
 * non-empty and without duplicates, no empty objects). Tests use them to show that records
 * survive the API, the database and the ISO 19139 export unchanged.
 *
 * Test code only: nothing at run time imports this module.
 */

/** Codes of the seeded classifications the records may use (as `GET /classification` lists). */
export interface RecordCodes {
  topicCategory: string[];
  inspireTheme: string[];
  license: string[];
  contactRole: string[];
  protocol: string[];
}

export interface RecordArbitraryOptions {
  /**
   * Only records a dataset may be submitted with (`missingRequired(record, 'dataset')` is
   * empty). Requires `pointOfContact` among the contact roles.
   */
  complete?: boolean;
}

/**
 * Words and phrases that stress encodings and escaping: umlauts and ß, typographic and
 * straight quotes, markup characters, emoji (astral plane, ZWJ sequences), other scripts.
 */
const tricky = [
  'Grundwasserstände',
  'Bodenübersichtskarte',
  'Straße',
  'Ölschiefer',
  'Maßstab 1:25 000',
  '„Quartär“',
  '"Zitat"',
  "O'Brien",
  '<b>fett</b>',
  'A & B',
  '<&>',
  '</script>',
  '{"json": true}',
  'C:\\Daten\\Geologie',
  '%20',
  '🌍',
  '🏔️',
  '👩‍🔬',
  '🇩🇪',
  'Ω ≤ ∞',
  'Zürich–Köln',
  'Łódź',
  '東京',
  'مرحبا',
  '—',
  '…',
] as const;

const plain = [
  'Geologie',
  'Hydrogeologie',
  'Karte',
  'map',
  'soil',
  'Daten',
  'Messnetz',
  'Niedersachsen',
  'Bayern',
  '2024',
  'groundwater',
  'and',
  'der',
  'die',
  'das',
] as const;

/** Drops what no record may carry in the database (NUL) and trims like the schema does. */
const canonical = (s: string) => s.replaceAll(String.fromCharCode(0), '').trim();

/** Cuts to `max` UTF-16 units (the schema's measure) without splitting a surrogate pair. */
const truncate = (s: string, max: number) => {
  const cut = s.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
};

/** Any printable text from the full Unicode range, trimmed and non-empty. */
const unicodeText = (max: number) =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 40) })
    .map(canonical)
    .filter((s) => s.length > 0 && s.length <= max);

/** A text of a few words, mostly readable, often with tricky characters. */
export const textArbitrary = (max: number): fc.Arbitrary<string> =>
  fc
    .oneof(
      {
        weight: 3,
        arbitrary: fc
          .array(fc.constantFrom(...plain, ...tricky), { minLength: 1, maxLength: 8 })
          .map((w) => w.join(' ')),
      },
      { weight: 1, arbitrary: unicodeText(max) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...tricky), unicodeText(max), fc.constantFrom(...plain))
          .map((parts) => parts.join(' ')),
      },
    )
    .map((s) => truncate(canonical(s), max).trim())
    .filter((s) => s.length > 0);

/** A language map with German, English or both. */
export const languageTextArbitrary = (max: number): fc.Arbitrary<LanguageText> =>
  fc.oneof(
    textArbitrary(max).map((de) => ({ de })),
    textArbitrary(max).map((en) => ({ en })),
    fc.tuple(textArbitrary(max), textArbitrary(max)).map(([de, en]) => ({ de, en })),
  );

/** A calendar date `YYYY-MM-DD` between 1900 and 2100, leap days included. */
export const isoDateArbitrary = (): fc.Arbitrary<string> =>
  fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

/** A coordinate in degrees; never -0, which JSON cannot carry. */
const degrees = (limit: number) =>
  fc
    .oneof(
      fc.integer({ min: -limit * 1e6, max: limit * 1e6 }).map((n) => n / 1e6),
      fc.double({ min: -limit, max: limit, noNaN: true }),
      fc.constantFrom(-limit, limit, 0),
    )
    .map((n) => (Object.is(n, -0) ? 0 : n));

/** A valid WGS84 box; about one in five crosses the antimeridian (west > east). */
export const bboxArbitrary = (): fc.Arbitrary<BoundingBox> =>
  fc
    .tuple(degrees(180), degrees(180), degrees(90), degrees(90), fc.nat(4))
    .map(([a, b, c, d, dice]) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      const across = dice === 0 && low < high;
      return {
        west: across ? high : low,
        east: across ? low : high,
        south: Math.min(c, d),
        north: Math.max(c, d),
      };
    });

const position = fc.tuple(degrees(180), degrees(90));

/** A small GeoJSON geometry of every kind; polygon rings are closed. */
export const geometryArbitrary = (): fc.Arbitrary<Geometry> => {
  const ring = fc
    .array(position, { minLength: 3, maxLength: 6 })
    .map((points) => [...points, points[0] as [number, number]]);
  return fc.oneof(
    position.map((coordinates) => ({ type: 'Point' as const, coordinates })),
    fc
      .array(position, { minLength: 1, maxLength: 5 })
      .map((coordinates) => ({ type: 'MultiPoint' as const, coordinates })),
    fc
      .array(position, { minLength: 2, maxLength: 6 })
      .map((coordinates) => ({ type: 'LineString' as const, coordinates })),
    fc
      .array(fc.array(position, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 3 })
      .map((coordinates) => ({ type: 'MultiLineString' as const, coordinates })),
    fc
      .array(ring, { minLength: 1, maxLength: 2 })
      .map((coordinates) => ({ type: 'Polygon' as const, coordinates })),
    fc
      .array(fc.array(ring, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 })
      .map((coordinates) => ({ type: 'MultiPolygon' as const, coordinates })),
  );
};

/** Start ≤ end; either end may be open, never both. */
export const temporalExtentArbitrary = (): fc.Arbitrary<TemporalExtent> =>
  fc.tuple(isoDateArbitrary(), isoDateArbitrary(), fc.nat(2)).map(([a, b, open]) => {
    const [start, end] = a <= b ? [a, b] : [b, a];
    if (open === 0) return { start };
    if (open === 1) return { end };
    return { start, end };
  });

const datesArbitrary = (): fc.Arbitrary<RecordDates> =>
  fc
    .record(
      {
        creation: isoDateArbitrary(),
        publication: isoDateArbitrary(),
        revision: isoDateArbitrary(),
      },
      { requiredKeys: [], noNullPrototype: true },
    )
    .filter((d) => Object.keys(d).length > 0);

const localPart = fc
  .stringMatching(/^[a-z][a-z0-9._+-]{0,15}[a-z0-9]$/)
  .filter((s) => !s.includes('..'));
const hostLabel = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,12}[a-z0-9])?$/);

/** A syntactically valid address on the reserved `.example` domain. */
export const emailArbitrary = (): fc.Arbitrary<string> =>
  fc.tuple(localPart, hostLabel).map(([local, host]) => `${local}@${host}.example`);

const phoneArbitrary = () =>
  fc
    .tuple(
      fc.constantFrom('+49 ', '0', '+49 (0)'),
      fc.integer({ min: 10, max: 9999 }),
      fc.constantFrom(' ', '/', '-', '.'),
      fc.integer({ min: 1000, max: 99999999 }),
    )
    .map(([prefix, area, sep, number]) => `${prefix}${area}${sep}${number}`);

const contactArbitrary = (roles: fc.Arbitrary<string>): fc.Arbitrary<Contact> =>
  fc
    .record(
      {
        organisation: textArbitrary(recordLimits.nameMax),
        person: textArbitrary(recordLimits.nameMax),
        email: emailArbitrary(),
        phone: phoneArbitrary(),
        role: roles,
      },
      { requiredKeys: ['role'], noNullPrototype: true },
    )
    .filter((c) => Boolean(c.organisation || c.person));

/** An http(s) or ftp URL on a `.example` host, with path, query and fragment sometimes. */
export const urlArbitrary = (): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom('https', 'http', 'ftp'),
      fc.array(hostLabel, { minLength: 1, maxLength: 3 }),
      fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/), { maxLength: 4 }),
      fc.option(fc.stringMatching(/^[a-z]{1,8}=[A-Za-z0-9%]{0,12}$/), { nil: undefined }),
    )
    .map(
      ([scheme, labels, port, path, query]) =>
        `${scheme}://${labels.join('.')}.example${port ? `:${port}` : ''}/${path.join('/')}${query ? `?${query}` : ''}`,
    );

const onlineResourceArbitrary = (protocols: fc.Arbitrary<string>): fc.Arbitrary<OnlineResource> =>
  fc.record(
    {
      url: urlArbitrary(),
      protocol: protocols,
      name: textArbitrary(recordLimits.nameMax),
      description: textArbitrary(recordLimits.descriptionMax),
      layer: fc.oneof(
        fc.stringMatching(/^[A-Za-z][\w:.-]{0,30}$/),
        textArbitrary(recordLimits.layerNameMax),
      ),
    },
    { requiredKeys: ['url', 'protocol'], noNullPrototype: true },
  );

const formatArbitrary = (): fc.Arbitrary<Format> =>
  fc.record(
    {
      name: fc.oneof(
        fc.constantFrom('GeoTIFF', 'GeoPackage', 'Shapefile', 'GML', 'CSV', 'NetCDF', 'PDF'),
        textArbitrary(recordLimits.nameMax),
      ),
      version: fc.oneof(fc.constantFrom('1.0', '1.1', '3.2.1', '2024'), textArbitrary(50)),
    },
    { requiredKeys: ['name'], noNullPrototype: true },
  );

const resolutionArbitrary = (): fc.Arbitrary<Resolution> =>
  fc.oneof(
    fc
      .integer({ min: 1, max: 1e9 })
      .map((denominator) => ({ kind: 'scale' as const, denominator })),
    fc
      .tuple(
        fc.oneof(
          fc.integer({ min: 1, max: 10_000 }),
          fc.double({ min: 0.001, max: 1e7, noNaN: true }),
        ),
        fc.constantFrom('m' as const, 'km' as const, 'deg' as const),
      )
      .map(([value, unit]) => ({ kind: 'distance' as const, value, unit })),
  );

const relatedArbitrary = (): fc.Arbitrary<RelatedRecord> =>
  fc.record(
    {
      id: fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      relation: fc.constantFrom(...relationTypes),
    },
    { noNullPrototype: true },
  );

const nonEmpty = <T>(values: readonly T[], name: string) => {
  if (values.length === 0) throw new Error(`recordArbitrary: no ${name} codes given`);
  return fc.constantFrom(...values);
};

/** A valid record in canonical form using only the given classification codes. */
export function recordArbitrary(
  codes: RecordCodes,
  options: RecordArbitraryOptions = {},
): fc.Arbitrary<Metadata> {
  const roles = nonEmpty(codes.contactRole, 'contactRole');
  const protocols = nonEmpty(codes.protocol, 'protocol');
  const topics = fc.uniqueArray(nonEmpty(codes.topicCategory, 'topicCategory'), {
    minLength: 1,
    maxLength: Math.min(4, recordLimits.topicCategoriesMax),
  });
  const keywords = fc.uniqueArray(textArbitrary(recordLimits.keywordMax), {
    minLength: 1,
    maxLength: 8,
  });
  const classifiedKeywords = fc.uniqueArray(
    nonEmpty(codes.inspireTheme, 'inspireTheme').map(
      (code): ClassifiedKeyword => ({ classification: 'inspireTheme', code }),
    ),
    { minLength: 1, maxLength: 4, selector: (k) => k.code },
  );
  const contacts = fc.array(contactArbitrary(roles), { minLength: 1, maxLength: 4 });
  const fields = {
    title: languageTextArbitrary(recordLimits.titleMax),
    abstract: languageTextArbitrary(recordLimits.abstractMax),
    identifier: fc.oneof(
      urlArbitrary(),
      fc.stringMatching(/^[A-Za-z0-9][\w.:-]{0,40}$/),
      textArbitrary(recordLimits.identifierMax),
    ),
    topicCategories: topics,
    keywords,
    classifiedKeywords,
    extent: bboxArbitrary(),
    geometry: geometryArbitrary(),
    temporalExtent: temporalExtentArbitrary(),
    dates: datesArbitrary(),
    contacts,
    licence: nonEmpty(codes.license, 'license'),
    useConstraints: languageTextArbitrary(recordLimits.constraintsMax),
    accessConstraints: languageTextArbitrary(recordLimits.constraintsMax),
    referenceSystem: fc
      .oneof(
        fc.constantFrom(4326, 4258, 25832, 25833, 3857, 31467),
        fc.integer({ min: 1000, max: 999_999 }),
      )
      .map((code) => `EPSG:${code}`),
    resolution: resolutionArbitrary(),
    formats: fc.uniqueArray(formatArbitrary(), {
      minLength: 1,
      maxLength: 3,
      selector: (f) => `${f.name}/${f.version ?? ''}`,
    }),
    onlineResources: fc.array(onlineResourceArbitrary(protocols), { minLength: 1, maxLength: 4 }),
    lineage: languageTextArbitrary(recordLimits.lineageMax),
    related: fc.uniqueArray(relatedArbitrary(), {
      minLength: 1,
      maxLength: 3,
      selector: (r) => `${r.relation}/${r.id}`,
    }),
  };
  if (!options.complete) {
    return fc.record(fields, {
      requiredKeys: ['title'],
      noNullPrototype: true,
    }) as fc.Arbitrary<Metadata>;
  }
  if (!codes.contactRole.includes(pointOfContact)) {
    throw new Error(`recordArbitrary: complete records need the role ${pointOfContact}`);
  }
  const pointOfContactArbitrary = contactArbitrary(fc.constant(pointOfContact));
  return fc.record(
    {
      ...fields,
      contacts: fc
        .tuple(pointOfContactArbitrary, fc.array(contactArbitrary(roles), { maxLength: 3 }))
        .map(([first, rest]) => [first, ...rest]),
    },
    {
      requiredKeys: [...requiredFields],
      noNullPrototype: true,
    },
  ) as fc.Arbitrary<Metadata>;
}
