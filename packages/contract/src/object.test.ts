import { describe, expect, it } from 'vitest';
import { UpdateObject } from './object.js';

describe('UpdateObject', () => {
  const normal = {
    id: 'abcdefghijklmnopqrstuv',
    type: 'dataset',
    state: 'published',
    title: { de: 'Titel' },
    extent: { west: 5, south: 47, east: 15, north: 55 },
    thumbnail: '/api/v1/object/preview/thumbnail/x',
    version: 3,
    owner: 'anna',
    created: '2026-01-15T10:00:00.000Z',
    modified: '2026-01-15T10:00:00.000Z',
    metadata: { title: { de: 'Titel' } },
  };

  it('takes the representation GET answers, at normal and detailed detail', () => {
    expect(UpdateObject.safeParse(normal).success).toBe(true);
    const detailed = {
      ...normal,
      bundles: [{ name: 'data' }],
      permissions: {
        read: true,
        write: true,
        delete: false,
        accessControl: true,
        transitions: ['withdrawn'],
      },
      history: [{ from: null, to: 'draft', by: 'anna', at: '2026-01-15T10:00:00.000Z' }],
    };
    expect(UpdateObject.safeParse(detailed).success).toBe(true);
  });

  it('still refuses keys the representation does not have', () => {
    const parsed = UpdateObject.safeParse({ ...normal, colour: 'blue' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('colour');
  });
});
