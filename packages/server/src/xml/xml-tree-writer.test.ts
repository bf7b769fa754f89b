import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import { recordArbitrary } from '@geoportal/contract/testing/record-arbitrary';
import fc from 'fast-check';
import { XMLBuilder, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { demoRecords } from '../db/seed/demo-records.js';
import { iso19139Tree, writeIso19139 } from '../modules/records/iso19139-writer.js';
import { seededCodes, seededVocabularies } from '../test/test-vocabularies.js';
import { writeXmlTree, type XmlTree, xmlText } from './xml-tree-writer.js';

/**
 * The tree writer writes what fast-xml-parser's XMLBuilder wrote before it, byte for byte:
 * the builder, configured as the ISO 19139 writer configured it, is the reference here.
 */

const escapeText = (value: string) =>
  xmlText(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
const reference = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => (typeof value === 'string' ? escapeText(value) : value),
  attributeValueProcessor: (_name, value) =>
    typeof value === 'string'
      ? escapeText(value).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;')
      : value,
});
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, compact(v)]),
    );
  }
  return value;
}
const referenceXml = (tree: XmlTree) => reference.build(compact(tree)) as string;

const types = ['dataset', 'series', 'service', 'application'] as const;

describe('writeXmlTree', () => {
  it('writes every demo record as the builder did', () => {
    for (const [index, record] of demoRecords.entries()) {
      const tree = iso19139Tree(
        {
          id: `DemoRecord${String(index).padStart(12, '0')}`,
          type: record.type,
          modified: '2026-01-15T10:00:00.000Z',
          metadata: record.metadata,
        },
        seededVocabularies,
      );
      expect(writeXmlTree(tree), `record ${index}`).toBe(referenceXml(tree));
    }
  });

  it('writes generated records as the builder did, as well-formed documents', () => {
    fc.assert(
      fc.property(recordArbitrary(seededCodes), fc.constantFrom(...types), (metadata, type) => {
        const object = {
          id: 'AAAAAAAAAAAAAAAAAAAAAA',
          type,
          modified: '2026-01-15T10:00:00Z',
          metadata,
        };
        const tree = iso19139Tree(object, seededVocabularies);
        expect(writeXmlTree(tree)).toBe(referenceXml(tree));
        const xml = writeIso19139(object, seededVocabularies);
        expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<gmd:MD_Metadata ')).toBe(
          true,
        );
        expect(XMLValidator.validate(xml)).toBe(true);
      }),
      propertyRuns(100),
    );
  });

  it('escapes and drops characters as the builder did, in text and attributes', () => {
    // Any UTF-16 (lone surrogates and control characters included), quotes, markup, CR/LF/tab.
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({
        unit: fc.constantFrom(
          'a',
          '&',
          '<',
          '>',
          '"',
          "'",
          '\r',
          '\n',
          '\t',
          '\u0001',
          '\ud800',
          '\uffff',
        ),
      }),
    );
    const name = fc.constantFrom('gmd:a', 'gmd:b', 'gco:CharacterString');
    const attribute = fc.constantFrom('@id', '@xlink:href', '@codeList');
    const tree = fc.letrec<{ node: XmlTree }>((tie) => ({
      node: fc.dictionary(
        fc.oneof(name, attribute, fc.constant('#text')),
        fc.oneof(
          { depthSize: 'small' },
          text,
          fc.integer(),
          fc.constant(undefined),
          tie('node'),
          fc.array(fc.oneof(tie('node'), text, fc.constant(undefined)), { maxLength: 3 }),
        ),
        { maxKeys: 5 },
      ),
    })).node;
    fc.assert(
      fc.property(tree, (node) => {
        // Attributes and text hold plain values, as in the writer's trees.
        const clean = (value: unknown): unknown => {
          if (Array.isArray(value)) return value.map(clean);
          if (value === null || typeof value !== 'object') return value;
          return Object.fromEntries(
            Object.entries(value)
              .filter(([k, v]) => !(k.startsWith('@') || k === '#text') || typeof v !== 'object')
              .map(([k, v]) => [k, clean(v)]),
          );
        };
        const root = { 'gmd:MD_Metadata': clean(node) } as XmlTree;
        expect(writeXmlTree(root)).toBe(referenceXml(root));
      }),
      propertyRuns(300),
    );
  });

  it('renames attribute values on the way when asked', () => {
    const tree = { 'gmd:PT_Locale': { '@id': 'EN', 'gmd:x': { '@locale': '#EN', '#text': 't' } } };
    expect(writeXmlTree(tree, { attribute: (key, value) => `${value}-${key}` })).toBe(
      '<gmd:PT_Locale id="EN-@id">\n  <gmd:x locale="#EN-@locale">t</gmd:x>\n</gmd:PT_Locale>\n',
    );
  });
});
