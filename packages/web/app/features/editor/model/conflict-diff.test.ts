import type { Metadata } from '@geoportal/contract/record';
import { describe, expect, it } from 'vitest';
import { diffRecords, type ValueFormatter } from './conflict-diff';

// Terms by key and codes as `classification/code`, so the expectations show what was asked.
const formatter: ValueFormatter = {
  term: ({ id }) => `[${id.split('.').at(-1)}]`,
  code: (classification, code) => `${classification}/${code}`,
  number: (value) => String(value),
};

const base: Metadata = {
  title: { de: 'Böden', en: 'Soils' },
  keywords: ['Boden'],
  extent: { west: 6, south: 47, east: 15, north: 55 },
  contacts: [{ organisation: 'LBEG', role: 'pointOfContact' }],
  licence: 'cc-by-4.0',
};

describe('diffRecords', () => {
  it('finds nothing when only the key order differs', () => {
    const reordered: Metadata = {
      licence: 'cc-by-4.0',
      contacts: [{ role: 'pointOfContact', organisation: 'LBEG' }],
      extent: { north: 55, east: 15, south: 47, west: 6 },
      keywords: ['Boden'],
      title: { en: 'Soils', de: 'Böden' },
    };
    expect(
      diffRecords(
        { type: 'dataset', metadata: base },
        { type: 'dataset', metadata: reordered },
        formatter,
      ),
    ).toEqual([]);
  });

  it('lists the differing fields in editor order with both values in readable form', () => {
    const saved: Metadata = {
      ...base,
      title: { de: 'Böden Niedersachsen' },
      keywords: ['Boden', 'Bodenart'],
      licence: 'dl-de-by-2.0',
      resolution: { kind: 'scale', denominator: 50_000 },
    };
    const rows = diffRecords(
      { type: 'dataset', metadata: base },
      { type: 'series', metadata: saved },
      formatter,
    );
    expect(rows).toEqual([
      {
        field: 'type',
        label: { id: 'editor.field.type' },
        mine: 'resourceType/dataset',
        saved: 'resourceType/series',
      },
      {
        field: 'title',
        label: { id: 'editor.field.title' },
        mine: '[de]: Böden\n[en]: Soils',
        saved: '[de]: Böden Niedersachsen',
      },
      {
        field: 'keywords',
        label: { id: 'editor.field.keywords' },
        mine: 'Boden',
        saved: 'Boden, Bodenart',
      },
      {
        field: 'resolution',
        label: { id: 'editor.field.resolution' },
        mine: '[empty]',
        saved: '1:50000',
      },
      {
        field: 'licence',
        label: { id: 'editor.field.licence' },
        mine: 'license/cc-by-4.0',
        saved: 'license/dl-de-by-2.0',
      },
    ]);
  });

  it('shows contacts, extents and online resources line by line', () => {
    const saved: Metadata = {
      ...base,
      extent: { west: 6.5, south: 47, east: 15, north: 55 },
      contacts: [
        ...(base.contacts ?? []),
        { person: 'Erika Muster', email: 'e@x.de', role: 'author' },
      ],
      onlineResources: [
        { url: 'https://x.de/wms', protocol: 'wms', name: 'Karte', layer: 'boden' },
      ],
    };
    const rows = diffRecords(
      { type: 'dataset', metadata: base },
      { type: 'dataset', metadata: saved },
      formatter,
    );
    expect(rows.map((row) => [row.field, row.saved])).toEqual([
      ['extent', '[west] 6.5 · [south] 47 · [east] 15 · [north] 55'],
      ['contacts', 'LBEG, contactRole/pointOfContact\nErika Muster, e@x.de, contactRole/author'],
      ['onlineResources', 'Karte: https://x.de/wms (protocol/wms), [layer]: boden'],
    ]);
  });
});
