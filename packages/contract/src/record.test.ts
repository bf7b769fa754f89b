import { describe, expect, it } from 'vitest';
import {
  BoundingBox,
  crossesAntimeridian,
  Geometry,
  isMapService,
  Metadata,
  type Metadata as MetadataType,
  missingRequired,
  pruneEmpty,
  recordLimits,
  requiredFields,
} from './record.js';

/** A complete dataset record: every test below changes one thing. */
const valid: MetadataType = {
  title: { de: 'Geologische Übersichtskarte 1:250 000', en: 'Geological map 1:250,000' },
  abstract: { de: 'Flächendeckende Karte der Gesteinseinheiten.' },
  identifier: 'https://registry.example/gk250',
  topicCategories: ['geoscientificInformation'],
  keywords: ['Geologie', 'Gestein'],
  classifiedKeywords: [{ classification: 'inspireTheme', code: 'ge' }],
  extent: { west: 5.86, south: 47.27, east: 15.05, north: 55.06 },
  temporalExtent: { start: '2001-01-01', end: '2020-12-31' },
  dates: { creation: '2005-03-01', publication: '2006-01-15', revision: '2024-02-29' },
  contacts: [
    {
      organisation: 'Geologischer Dienst',
      person: 'Erika Muster',
      email: 'info@geologie.example',
      phone: '+49 (0)511 643-0',
      role: 'pointOfContact',
    },
  ],
  licence: 'dl-de-by-2.0',
  useConstraints: { de: 'Quellenvermerk erforderlich.' },
  accessConstraints: { en: 'None.' },
  referenceSystem: 'EPSG:25832',
  resolution: { kind: 'scale', denominator: 250_000 },
  formats: [{ name: 'GeoPackage', version: '1.3' }],
  onlineResources: [
    { url: 'https://maps.example/wms', protocol: 'wms', name: 'WMS', layer: 'gk250' },
  ],
  lineage: { de: 'Digitalisiert aus Kartenblättern.' },
  related: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'largerWorkCitation' }],
};

const withField = (patch: Record<string, unknown>) => ({ ...valid, ...patch });

/** The issues of a parse as `path: rule-or-code` strings, for compact assertions. */
function problems(value: unknown): string[] {
  const result = Metadata.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const rule = (issue as { params?: { rule?: string } }).params?.rule;
    return `${issue.path.join('.')}: ${rule ?? issue.code}`;
  });
}

const accepts = (value: unknown) => expect(problems(value)).toEqual([]);

describe('Metadata: a complete record', () => {
  it('parses to itself', () => {
    expect(Metadata.parse(valid)).toEqual(valid);
    expect(missingRequired(valid)).toEqual([]);
  });

  it('needs only a title (drafts may be incomplete, never malformed)', () => {
    accepts({ title: { en: 'x' } });
    expect(problems({})).toEqual(['title: invalid_type']);
  });

  it('refuses unknown keys at every level', () => {
    expect(problems(withField({ colour: 'red' }))).toEqual([': unrecognized_keys']);
    expect(problems(withField({ title: { de: 'x', fr: 'y' } }))).toEqual([
      'title: unrecognized_keys',
    ]);
    expect(
      problems(withField({ extent: { west: 0, south: 0, east: 1, north: 1, up: 2 } })),
    ).toEqual(['extent: unrecognized_keys']);
    expect(problems(withField({ contacts: [{ person: 'x', role: 'owner', fax: '1' }] }))).toEqual([
      'contacts.0: unrecognized_keys',
    ]);
    expect(
      problems(
        withField({ onlineResources: [{ url: 'https://a.example', protocol: 'wms', x: 1 }] }),
      ),
    ).toEqual(['onlineResources.0: unrecognized_keys']);
  });
});

