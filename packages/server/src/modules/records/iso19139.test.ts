import type { Metadata } from '@geoportal/contract/record';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import { recordArbitrary } from '@geoportal/contract/testing/record-arbitrary';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { seededCodes, seededVocabularies } from '../../test/test-vocabularies.js';
import { carriedByIso19139 } from './iso19139-carried.js';
import { readIso19139 } from './iso19139-reader.js';
import { decimal, type ExportedObject, writeIso19139 } from './iso19139-writer.js';

const full: Metadata = {
  title: { de: 'Hydrogeologische Übersichtskarte 1:200 000', en: 'Hydrogeological map 1:200,000' },
  abstract: {
    de: 'Grundwasserleiter und Deckschichten.\n\nZweiter Absatz.',
    en: 'Aquifers and cover layers.',
  },
  identifier: 'https://registry.gdi-de.org/id/de.nw/hk200',
  topicCategories: ['geoscientificInformation', 'inlandWaters'],
  keywords: ['Grundwasser', 'Hydrogeologie'],
  classifiedKeywords: [
    { classification: 'inspireTheme', code: 'ge' },
    { classification: 'inspireTheme', code: 'lc' },
  ],
  extent: { west: 5.87, south: 50.32, east: 9.46, north: 52.53 },
  temporalExtent: { start: '2001-01-01' },
  dates: { creation: '2024-03-01', publication: '2024-06-15', revision: '2025-01-31' },
  contacts: [
    {
      organisation: 'Geologischer Dienst NRW',
      email: 'poststelle@gd.nrw.de',
      phone: '+49 2151 897-0',
      role: 'pointOfContact',
    },
    { person: 'Erika Mustermann', role: 'custodian' },
  ],
  licence: 'dl-de-by-2.0',
  useConstraints: { de: 'Quellenvermerk: © GD NRW' },
  accessConstraints: {
    de: 'Es gelten keine Zugriffsbeschränkungen.',
    en: 'No limitations on public access.',
  },
  referenceSystem: 'EPSG:25832',
  resolution: { kind: 'scale', denominator: 200000 },
  formats: [{ name: 'GeoPackage', version: '1.3' }, { name: 'Shapefile' }],
  onlineResources: [
    {
      url: 'https://www.wms.nrw.de/gd/hk200?SERVICE=WMS&REQUEST=GetCapabilities',
      protocol: 'wms',
      name: 'HK200 WMS',
      layer: 'HK200',
      description: 'Darstellungsdienst',
    },
    { url: 'https://www.opengeodata.nrw.de/hk200.zip', protocol: 'download', name: 'Download' },
  ],
  lineage: { de: 'Digitalisiert aus der analogen Karte.', en: 'Digitised from the printed map.' },
  related: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', relation: 'crossReference' }],
};

const object = (metadata: Metadata, type = 'dataset'): ExportedObject => ({
  id: 'Bq3zk0Yx8ZcEw2X1t9QmAA',
  type,
  modified: '2026-01-15T10:00:00.000Z',
  metadata,
});

const roundTrip = (metadata: Metadata, type = 'dataset') =>
  readIso19139(writeIso19139(object(metadata, type), seededVocabularies), seededVocabularies);

/** The local names of an element's children, in document order. */
function childOrder(xml: string, path: string[]): string[] {
  const ordered = new XMLParser({
    preserveOrder: true,
    removeNSPrefix: true,
    ignoreAttributes: true,
  }).parse(xml) as Record<string, unknown>[];
  let level = ordered;
  for (const name of path) {
    const found = level.find((item) => name in item);
    level = (found?.[name] ?? []) as Record<string, unknown>[];
  }
  return level.flatMap((item) => Object.keys(item).filter((k) => k !== '#text' && k !== ':@'));
}

