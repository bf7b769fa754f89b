import type { ObjectNormal } from '@geoportal/contract/object';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecordJsonLd } from '../components/record-json-ld';
import { classifications, fullRecord } from '../testing/record-fixtures';
import { type DatasetSource, datasetJsonLd, serializeJsonLd } from './dataset-json-ld';
import { localized } from './localized-text';
import { recordLabels } from './record-labels';

const { bundles: _b, permissions: _p, history: _h, ...full } = fullRecord;
const url = 'https://geo.example/metadata/record-0000000042';
const files = [
  {
    path: 'daten/bk50.gpkg',
    mediaType: 'application/geopackage+sqlite3',
    contentUrl: 'https://geo.example/api/v1/object/record-0000000042/daten/daten/bk50.gpkg',
  },
];
const source = (record: ObjectNormal, lang = 'de'): DatasetSource => ({
  record,
  url,
  lang,
  labels: recordLabels(classifications, lang),
  files,
});

describe('datasetJsonLd', () => {
  it('describes a published record with the fields Google Dataset Search reads', () => {
    expect(datasetJsonLd(source(full))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      '@id': url,
      url,
      name: 'Bodenkarte Sachsen 1:50.000',
      description: 'Die Bodenkarte zeigt die **Böden** Sachsens.',
      identifier: 'https://registry.example/bk50',
      inLanguage: 'de',
      // Free keywords, then the labels of classified ones, each once ("Boden" is both).
      keywords: ['Boden', 'Bodentyp', 'Geologie'],
      license: 'https://www.govdata.de/dl-de/by-2-0',
      isAccessibleForFree: true,
      // No originator or author: the point of contact stands in.
      creator: [
        { '@type': 'Organization', name: 'Landesamt für Umwelt', email: 'boden@lfu.example' },
      ],
      spatialCoverage: {
        '@type': 'Place',
        geo: { '@type': 'GeoShape', box: '50.17 11.87 51.68 15.04' },
      },
      temporalCoverage: '2020-01-01/2024-12-31',
      distribution: [
        {
          '@type': 'DataDownload',
          contentUrl: files[0]?.contentUrl,
          encodingFormat: 'application/geopackage+sqlite3',
          name: 'daten/bk50.gpkg',
        },
        // The download link; the WMS shows pictures, not the data.
        {
          '@type': 'DataDownload',
          contentUrl: 'https://geo.example/bk50.zip',
          encodingFormat: 'application/zip',
        },
      ],
      dateCreated: '2020-03-15',
      dateModified: full.modified,
    });
  });

  it('names creators and publishers by their roles, organisations and persons', () => {
    const record: ObjectNormal = {
      ...full,
      metadata: {
        ...full.metadata,
        contacts: [
          { person: 'Erika Muster', role: 'author' },
          { organisation: 'LfU', role: 'originator' },
          { organisation: 'LfU', person: 'Max', role: 'originator' },
          { organisation: 'GeoBasis', role: 'publisher', email: 'info@geobasis.example' },
          { organisation: 'Amt', role: 'pointOfContact' },
        ],
      },
    };
    expect(datasetJsonLd(source(record))).toMatchObject({
      creator: [
        { '@type': 'Person', name: 'Erika Muster' },
        { '@type': 'Organization', name: 'LfU' },
      ],
      publisher: { '@type': 'Organization', name: 'GeoBasis', email: 'info@geobasis.example' },
    });
  });

  it('writes open time spans, data services and licences without an address', () => {
    const record: ObjectNormal = {
      ...full,
      metadata: {
        ...full.metadata,
        temporalExtent: { start: '2021-05-01' },
        licence: 'unbekannt',
        formats: [{ name: 'GeoTIFF' }],
        onlineResources: [
          { url: 'https://geo.example/wfs', protocol: 'wfs' },
          { url: 'https://geo.example/ogc/collections/boden', protocol: 'ogc-api-features' },
          { url: 'https://geo.example/data/boden', protocol: 'download', name: 'Boden' },
          { url: 'https://geo.example/info', protocol: 'website' },
        ],
      },
    };
    const value = datasetJsonLd({ ...source(record), files: [] });
    expect(value).toMatchObject({
      temporalCoverage: '2021-05-01/..',
      license: { '@type': 'CreativeWork', name: 'unbekannt' },
      distribution: [
        { contentUrl: 'https://geo.example/wfs', encodingFormat: 'application/gml+xml' },
        {
          contentUrl: 'https://geo.example/ogc/collections/boden',
          encodingFormat: 'application/geo+json',
        },
        // No file ending: the record's formats say what it is.
        { contentUrl: 'https://geo.example/data/boden', encodingFormat: 'GeoTIFF', name: 'Boden' },
      ],
    });
    expect(value).not.toHaveProperty('isAccessibleForFree');
  });

  it('takes the page language and falls back to the other one', () => {
    const record: ObjectNormal = {
      ...full,
      metadata: { ...full.metadata, title: { de: 'Bodenkarte', en: 'Soil map' } },
    };
    const english = datasetJsonLd(source(record, 'en'));
    expect(english).toMatchObject({ name: 'Soil map', inLanguage: 'en' });
    expect(english?.keywords).toEqual(['Boden', 'Bodentyp', 'Soil', 'Geology']);
    // The abstract exists in German only.
    expect(english?.description).toBe('Die Bodenkarte zeigt die **Böden** Sachsens.');
  });

  it('leaves out what the record lacks, and names it by its id', () => {
    const bare = { ...full, metadata: { title: { en: 'Only English' } } };
    const value = datasetJsonLd({ ...source(bare), files: [] });
    expect(value).toMatchObject({ name: 'Only English', inLanguage: 'en', identifier: full.id });
    for (const field of [
      'description',
      'keywords',
      'license',
      'creator',
      'publisher',
      'spatialCoverage',
      'temporalCoverage',
      'distribution',
      'dateCreated',
    ]) {
      expect(value).not.toHaveProperty(field);
    }
  });

  it('describes nothing that is not published', () => {
    for (const state of ['draft', 'submitted', 'withdrawn'] as const) {
      expect(datasetJsonLd(source({ ...full, state }))).toBeNull();
    }
  });
});