describe('Metadata: texts the database can store', () => {
  const nul = String.fromCharCode(0);
  it('refuses NUL characters and lone surrogates anywhere, naming the field', () => {
    expect(problems(withField({ title: { de: `a${nul}b` } }))).toEqual([
      'title.de: unstorableText',
    ]);
    expect(problems(withField({ keywords: ['ok', 'x\ud800'] }))).toEqual([
      'keywords.1: unstorableText',
    ]);
    expect(
      problems(withField({ contacts: [{ organisation: '\udc00 Amt', role: 'owner' }] })),
    ).toEqual(['contacts.0.organisation: unstorableText']);
  });

  it('accepts emoji (surrogate pairs) and other control characters', () => {
    accepts(withField({ title: { de: '🌍 Erde 👩‍🔬', en: `tab\there` } }));
  });
});

describe('Metadata: language maps', () => {
  it('accepts German only, English only or both, and trims', () => {
    accepts(withField({ title: { de: 'Nur Deutsch' } }));
    accepts(withField({ title: { en: 'English only' } }));
    expect(Metadata.parse(withField({ title: { de: '  Böden  ' } })).title).toEqual({
      de: 'Böden',
    });
  });

  it('needs at least one filled language, also after trimming', () => {
    for (const title of [{}, { de: '' }, { de: '   ', en: '\t\n' }]) {
      expect(problems(withField({ title }))).toEqual(['title: languageText']);
    }
    expect(problems(withField({ abstract: {} }))).toEqual(['abstract: languageText']);
    expect(problems(withField({ lineage: { en: ' ' } }))).toEqual(['lineage: languageText']);
    expect(problems(withField({ useConstraints: {} }))).toEqual(['useConstraints: languageText']);
    expect(problems(withField({ accessConstraints: {} }))).toEqual([
      'accessConstraints: languageText',
    ]);
  });

  it('refuses a text that is not a string', () => {
    expect(problems(withField({ title: { de: 5 } }))).toEqual(['title.de: invalid_type']);
    expect(problems(withField({ title: 'Titel' }))).toEqual(['title: invalid_type']);
  });
});

