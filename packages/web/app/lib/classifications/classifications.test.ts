import type { Classification } from '@geoportal/contract/classification';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/http-client';
import { fakeFetch, json } from '../testing/fake-fetch';
import { forgetClassifications, loadClassification } from './classification-api';
import { classificationOptions, filterOptions, labelOf } from './classification-options';

const themes: Classification = {
  id: 'inspireTheme',
  labels: { de: 'INSPIRE-Themen', en: 'INSPIRE themes' },
  modified: '2026-01-01T00:00:00.000Z',
  nodes: [
    {
      id: 'geo',
      labels: { de: 'Geowissenschaften', en: 'Geosciences' },
      children: [
        {
          id: 'ge',
          labels: { de: 'Geologie', en: 'Geology' },
          descriptions: { en: 'Rocks and sediments' },
        },
        { id: 'so', labels: { de: 'Boden', en: 'Soil' } },
      ],
    },
    { id: 'lu', labels: { de: 'Bodennutzung', en: 'Land use' } },
  ],
};

describe('loadClassification', () => {
  beforeEach(() => forgetClassifications());

  it('shares one request between callers asking at the same time, then answers from cache', async () => {
    const fake = fakeFetch(() => json(themes));
    const client = createHttpClient({
      apiBase: '/api/v1',
      getToken: () => null,
      fetch: fake.fetch,
    });
    const [a, b] = await Promise.all([
      loadClassification(client, 'inspireTheme'),
      loadClassification(client, 'inspireTheme'),
    ]);
    expect(a).toEqual(themes);
    expect(b).toEqual(themes);
    await loadClassification(client, 'inspireTheme');
    expect(fake.requests.map((r) => r.url)).toEqual(['/api/v1/classification/inspireTheme']);
  });

  it('rejects an answer that is not a classification and does not cache it', async () => {
    const fake = fakeFetch(() => json({ id: 'x' }));
    const client = createHttpClient({
      apiBase: '/api/v1',
      getToken: () => null,
      fetch: fake.fetch,
    });
    await expect(loadClassification(client, 'x')).rejects.toThrow(/invalid classification/);
    await expect(loadClassification(client, 'x')).rejects.toThrow();
    expect(fake.requests).toHaveLength(2);
  });
});

describe('classification options', () => {
  it('flattens the tree in order with depth, parents and labels in the language', () => {
    const options = classificationOptions(themes, 'en');
    expect(options.map((o) => [o.value, o.label, o.depth, o.parents])).toEqual([
      ['geo', 'Geosciences', 1, []],
      ['ge', 'Geology', 2, ['Geosciences']],
      ['so', 'Soil', 2, ['Geosciences']],
      ['lu', 'Land use', 1, []],
    ]);
    expect(options[1]?.description).toBe('Rocks and sediments');
  });

  it('labels a code in the language and falls back to the code when unknown', () => {
    expect(labelOf(themes, 'so', 'de')).toBe('Boden');
    expect(labelOf(themes, 'so', 'en')).toBe('Soil');
    expect(labelOf(themes, 'gone', 'de')).toBe('gone');
    expect(labelOf(undefined, 'so', 'de')).toBe('so');
  });

  it('filters by every word over label, code, description and parents, ignoring case', () => {
    const options = classificationOptions(themes, 'de');
    expect(filterOptions(options, 'boden').map((o) => o.value)).toEqual(['so', 'lu']);
    expect(filterOptions(options, 'geowiss boden').map((o) => o.value)).toEqual(['so']);
    expect(filterOptions(options, 'ROCKS').map((o) => o.value)).toEqual(['ge']);
    expect(filterOptions(options, '  ')).toHaveLength(4);
  });
});