/** Each name of `actual` appears in `schema` and no later name comes before an earlier one. */
function expectSchemaOrder(actual: string[], schema: string[]) {
  const positions = actual.map((name) => schema.indexOf(name));
  expect(positions).not.toContain(-1);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

const mdMetadataOrder = [
  'fileIdentifier',
  'language',
  'characterSet',
  'parentIdentifier',
  'hierarchyLevel',
  'hierarchyLevelName',
  'contact',
  'dateStamp',
  'metadataStandardName',
  'metadataStandardVersion',
  'dataSetURI',
  'locale',
  'spatialRepresentationInfo',
  'referenceSystemInfo',
  'metadataExtensionInfo',
  'identificationInfo',
  'contentInfo',
  'distributionInfo',
  'dataQualityInfo',
  'portrayalCatalogueInfo',
  'metadataConstraints',
  'applicationSchemaInfo',
  'metadataMaintenance',
];
const identificationOrder = [
  'citation',
  'abstract',
  'purpose',
  'credit',
  'status',
  'pointOfContact',
  'resourceMaintenance',
  'graphicOverview',
  'resourceFormat',
  'descriptiveKeywords',
  'resourceSpecificUsage',
  'resourceConstraints',
  'aggregationInfo',
];
const dataIdentificationOrder = [
  ...identificationOrder,
  'spatialRepresentationType',
  'spatialResolution',
  'language',
  'characterSet',
  'topicCategory',
  'environmentDescription',
  'extent',
  'supplementalInformation',
];
const serviceIdentificationOrder = [
  ...identificationOrder,
  'serviceType',
  'serviceTypeVersion',
  'accessProperties',
  'restrictions',
  'keywords',
  'extent',
  'coupledResource',
  'couplingType',
  'containsOperations',
  'operatesOn',
];

describe('ISO 19139 writer', () => {
  it('writes a well-formed MD_Metadata whose elements follow the schema order', () => {
    const xml = writeIso19139(object(full), seededVocabularies);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const top = childOrder(xml, ['MD_Metadata']);
    expect(top).toEqual(
      expect.arrayContaining([
        'fileIdentifier',
        'contact',
        'dateStamp',
        'identificationInfo',
        'distributionInfo',
        'dataQualityInfo',
      ]),
    );
    expectSchemaOrder(top, mdMetadataOrder);
    expectSchemaOrder(
      childOrder(xml, ['MD_Metadata', 'identificationInfo', 'MD_DataIdentification']),
      dataIdentificationOrder,
    );
    expectSchemaOrder(
      childOrder(xml, [
        'MD_Metadata',
        'identificationInfo',
        'MD_DataIdentification',
        'citation',
        'CI_Citation',
      ]),
      ['title', 'alternateTitle', 'date', 'edition', 'editionDate', 'identifier'],
    );
  });

  it('writes what INSPIRE readers look for: code lists, thesaurus, licence anchor, layer names', () => {
    const xml = writeIso19139(object(full), seededVocabularies);
    expect(xml).toContain(
      '<gmd:fileIdentifier>\n    <gco:CharacterString>Bq3zk0Yx8ZcEw2X1t9QmAA</gco:CharacterString>',
    );
    expect(xml).toMatch(
      /<gmd:MD_ScopeCode codeList="[^"]+#MD_ScopeCode" codeListValue="dataset">dataset</,
    );
    expect(xml).toContain(
      '<gmx:Anchor xlink:href="http://www.eionet.europa.eu/gemet/inspire_themes">GEMET - INSPIRE themes, version 1.0</gmx:Anchor>',
    );
    expect(xml).toContain(
      '<gmx:Anchor xlink:href="https://inspire.ec.europa.eu/theme/ge">Geologie</gmx:Anchor>',
    );
    expect(xml).toContain(
      '<gmx:Anchor xlink:href="https://www.govdata.de/dl-de/by-2-0">Datenlizenz Deutschland – Namensnennung – Version 2.0</gmx:Anchor>',
    );
    expect(xml).toContain(
      '<gmx:Anchor xlink:href="http://www.opengis.net/def/crs/EPSG/0/25832">EPSG:25832</gmx:Anchor>',
    );
    expect(xml).toContain('<gmd:name xlink:title="HK200 WMS">');
    expect(xml).toContain('<gco:CharacterString>OGC:WMS</gco:CharacterString>');
    expect(xml).toContain(
      '<gmd:LocalisedCharacterString locale="#EN">Hydrogeological map 1:200,000</gmd:LocalisedCharacterString>',
    );
    expect(xml).toContain('<gml:endPosition indeterminatePosition="unknown"/>');
    expect(xml).toContain('SERVICE=WMS&amp;REQUEST=GetCapabilities');
  });

  it('writes services as srv:SV_ServiceIdentification in schema order', () => {
    const xml = writeIso19139(object(full, 'service'), seededVocabularies);
    expect(XMLValidator.validate(xml)).toBe(true);
    const order = childOrder(xml, [
      'MD_Metadata',
      'identificationInfo',
      'SV_ServiceIdentification',
    ]);
    expect(order).toEqual(
      expect.arrayContaining(['serviceType', 'couplingType', 'containsOperations', 'extent']),
    );
    expectSchemaOrder(order, serviceIdentificationOrder);
    expect(xml).toContain('<gco:LocalName>view</gco:LocalName>');
  });

  it('escapes hostile texts and drops characters XML cannot carry', () => {
    const hostile = `<script>alert("x")</script> & ]]> --> <!-- 'quoted' "double" 😀👩‍🔬 \u0001\u0008\r\nZeile`;
    const metadata: Metadata = {
      ...full,
      title: { de: hostile, en: '&amp; &#60; &lt;' },
      keywords: ['true', '<&>', '"'],
      onlineResources: [
        {
          url: 'https://example.org/a?b=1&c="2"',
          protocol: 'wms',
          name: 'true',
          layer: 'a\'b"c<d>\ne',
        },
      ],
    };
    const xml = writeIso19139(object(metadata), seededVocabularies);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('<script>');
    expect(xml.includes('\u0001') || xml.includes('\u0008')).toBe(false);
    const back = roundTrip(metadata);
    expect(back.metadata.title).toEqual({
      de: hostile.replace('\u0001', '').replace('\u0008', ''),
      en: '&amp; &#60; &lt;',
    });
    expect(back.metadata).toEqual(carriedByIso19139('dataset', metadata));
  });

  it('writes numbers as xs:decimal without exponents, keeping every digit', () => {
    for (const value of [0, -0, 1e-7, -1.2345678901234566e-7, 5e-324, 179.99999999999997, 1e21]) {
      expect(decimal(value)).not.toMatch(/e/i);
      expect(Object.is(Number(decimal(value)), value)).toBe(true);
    }
  });
});