describe('Metadata: limits from recordLimits', () => {
  const text = (n: number) => 'x'.repeat(n);
  const cases: [string, (n: number) => Record<string, unknown>, number, string][] = [
    ['title', (n) => ({ title: { de: text(n) } }), recordLimits.titleMax, 'title.de'],
    ['abstract', (n) => ({ abstract: { en: text(n) } }), recordLimits.abstractMax, 'abstract.en'],
    ['lineage', (n) => ({ lineage: { de: text(n) } }), recordLimits.lineageMax, 'lineage.de'],
    [
      'use constraints',
      (n) => ({ useConstraints: { de: text(n) } }),
      recordLimits.constraintsMax,
      'useConstraints.de',
    ],
    [
      'access constraints',
      (n) => ({ accessConstraints: { en: text(n) } }),
      recordLimits.constraintsMax,
      'accessConstraints.en',
    ],
    ['keyword', (n) => ({ keywords: [text(n)] }), recordLimits.keywordMax, 'keywords.0'],
    ['identifier', (n) => ({ identifier: text(n) }), recordLimits.identifierMax, 'identifier'],
    [
      'organisation',
      (n) => ({ contacts: [{ organisation: text(n), role: 'owner' }] }),
      recordLimits.nameMax,
      'contacts.0.organisation',
    ],
    [
      'person',
      (n) => ({ contacts: [{ person: text(n), role: 'owner' }] }),
      recordLimits.nameMax,
      'contacts.0.person',
    ],
    [
      'e-mail',
      (n) => ({
        contacts: [{ person: 'P', email: `${text(n - 13)}@mail.example`, role: 'owner' }],
      }),
      recordLimits.emailMax,
      'contacts.0.email',
    ],
    [
      'phone',
      (n) => ({ contacts: [{ person: 'P', phone: '1'.repeat(n), role: 'owner' }] }),
      recordLimits.phoneMax,
      'contacts.0.phone',
    ],
    [
      'resource name',
      (n) => ({ onlineResources: [{ url: 'https://a.example', protocol: 'wms', name: text(n) }] }),
      recordLimits.nameMax,
      'onlineResources.0.name',
    ],
    [
      'resource description',
      (n) => ({
        onlineResources: [{ url: 'https://a.example', protocol: 'wms', description: text(n) }],
      }),
      recordLimits.descriptionMax,
      'onlineResources.0.description',
    ],
    [
      'layer name',
      (n) => ({ onlineResources: [{ url: 'https://a.example', protocol: 'wms', layer: text(n) }] }),
      recordLimits.layerNameMax,
      'onlineResources.0.layer',
    ],
    [
      'url',
      (n) => ({ onlineResources: [{ url: `https://a.example/${text(n - 18)}`, protocol: 'wms' }] }),
      recordLimits.urlMax,
      'onlineResources.0.url',
    ],
    [
      'format name',
      (n) => ({ formats: [{ name: text(n) }] }),
      recordLimits.nameMax,
      'formats.0.name',
    ],
    ['code', (n) => ({ licence: text(n) }), recordLimits.codeMax, 'licence'],
  ];

  it.each(cases)('%s: the limit passes, one more character is too big', (_, make, max, path) => {
    accepts(withField(make(max)));
    expect(problems(withField(make(max + 1)))).toEqual([`${path}: too_big`]);
  });

  const codes = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const counts: [string, (n: number) => Record<string, unknown>, number, string][] = [
    ['keywords', (n) => ({ keywords: codes(n) }), recordLimits.keywordsMax, 'keywords'],
    [
      'topic categories',
      (n) => ({ topicCategories: codes(n) }),
      recordLimits.topicCategoriesMax,
      'topicCategories',
    ],
    [
      'classified keywords',
      (n) => ({ classifiedKeywords: codes(n).map((code) => ({ classification: 'k', code })) }),
      recordLimits.classifiedKeywordsMax,
      'classifiedKeywords',
    ],
    [
      'contacts',
      (n) => ({ contacts: codes(n).map((person) => ({ person, role: 'owner' })) }),
      recordLimits.contactsMax,
      'contacts',
    ],
    [
      'online resources',
      (n) => ({
        onlineResources: codes(n).map((c) => ({
          url: `https://${c}.example`,
          protocol: 'website',
        })),
      }),
      recordLimits.onlineResourcesMax,
      'onlineResources',
    ],
    [
      'related records',
      (n) => ({
        related: codes(n, 'related-record-').map((id) => ({ id, relation: 'crossReference' })),
      }),
      recordLimits.relatedMax,
      'related',
    ],
    [
      'formats',
      (n) => ({ formats: codes(n).map((name) => ({ name })) }),
      recordLimits.formatsMax,
      'formats',
    ],
  ];

  it.each(counts)('%s: the limit passes, one more entry is too many', (_, make, max, path) => {
    accepts(withField(make(max)));
    expect(problems(withField(make(max + 1)))).toEqual([`${path}: too_big`]);
  });

  it('limits the format version to 50 characters', () => {
    accepts(withField({ formats: [{ name: 'GML', version: 'v'.repeat(50) }] }));
    expect(problems(withField({ formats: [{ name: 'GML', version: 'v'.repeat(51) }] }))).toEqual([
      'formats.0.version: too_big',
    ]);
  });
});

