import { Metadata } from '@geoportal/contract/record';
import { describe, expect, it } from 'vitest';
import { emptyContact, emptyValues } from './editor-values';
import { toFormValues } from './to-form-values';
import { keptRows, normaliseReferenceSystem, toMetadata } from './to-metadata';

/** A record that uses every field of the schema. */
const full: Metadata = {
  title: { de: 'Grundwasserkörper Bayern', en: 'Groundwater bodies Bavaria' },
  abstract: { de: 'Abgrenzung der Grundwasserkörper.' },
  identifier: 'https://registry.example.org/gwk-by',
  topicCategories: ['inlandWaters', 'geoscientificInformation'],
  keywords: ['Grundwasser', 'WRRL'],
  classifiedKeywords: [
    { classification: 'inspireTheme', code: 'hy' },
    { classification: 'gemet', code: 'groundwater' },
  ],
  extent: { west: 8.97, south: 47.27, east: 13.84, north: 50.56 },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [9, 47.3],
        [13.8, 47.3],
        [13.8, 50.5],
        [9, 47.3],
      ],
    ],
  },
  temporalExtent: { start: '2015-01-01' },
  dates: { creation: '2016-03-01', revision: '2024-05-10' },
  contacts: [
    {
      organisation: 'Landesamt für Umwelt',
      email: 'poststelle@lfu.example.de',
      phone: '+49 821 9071-0',
      role: 'pointOfContact',
    },
    { person: 'Erika Muster', role: 'author' },
  ],
  licence: 'dl-de-by-2.0',
  useConstraints: { de: 'Quellenvermerk: LfU' },
  accessConstraints: { en: 'None' },
  referenceSystem: 'EPSG:25832',
  resolution: { kind: 'distance', value: 25, unit: 'm' },
  formats: [{ name: 'GeoPackage', version: '1.3' }, { name: 'Shapefile' }],
  onlineResources: [
    {
      url: 'https://geo.example.de/wms',
      protocol: 'wms',
      name: 'Grundwasserkörper',
      layer: 'gwk',
    },
  ],
  lineage: { de: 'Digitalisiert aus den Bewirtschaftungsplänen.' },
  related: [{ id: 'record-0000000042', relation: 'source' }],
};

describe('toFormValues and toMetadata', () => {
  it('round-trip a complete record unchanged', () => {
    const { type, metadata } = toMetadata(toFormValues('series', full));
    expect(type).toBe('series');
    expect(Metadata.parse(metadata)).toEqual(full);
  });

  it('round-trip a scale resolution and keep INSPIRE themes apart from other classified keywords', () => {
    const values = toFormValues('dataset', {
      ...full,
      resolution: { kind: 'scale', denominator: 25_000 },
    });
    expect(values.inspireThemes).toEqual(['hy']);
    expect(values.otherClassifiedKeywords).toEqual([
      { classification: 'gemet', code: 'groundwater' },
    ]);
    expect(values.resolution).toMatchObject({ kind: 'scale', denominator: 25_000 });
    expect(toMetadata(values).metadata.resolution).toEqual({ kind: 'scale', denominator: 25_000 });
  });

  it('turn an empty form into an empty record: no blank strings, lists or objects', () => {
    const values = emptyValues();
    values.contacts.push(emptyContact());
    values.resolution.kind = 'scale';
    expect(toMetadata(values)).toEqual({ type: 'dataset', metadata: {} });
  });

  it('trim texts and drop the empty language', () => {
    const values = emptyValues();
    values.title = { de: '  Böden  ', en: '   ' };
    values.keywords = [' Boden '];
    values.contacts = [{ ...emptyContact(), organisation: ' LBEG ', email: ' info@lbeg.de ' }];
    expect(toMetadata(values).metadata).toEqual({
      title: { de: 'Böden' },
      keywords: ['Boden'],
      contacts: [{ organisation: 'LBEG', email: 'info@lbeg.de' }],
    });
  });

  it('map the record’s list entries back to the form rows they came from', () => {
    const values = emptyValues();
    values.contacts = [
      emptyContact(),
      { ...emptyContact(), person: 'A' },
      emptyContact(),
      { ...emptyContact(), role: 'author' },
    ];
    expect(keptRows(values).contacts).toEqual([1, 3]);
  });
});

describe('normaliseReferenceSystem', () => {
  it.each([
    ['25832', 'EPSG:25832'],
    ['epsg:4326', 'EPSG:4326'],
    [' EPSG: 3857 ', 'EPSG:3857'],
    ['UTM 32', 'UTM 32'],
    ['', ''],
  ])('%j → %j', (typed, stored) => expect(normaliseReferenceSystem(typed)).toBe(stored));
});
