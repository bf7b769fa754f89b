import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crossesAntimeridian,
  Metadata,
  missingRequired,
  pruneEmpty,
  unstorableTexts,
} from '../record.js';
import { propertyRuns } from './property-runs.js';
import { type RecordCodes, recordArbitrary, textArbitrary } from './record-arbitrary.js';

/** A few codes per list; the server tests pass the seeded lists instead. */
const codes: RecordCodes = {
  topicCategory: [
    'geoscientificInformation',
    'inlandWaters',
    'environment',
    'climatologyMeteorologyAtmosphere',
  ],
  inspireTheme: ['ge', 'so', 'er', 'hy', 'ps'],
  license: ['dl-de-by-2.0', 'dl-de-zero-2.0', 'cc-by-4.0'],
  contactRole: ['pointOfContact', 'custodian', 'owner', 'publisher'],
  protocol: ['wms', 'wmts', 'download', 'website'],
};

describe('recordArbitrary', () => {
  it('generates records that Metadata parses to themselves, already pruned', () => {
    fc.assert(
      fc.property(recordArbitrary(codes), (record) => {
        // Strict equality: no key the schema would drop, add or change (trim, defaults).
        expect(Metadata.parse(record)).toStrictEqual(record);
        expect(pruneEmpty(record)).toStrictEqual(record);
        // What the API stores is JSON: the record must survive it unchanged too.
        expect(JSON.parse(JSON.stringify(record))).toStrictEqual(record);
      }),
      propertyRuns(300),
    );
  });

  it('cuts short texts without splitting an emoji into a lone surrogate', () => {
    // Found by the API round trip: a 50-character format version cut an emoji in half.
    fc.assert(
      fc.property(textArbitrary(50), (text) => {
        expect(text.length).toBeLessThanOrEqual(50);
        expect(unstorableTexts(text)).toEqual([]);
      }),
      propertyRuns(3000),
    );
  });

  it('generates complete records on request', () => {
    fc.assert(
      fc.property(recordArbitrary(codes, { complete: true }), (record) => {
        expect(Metadata.parse(record)).toStrictEqual(record);
        expect(missingRequired(record, 'dataset')).toEqual([]);
      }),
      propertyRuns(100),
    );
  });

  it('uses only the codes it was given', () => {
    fc.assert(
      fc.property(recordArbitrary(codes), (record) => {
        for (const code of record.topicCategories ?? [])
          expect(codes.topicCategory).toContain(code);
        for (const k of record.classifiedKeywords ?? [])
          expect(codes.inspireTheme).toContain(k.code);
        for (const c of record.contacts ?? []) expect(codes.contactRole).toContain(c.role);
        for (const r of record.onlineResources ?? []) expect(codes.protocol).toContain(r.protocol);
        if (record.licence) expect(codes.license).toContain(record.licence);
      }),
      propertyRuns(100),
    );
  });

  it('covers the hard cases: antimeridian boxes, umlauts, quotes, markup, emoji, absent fields', () => {
    const sample = fc.sample(recordArbitrary(codes), { numRuns: 500, seed: 42 });
    const texts = sample.flatMap((r) => [r.title.de, r.title.en, ...(r.keywords ?? [])]).join('\n');
    expect(sample.some((r) => r.extent && crossesAntimeridian(r.extent))).toBe(true);
    expect(sample.some((r) => r.extent && !crossesAntimeridian(r.extent))).toBe(true);
    expect(sample.some((r) => r.abstract === undefined)).toBe(true);
    expect(sample.some((r) => r.title.de !== undefined && r.title.en === undefined)).toBe(true);
    expect(sample.some((r) => r.title.en !== undefined && r.title.de === undefined)).toBe(true);
    for (const pattern of [/[äöüß]/, /["'„“]/, /[<&>]/, /\p{Extended_Pictographic}/u]) {
      expect(texts).toMatch(pattern);
    }
    expect(new Set(sample.map((r) => r.geometry?.type)).size).toBe(7);
  });

  it('refuses to build complete records without the point-of-contact role', () => {
    expect(() => recordArbitrary({ ...codes, contactRole: ['owner'] }, { complete: true })).toThrow(
      /pointOfContact/,
    );
  });
});