describe('Metadata: unique lists', () => {
  it.each([
    ['topicCategories', ['environment', 'environment']],
    ['keywords', ['Boden', 'Boden']],
    [
      'classifiedKeywords',
      [
        { classification: 'inspireTheme', code: 'so' },
        { classification: 'inspireTheme', code: 'so' },
      ],
    ],
    [
      'related',
      [
        { id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'source' },
        { id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'source' },
      ],
    ],
  ])('refuses %s that list an entry twice', (field, list) => {
    expect(problems(withField({ [field]: list }))).toEqual([`${field}: unique`]);
  });

  it('compares keywords after trimming, and keeps entries that differ only in one part', () => {
    expect(problems(withField({ keywords: ['Boden', ' Boden '] }))).toEqual(['keywords: unique']);
    accepts(
      withField({
        classifiedKeywords: [
          { classification: 'inspireTheme', code: 'so' },
          { classification: 'topicCategory', code: 'so' },
        ],
        related: [
          { id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'source' },
          { id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'crossReference' },
        ],
      }),
    );
  });

  it('refuses blank keywords', () => {
    expect(problems(withField({ keywords: ['  '] }))).toEqual(['keywords.0: too_small']);
  });
});

describe('Metadata: codes', () => {
  it('accepts code shapes of the seeded classifications', () => {
    accepts(withField({ licence: 'dl-de-zero-2.0', topicCategories: ['inlandWaters'] }));
    accepts(withField({ classifiedKeywords: [{ classification: 'inspireTheme', code: 'ps' }] }));
  });

  it.each(['', ' ge', '-x', 'a b', 'ä', 'x/y'])('refuses the code %j', (code) => {
    expect(problems(withField({ licence: code }))).toEqual(['licence: invalid_format']);
  });
});

describe('BoundingBox', () => {
  it('accepts the whole world and the extreme values', () => {
    expect(BoundingBox.safeParse({ west: -180, south: -90, east: 180, north: 90 }).success).toBe(
      true,
    );
    expect(BoundingBox.safeParse({ west: 10, south: 50, east: 10, north: 50 }).success).toBe(true);
  });

  it.each([
    [{ west: -180.0001, south: 0, east: 1, north: 1 }, 'west'],
    [{ west: 0, south: -90.5, east: 1, north: 1 }, 'south'],
    [{ west: 0, south: 0, east: 180.1, north: 1 }, 'east'],
    [{ west: 0, south: 0, east: 1, north: 91 }, 'north'],
  ])('refuses %j (out of range at %s)', (box, field) => {
    expect(problems(withField({ extent: box }))).toContain(
      `extent.${field}: too_${field === 'west' || field === 'south' ? 'small' : 'big'}`,
    );
  });

  it('refuses south north of north, naming south', () => {
    expect(problems(withField({ extent: { west: 0, south: 10, east: 1, north: 9 } }))).toEqual([
      'extent.south: southNorth',
    ]);
  });

  it('accepts a box across the antimeridian (west > east)', () => {
    const fiji = { west: 177, south: -19, east: -178, north: -16 };
    accepts(withField({ extent: fiji }));
    expect(crossesAntimeridian(fiji)).toBe(true);
    expect(crossesAntimeridian(valid.extent as BoundingBox)).toBe(false);
  });

  it('refuses missing numbers, strings, NaN and infinities', () => {
    for (const box of [
      { west: 0, south: 0, east: 1 },
      { west: '0', south: 0, east: 1, north: 1 },
      { west: Number.NaN, south: 0, east: 1, north: 1 },
      { west: 0, south: 0, east: Number.POSITIVE_INFINITY, north: 1 },
    ]) {
      expect(BoundingBox.safeParse(box).success).toBe(false);
    }
  });
});