describe('serializeJsonLd', () => {
  it('cannot end the script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & \u2028' };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('RecordJsonLd rendered on the server', () => {
  it('is one data block whose JSON is the description, whatever the title holds', () => {
    const hostile = '</script><script>alert(1)</script><!-- «Karte» \u2029 & "Plan"';
    const record: ObjectNormal = {
      ...full,
      metadata: { ...full.metadata, title: { de: hostile }, keywords: ['</SCRIPT >'] },
    };
    const value = datasetJsonLd(source(record));
    if (!value) throw new Error('no description');
    const html = renderToString(<RecordJsonLd value={value} nonce="n0nce" />);
    // Exactly one element, closed once, at the very end.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    const block = /^<script type="application\/ld\+json" nonce="n0nce">([\s\S]*)<\/script>$/.exec(
      html,
    );
    expect(block).not.toBeNull();
    const parsed = JSON.parse(block?.[1] ?? '');
    expect(parsed).toEqual(value);
    expect(parsed.name).toBe(hostile);
    expect(parsed.keywords).toContain('</SCRIPT >');
  });
});

describe('localized', () => {
  it('answers the page language, else the other, with the language used', () => {
    expect(localized({ de: 'A', en: 'B' }, 'en')).toEqual({ text: 'B', lang: 'en' });
    expect(localized({ de: 'A', en: '  ' }, 'en')).toEqual({ text: 'A', lang: 'de' });
    expect(localized({}, 'de')).toBeUndefined();
    expect(localized(undefined, 'de')).toBeUndefined();
  });
});
