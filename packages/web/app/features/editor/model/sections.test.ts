import { describe, expect, it } from 'vitest';
import { sectionProgress } from './sections';

const byId = (progress: ReturnType<typeof sectionProgress>) =>
  Object.fromEntries(progress.map(({ id, missing, invalid }) => [id, { missing, invalid }]));

describe('sectionProgress', () => {
  it('lists every required field of an empty dataset in its section', () => {
    expect(byId(sectionProgress({}, 'dataset', []))).toEqual({
      identification: { missing: ['title', 'abstract'], invalid: 0 },
      keywords: { missing: ['topicCategories', 'keywords'], invalid: 0 },
      extent: { missing: ['extent'], invalid: 0 },
      time: { missing: ['dates'], invalid: 0 },
      contacts: { missing: ['contacts'], invalid: 0 },
      constraints: { missing: ['licence'], invalid: 0 },
      distribution: { missing: [], invalid: 0 },
      quality: { missing: ['lineage'], invalid: 0 },
    });
  });

  it('asks a service for no topic category, extent or lineage', () => {
    const progress = byId(sectionProgress({}, 'service', []));
    expect(progress.keywords?.missing).toEqual(['keywords']);
    expect(progress.extent?.missing).toEqual([]);
    expect(progress.quality?.missing).toEqual([]);
  });

  it('counts filled fields as done and invalid inputs per section', () => {
    const progress = byId(
      sectionProgress(
        {
          title: { de: 'T' },
          abstract: { en: 'A' },
          keywords: ['k'],
          contacts: [{ organisation: 'O', role: 'author' }],
        },
        'dataset',
        ['contacts.0.email', 'contacts.1.role', 'onlineResources.0.url', 'title.en'],
      ),
    );
    expect(progress.identification).toEqual({ missing: [], invalid: 1 });
    expect(progress.keywords).toEqual({ missing: ['topicCategories'], invalid: 0 });
    // A contact without the point-of-contact role does not make the record submittable.
    expect(progress.contacts).toEqual({ missing: ['contacts'], invalid: 2 });
    expect(progress.distribution).toEqual({ missing: [], invalid: 1 });
  });
});