describe('Geometry', () => {
  const square = [
    [7, 50],
    [8, 50],
    [8, 51],
    [7, 51],
    [7, 50],
  ];
  it.each([
    { type: 'Point', coordinates: [7.1, 50.7] },
    { type: 'MultiPoint', coordinates: [[7, 50]] },
    {
      type: 'LineString',
      coordinates: [
        [7, 50],
        [8, 51],
      ],
    },
    {
      type: 'MultiLineString',
      coordinates: [
        [
          [7, 50],
          [8, 51],
        ],
      ],
    },
    { type: 'Polygon', coordinates: [square] },
    { type: 'MultiPolygon', coordinates: [[square], [square]] },
  ])('accepts a $type', (geometry) => {
    accepts(withField({ geometry }));
  });

  it.each([
    [{ type: 'Circle', coordinates: [7, 50] }, 'geometry.type: invalid_union'],
    [{ type: 'Point', coordinates: [181, 50] }, 'geometry.coordinates.0: too_big'],
    [{ type: 'Point', coordinates: [7, -91] }, 'geometry.coordinates.1: too_small'],
    [{ type: 'Point', coordinates: [7, 50, 100] }, 'geometry.coordinates: too_big'],
    [{ type: 'LineString', coordinates: [[7, 50]] }, 'geometry.coordinates: too_small'],
    [{ type: 'Polygon', coordinates: [square.slice(0, 4)] }, 'geometry.coordinates.0: ringClosed'],
    [
      {
        type: 'Polygon',
        coordinates: [
          [
            [7, 50],
            [8, 50],
            [7, 50],
          ],
        ],
      },
      'geometry.coordinates.0: too_small',
    ],
    [{ type: 'MultiPoint', coordinates: [] }, 'geometry.coordinates: too_small'],
    [{ type: 'Point', coordinates: [7, 50], bbox: [0, 0, 1, 1] }, 'geometry: unrecognized_keys'],
  ])('refuses %j', (geometry, problem) => {
    expect(problems(withField({ geometry }))).toEqual([problem]);
  });

  it(`caps the positions at ${recordLimits.geometryPositionsMax}, summed over all parts`, () => {
    const line = (n: number) => Array.from({ length: n }, (_, i) => [(i % 360) - 180, 0]);
    const max = recordLimits.geometryPositionsMax;
    expect(Geometry.safeParse({ type: 'LineString', coordinates: line(max) }).success).toBe(true);
    expect(
      problems(withField({ geometry: { type: 'LineString', coordinates: line(max + 1) } })),
    ).toEqual(['geometry: geometrySize']);
    const half = line(max / 2 + 1);
    expect(
      problems(withField({ geometry: { type: 'MultiLineString', coordinates: [half, half] } })),
    ).toEqual(['geometry: geometrySize']);
  });
});

describe('Metadata: time', () => {
  it('accepts start ≤ end and open ends', () => {
    for (const temporalExtent of [
      { start: '2020-01-01', end: '2020-01-01' },
      { start: '2020-01-01' },
      { end: '2020-01-01' },
    ]) {
      accepts(withField({ temporalExtent }));
    }
  });

  it('refuses a start after the end, naming the end', () => {
    expect(
      problems(withField({ temporalExtent: { start: '2021-01-02', end: '2021-01-01' } })),
    ).toEqual(['temporalExtent.end: startEnd']);
  });

  it('accepts calendar dates only, leap days where they exist', () => {
    accepts(withField({ dates: { creation: '2024-02-29', revision: '2000-02-29' } }));
    for (const date of [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-1-5',
      '05.03.2024',
      '2024-03-05T10:00:00Z',
      '',
    ]) {
      expect(problems(withField({ dates: { creation: date } }))).toEqual([
        'dates.creation: invalid_format',
      ]);
    }
    expect(problems(withField({ temporalExtent: { start: '2024-00-10' } }))).toEqual([
      'temporalExtent.start: invalid_format',
    ]);
    expect(problems(withField({ dates: { expiry: '2024-01-01' } }))).toEqual([
      'dates: unrecognized_keys',
    ]);
  });
});