describe('ISO 19139 round trip', () => {
  it('reads back a full hand-made record of every resource type', () => {
    for (const type of ['dataset', 'series', 'service', 'application', 'non-geographic-dataset']) {
      const back = roundTrip(full, type);
      expect(back.type).toBe(type);
      expect(back.metadata).toEqual(carriedByIso19139(type, full));
    }
  });

  it('reads back a minimal draft and texts only in the second language', () => {
    const minimal: Metadata = { title: { en: 'Only English' } };
    expect(roundTrip(minimal).metadata).toEqual(minimal);
    const mixed: Metadata = {
      title: { de: 'Titel' },
      abstract: { en: 'Only English' },
      lineage: { en: 'x' },
    };
    expect(roundTrip(mixed).metadata).toEqual(mixed);
  });

  it('reads back generated records unchanged for the fields the format carries', () => {
    fc.assert(
      fc.property(
        recordArbitrary(seededCodes),
        fc.constantFrom('dataset', 'series', 'service', 'application'),
        (metadata, type) => {
          const xml = writeIso19139(object(metadata, type), seededVocabularies);
          expect(XMLValidator.validate(xml)).toBe(true);
          const back = readIso19139(xml, seededVocabularies);
          expect(back.type).toBe(type);
          expect(back.metadata).toEqual(carriedByIso19139(type, metadata));
        },
      ),
      propertyRuns(150),
    );
  });
});
