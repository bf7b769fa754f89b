import de from '@geoportal/contract/i18n/de.json' with { type: 'json' };
import en from '@geoportal/contract/i18n/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClassificationInput } from './classification.js';
import { Metadata } from './record.js';
import { issueText } from './validation.js';

const catalogues: Record<string, Record<string, string>> = { de, en };

/** The texts of every issue of a failed parse. */
function textsOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues.map(issueText);
}

const firstText = (schema: z.ZodType, value: unknown) => textsOf(schema, value)[0];

describe('issueText', () => {
  const valid = { title: { de: 'Titel' } };
  const cases: [string, z.ZodType, unknown, string, Record<string, number>][] = [
    ['missing field', Metadata, {}, 'validation.required', {}],
    ['wrong type', Metadata, { title: { de: 1 } }, 'validation.invalid', {}],
    [
      'open ring',
      Metadata,
      {
        ...valid,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        },
      },
      'validation.rule.ringClosed',
      {},
    ],
    [
      'NUL character',
      Metadata,
      { title: { de: `Ti${String.fromCharCode(0)}tel` } },
      'validation.rule.unstorableText',
      {},
    ],
    [
      'long string',
      Metadata,
      { title: { de: 'x'.repeat(501) } },
      'validation.too_big.string',
      { limit: 500 },
    ],
    [
      'blank string',
      Metadata,
      { ...valid, keywords: [' '] },
      'validation.too_small.string',
      { limit: 1 },
    ],
    [
      'long list',
      Metadata,
      { ...valid, topicCategories: Array.from({ length: 20 }, (_, i) => `c${i}`) },
      'validation.too_big.array',
      { limit: 19 },
    ],
    [
      'short list',
      Metadata,
      { ...valid, geometry: { type: 'LineString', coordinates: [[1, 1]] } },
      'validation.too_small.array',
      { limit: 2 },
    ],
    [
      'big number',
      Metadata,
      { ...valid, extent: { west: 0, south: 0, east: 181, north: 1 } },
      'validation.too_big.number',
      { limit: 180 },
    ],
    [
      'small number',
      Metadata,
      { ...valid, resolution: { kind: 'scale', denominator: 0 } },
      'validation.too_small.number',
      { limit: 1 },
    ],
    [
      'e-mail',
      Metadata,
      { ...valid, contacts: [{ person: 'P', email: 'x', role: 'owner' }] },
      'validation.format.email',
      {},
    ],
    [
      'url',
      Metadata,
      { ...valid, onlineResources: [{ url: 'javascript:alert(1)', protocol: 'wms' }] },
      'validation.format.url',
      {},
    ],
    [
      'date',
      Metadata,
      { ...valid, dates: { creation: '2023-02-29' } },
      'validation.format.date',
      {},
    ],
    ['pattern', Metadata, { ...valid, referenceSystem: '4326' }, 'validation.format.regex', {}],
    ['unknown key', Metadata, { ...valid, colour: 'red' }, 'validation.invalid', {}],
    [
      'unknown enum value',
      Metadata,
      { ...valid, related: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'x' }] },
      'validation.invalid',
      {},
    ],
    ['language map', Metadata, { title: {} }, 'validation.rule.languageText', {}],
    [
      'south of north',
      Metadata,
      { ...valid, extent: { west: 0, south: 2, east: 1, north: 1 } },
      'validation.rule.southNorth',
      {},
    ],
    [
      'start after end',
      Metadata,
      { ...valid, temporalExtent: { start: '2020-01-02', end: '2020-01-01' } },
      'validation.rule.startEnd',
      {},
    ],
    [
      'contact name',
      Metadata,
      { ...valid, contacts: [{ role: 'owner' }] },
      'validation.rule.contactName',
      {},
    ],
    ['duplicate', Metadata, { ...valid, keywords: ['a', 'a'] }, 'validation.rule.unique', {}],
    [
      'geometry size',
      Metadata,
      {
        ...valid,
        geometry: { type: 'MultiPoint', coordinates: Array.from({ length: 10_001 }, () => [0, 0]) },
      },
      'validation.rule.geometrySize',
      {},
    ],
    [
      'duplicate node id',
      ClassificationInput,
      { labels: { de: 'a', en: 'a' }, nodes: [node('x'), node('x')] },
      'validation.rule.uniqueId',
      {},
    ],
    [
      'deep tree',
      ClassificationInput,
      { labels: { de: 'a', en: 'a' }, nodes: [nest(9)] },
      'validation.rule.depth',
      {},
    ],
    [
      'many nodes',
      ClassificationInput,
      {
        labels: { de: 'a', en: 'a' },
        nodes: Array.from({ length: 5001 }, (_, i) => node(`n${i}`)),
      },
      'validation.rule.nodeCount',
      {},
    ],
  ];

  // A loop rather than it.each: the runner formats every it.each argument, and printing the
  // 10,000-position geometry and the 5001-node tree exhausts the heap.
  for (const [name, schema, value, key, values] of cases) {
    it(`${name} → ${key}`, () => {
      expect(firstText(schema, value)).toEqual({ key, values });
    });
  }

  for (const [lang, messages] of Object.entries(catalogues)) {
    it(`every key it produces exists in ${lang}.json`, () => {
      for (const [, schema, value] of cases) {
        for (const { key } of textsOf(schema, value)) expect(messages).toHaveProperty([key]);
      }
    });
  }

  it('has a text for every size origin and format it can name, in both languages', () => {
    const keys = [
      'validation.invalid',
      'validation.required',
      ...['string', 'array', 'number'].flatMap((o) => [
        `validation.too_big.${o}`,
        `validation.too_small.${o}`,
      ]),
      ...['email', 'url', 'date', 'regex'].map((f) => `validation.format.${f}`),
    ];
    for (const messages of Object.values(catalogues)) {
      for (const key of keys) expect(messages).toHaveProperty([key]);
    }
  });

  it('has a text for every custom rule the schemas report, and the limit placeholder where one is passed', () => {
    const rules = Object.keys(de).filter((key) => key.startsWith('validation.rule.'));
    expect(rules.length).toBeGreaterThanOrEqual(9);
    for (const key of rules) expect(en).toHaveProperty([key]);
    for (const messages of Object.values(catalogues)) {
      for (const kind of ['too_big', 'too_small'] as const) {
        for (const origin of ['array', 'number']) {
          expect(messages[`validation.${kind}.${origin}`]).toContain('{limit');
        }
      }
      expect(messages['validation.too_big.string']).toContain('{limit');
    }
  });

  it('maps a custom issue without a rule, other size origins and unknown formats to generic keys', () => {
    expect(
      issueText({ code: 'custom', path: [], message: 'x', input: 1 } as z.core.$ZodIssue),
    ).toEqual({ key: 'validation.invalid', values: {} });
    expect(firstText(z.date().max(new Date(0)), new Date(1))).toEqual({
      key: 'validation.too_big.number',
      values: { limit: 0 },
    });
    expect(firstText(z.string().startsWith('EPSG:'), 'x')).toEqual({
      key: 'validation.format.regex',
      values: {},
    });
    expect(firstText(z.string().uuid(), 'x')).toEqual({
      key: 'validation.format.regex',
      values: {},
    });
  });
});

function node(id: string) {
  return { id, labels: { de: id, en: id } };
}

function nest(depth: number): ReturnType<typeof node> & { children?: unknown[] } {
  return depth <= 1 ? node(`d${depth}`) : { ...node(`d${depth}`), children: [nest(depth - 1)] };
}