describe('Metadata: contacts', () => {
  const contact = (c: Record<string, unknown>) =>
    withField({ contacts: [{ role: 'owner', ...c }] });

  it('needs an organisation or a person', () => {
    accepts(contact({ organisation: 'Landesamt' }));
    accepts(contact({ person: 'Erika Muster' }));
    expect(problems(contact({ email: 'a@b.example' }))).toEqual([
      'contacts.0.organisation: contactName',
    ]);
    // A blank name is both too short and no name at all.
    expect(problems(contact({ organisation: '  ' }))).toEqual([
      'contacts.0.organisation: too_small',
      'contacts.0.organisation: contactName',
    ]);
  });

  it('checks the e-mail address', () => {
    accepts(contact({ person: 'P', email: 'poststelle+geo@lbeg.example' }));
    for (const email of ['poststelle', 'a@b', 'a b@c.example', 'a@@c.example']) {
      expect(problems(contact({ person: 'P', email }))).toEqual([
        'contacts.0.email: invalid_format',
      ]);
    }
  });

  it('checks the phone number', () => {
    for (const phone of ['+49 511 643-0', '0511/643-0', '(0511) 643 0', '+49.511.6430']) {
      accepts(contact({ person: 'P', phone }));
    }
    for (const phone of ['12', 'call me', '+49 511 ext. 3', '++49 511']) {
      expect(problems(contact({ person: 'P', phone }))).toEqual([
        'contacts.0.phone: invalid_format',
      ]);
    }
  });

  it('needs a role code', () => {
    expect(problems(withField({ contacts: [{ person: 'P' }] }))).toEqual([
      'contacts.0.role: invalid_type',
    ]);
  });
});

describe('Metadata: online resources', () => {
  const resource = (url: string) => withField({ onlineResources: [{ url, protocol: 'download' }] });

  it.each([
    'https://www.bgr.bund.de/daten.zip',
    'http://maps.example:8080/wms?SERVICE=WMS&REQUEST=GetCapabilities',
    'ftp://ftp.dwd.example/climate/',
  ])('accepts %s', (url) => {
    accepts(resource(url));
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'mailto:info@example.org',
    'vbscript:msgbox',
    '//maps.example/wms',
    'maps.example/wms',
    'https://',
    '',
  ])('refuses %j', (url) => {
    // A wrong scheme may fail both the protocol and the host check: one kind of problem.
    expect(new Set(problems(resource(url)))).toEqual(
      new Set(['onlineResources.0.url: invalid_format']),
    );
  });

  it('needs a protocol code and tells map services apart', () => {
    expect(problems(withField({ onlineResources: [{ url: 'https://a.example' }] }))).toEqual([
      'onlineResources.0.protocol: invalid_type',
    ]);
    expect(isMapService({ protocol: 'wms' })).toBe(true);
    expect(isMapService({ protocol: 'wmts' })).toBe(true);
    expect(isMapService({ protocol: 'wfs' })).toBe(false);
  });
});

describe('Metadata: reference system and resolution', () => {
  it.each(['EPSG:4326', 'EPSG:25832', 'EPSG:25833', 'EPSG:4258', 'EPSG:900913'])(
    'accepts %s',
    (referenceSystem) => {
      accepts(withField({ referenceSystem }));
    },
  );

  it.each([
    '4326',
    'epsg:4326',
    'EPSG 4326',
    'EPSG:43',
    'EPSG:1234567',
    'urn:ogc:def:crs:EPSG::4326',
    'EPSG:4326 ',
  ])('refuses %j', (referenceSystem) => {
    expect(problems(withField({ referenceSystem }))).toEqual(['referenceSystem: invalid_format']);
  });

  it('accepts a scale or a distance with a unit', () => {
    accepts(withField({ resolution: { kind: 'scale', denominator: 25_000 } }));
    for (const unit of ['m', 'km', 'deg']) {
      accepts(withField({ resolution: { kind: 'distance', value: 0.25, unit } }));
    }
  });

  it.each([
    [{ kind: 'scale', denominator: 0 }, 'resolution.denominator: too_small'],
    [{ kind: 'scale', denominator: 2.5 }, 'resolution.denominator: invalid_type'],
    [{ kind: 'scale', denominator: 1e10 }, 'resolution.denominator: too_big'],
    [{ kind: 'distance', value: 0, unit: 'm' }, 'resolution.value: too_small'],
    [{ kind: 'distance', value: 10, unit: 'ft' }, 'resolution.unit: invalid_value'],
    [{ kind: 'distance', value: 10 }, 'resolution.unit: invalid_value'],
    [{ kind: 'pixels', value: 10 }, 'resolution.kind: invalid_union'],
    [{ kind: 'scale', denominator: 5000, unit: 'm' }, 'resolution: unrecognized_keys'],
  ])('refuses %j', (resolution, problem) => {
    expect(problems(withField({ resolution }))).toEqual([problem]);
  });
});

