import type { Classification } from '@geoportal/contract/classification';
import { describe, expect, it } from 'vitest';
import { classificationOfFacet, facetValueLabel, loadSearchClassifications } from './facet-labels';

const resourceType: Classification = {
  id: 'resourceType',
  labels: { de: 'Ressourcentyp', en: 'Resource type' },
  modified: '2026-01-01T00:00:00.000Z',
  nodes: [{ id: 'dataset', labels: { de: 'Datensatz', en: 'Dataset' } }],
};
const license: Classification = {
  id: 'license',
  labels: { de: 'Lizenz', en: 'Licence' },
  modified: '2026-01-01T00:00:00.000Z',
  nodes: [
    { id: 'cc-by-4.0', labels: { de: 'CC BY 4.0 (Namensnennung)', en: 'CC BY 4.0 (Attribution)' } },
  ],
};

describe('facet labels', () => {
  it('maps coded facets to their classifications and leaves the others alone', () => {
    expect(classificationOfFacet('type')).toBe('resourceType');
    expect(classificationOfFacet('licence')).toBe('license');
    expect(classificationOfFacet('topicCategory')).toBe('topicCategory');
    expect(classificationOfFacet('inspireTheme')).toBe('inspireTheme');
    expect(classificationOfFacet('keyword')).toBeUndefined();
    expect(classificationOfFacet('year')).toBeUndefined();
  });

  it('labels codes in the page language, falls back to the code, shows plain values as they are', () => {
    const classifications = { resourceType, license };
    expect(facetValueLabel('type', 'dataset', classifications, 'de')).toBe('Datensatz');
    expect(facetValueLabel('type', 'dataset', classifications, 'en')).toBe('Dataset');
    expect(facetValueLabel('licence', 'cc-by-4.0', classifications, 'en')).toBe(
      'CC BY 4.0 (Attribution)',
    );
    expect(facetValueLabel('type', 'unknown', classifications, 'de')).toBe('unknown');
    expect(facetValueLabel('topicCategory', 'geoscientificInformation', {}, 'de')).toBe(
      'geoscientificInformation',
    );
    expect(facetValueLabel('keyword', 'dataset', classifications, 'de')).toBe('dataset');
  });

  it('loads the four classifications, leaving out one that fails', async () => {
    const asked: string[] = [];
    const loaded = await loadSearchClassifications(async (id) => {
      asked.push(id);
      if (id === 'license') throw new Error('down');
      return id === 'resourceType' ? resourceType : undefined;
    });
    expect(asked.sort()).toEqual(['inspireTheme', 'license', 'resourceType', 'topicCategory']);
    expect(loaded).toEqual({ resourceType });
  });
});
