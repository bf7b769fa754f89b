import type { ObjectNormal } from '@geoportal/contract/object';
import { describe, expect, it } from 'vitest';
import { datasetJsonLd, serializeJsonLd } from './dataset-json-ld';
import { localized } from './localized-text';

const published: ObjectNormal = {
  id: 'record-0000000001',
  type: 'dataset',
  state: 'published',
  title: { de: 'Bodenrichtwerte', en: 'Land values' },
  version: 3,
  owner: 'submitter',
  created: '2026-11-20T09:00:00.000Z',
  modified: '2026-11-21T09:30:00.000Z',
  metadata: {
    title: { de: 'Bodenrichtwerte', en: 'Land values' },
    abstract: { de: 'Werte je Zone.' },
    keywords: ['Boden'],
    extent: { west: 5.87, south: 47.27, east: 15.04, north: 55.06 },
  },
};
const url = 'https://geo.example/metadata/record-0000000001';

describe('datasetJsonLd', () => {
  it('describes a published record as a schema.org Dataset', () => {
    expect(datasetJsonLd(published, url, 'de')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Dataset',
      '@id': url,
      url,
      name: 'Bodenrichtwerte',
      description: 'Werte je Zone.',
      inLanguage: 'de',
      keywords: ['Boden'],
      dateModified: '2026-11-21T09:30:00.000Z',
      spatialCoverage: {
        '@type': 'Place',
        geo: { '@type': 'GeoShape', box: '47.27 5.87 55.06 15.04' },
      },
    });
  });

  it('takes the page language and falls back to the other one', () => {
    const english = datasetJsonLd(published, url, 'en');
    expect(english).toMatchObject({ name: 'Land values', inLanguage: 'en' });
    // The abstract exists in German only.
    expect(english?.description).toBe('Werte je Zone.');
  });

  it('leaves out what the record lacks', () => {
    const bare = { ...published, metadata: { title: { en: 'Only English' } } };
    const value = datasetJsonLd(bare, url, 'de');
    expect(value).toMatchObject({ name: 'Only English', inLanguage: 'en' });
    expect(value).not.toHaveProperty('description');
    expect(value).not.toHaveProperty('keywords');
    expect(value).not.toHaveProperty('spatialCoverage');
  });

  it('describes nothing that is not published', () => {
    for (const state of ['draft', 'submitted', 'withdrawn'] as const) {
      expect(datasetJsonLd({ ...published, state }, url, 'de')).toBeNull();
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

describe('localized', () => {
  it('answers the page language, else the other, with the language used', () => {
    expect(localized({ de: 'A', en: 'B' }, 'en')).toEqual({ text: 'B', lang: 'en' });
    expect(localized({ de: 'A', en: '  ' }, 'en')).toEqual({ text: 'A', lang: 'de' });
    expect(localized({}, 'de')).toBeUndefined();
    expect(localized(undefined, 'de')).toBeUndefined();
  });
});