describe('Metadata: related records', () => {
  it('needs an object id and a known relation', () => {
    expect(problems(withField({ related: [{ id: 'short', relation: 'source' }] }))).toEqual([
      'related.0.id: invalid_format',
    ]);
    expect(
      problems(withField({ related: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'sibling' }] })),
    ).toEqual(['related.0.relation: invalid_value']);
  });
});

describe('missingRequired', () => {
  it('names every required field of an empty dataset, in the editor order', () => {
    expect(missingRequired({})).toEqual([...requiredFields]);
    expect(missingRequired({}, 'series')).toEqual([...requiredFields]);
  });

  it('does not ask a service for topic category, extent and lineage', () => {
    expect(missingRequired({}, 'service')).toEqual([
      'title',
      'abstract',
      'keywords',
      'dates',
      'contacts',
      'licence',
    ]);
    const { topicCategories, extent, lineage, ...service } = valid;
    expect(missingRequired(service, 'service')).toEqual([]);
    expect(missingRequired(service, 'dataset')).toEqual(['topicCategories', 'extent', 'lineage']);
  });

  it('counts classified keywords as keywords and any reference date as dates', () => {
    expect(missingRequired({ ...valid, keywords: undefined })).toEqual([]);
    expect(missingRequired({ ...valid, keywords: [], classifiedKeywords: [] })).toEqual([
      'keywords',
    ]);
    expect(missingRequired({ ...valid, dates: { revision: '2020-01-01' } })).toEqual([]);
    expect(missingRequired({ ...valid, dates: {} })).toEqual(['dates']);
  });

  it('needs a point of contact, not just any contact', () => {
    expect(
      missingRequired({ ...valid, contacts: [{ organisation: 'Amt', role: 'custodian' }] }),
    ).toEqual(['contacts']);
  });

  it('treats blank language maps as missing', () => {
    expect(missingRequired({ ...valid, abstract: { de: ' ', en: '' } })).toEqual(['abstract']);
    expect(missingRequired({ ...valid, title: {} })).toEqual(['title']);
  });
});

describe('pruneEmpty', () => {
  it('removes blank strings, empty lists and empty objects, recursively', () => {
    expect(
      pruneEmpty({
        title: { de: 'Titel', en: '   ' },
        abstract: { de: '', en: '' },
        keywords: ['', ' '],
        contacts: [{ organisation: '', person: '', role: '' }],
        extent: { west: 0, south: 0, east: 0, north: 0 },
        resolution: { kind: 'scale', denominator: 0 },
        flag: false,
        nothing: null,
      }),
    ).toEqual({
      title: { de: 'Titel' },
      extent: { west: 0, south: 0, east: 0, north: 0 },
      resolution: { kind: 'scale', denominator: 0 },
      flag: false,
      nothing: null,
    });
  });

  it('answers undefined for nothing at all, and leaves a complete record as it is', () => {
    expect(pruneEmpty({ a: [], b: {}, c: '' })).toBeUndefined();
    expect(pruneEmpty('  ')).toBeUndefined();
    expect(pruneEmpty(valid)).toEqual(valid);
  });

  it('turns what a form leaves behind into a valid draft', () => {
    const form = { ...valid, abstract: { de: '', en: '' }, keywords: [''], formats: [] };
    expect(problems(form)).not.toEqual([]);
    const pruned = pruneEmpty(form);
    accepts(pruned);
    expect(pruned).not.toHaveProperty('abstract');
    expect(pruned).not.toHaveProperty('keywords');
  });
});
