import type { SortField } from '@geoportal/contract/search';
import { crsCode, type QueryableSet } from '../search/filter-translation.js';

/**
 * The queryables of the collection `metadata` (OGC API Features Part 3, used by `filter`)
 * and its sortables: the names of the OGC API Records record, mapped to the search index's
 * fields by the translation the catalogue service shares.
 */

export const recordQueryables: QueryableSet = {
  byName: {
    id: { kind: 'id' },
    type: { kind: 'value', filter: 'type' },
    title: { kind: 'text', fields: ['title'] },
    description: { kind: 'text', fields: ['abstract'] },
    keywords: { kind: 'keyword', field: 'keyword', filter: 'keyword' },
    topiccategory: { kind: 'value', filter: 'topicCategory' },
    inspiretheme: { kind: 'value', filter: 'inspireTheme' },
    formats: { kind: 'value', filter: 'format' },
    license: { kind: 'value', filter: 'licence' },
    organisation: { kind: 'value', filter: 'organisation' },
    crs: { kind: 'value', filter: 'crs', value: crsCode },
    lineage: { kind: 'text', fields: ['lineage'] },
    created: { kind: 'date', filter: 'created' },
    updated: { kind: 'date', filter: 'modified' },
    geometry: { kind: 'box' },
  },
  names: [
    'id',
    'type',
    'title',
    'description',
    'keywords',
    'topicCategory',
    'inspireTheme',
    'formats',
    'license',
    'organisation',
    'crs',
    'lineage',
    'created',
    'updated',
    'geometry',
  ],
  presentInEveryRecord: new Set(['id', 'type', 'title', 'created', 'updated']),
};

const JSON_SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

/** The queryables as a JSON Schema (Features Part 3 §6.2; spatial ones with a `format`). */
export function queryablesSchema(id: string) {
  const text = (title: string, description: string) => ({ type: 'string', title, description });
  return {
    $schema: JSON_SCHEMA,
    $id: id,
    type: 'object',
    title: 'Queryables of the metadata records',
    properties: {
      id: text('Identifier', 'The record identifier; = and IN only.'),
      type: text('Resource type', 'The kind of resource: dataset, series, service and so on.'),
      title: text('Title', 'Words of the title (= a phrase, LIKE words and prefixes).'),
      description: text('Description', 'Words of the abstract.'),
      keywords: text('Keyword', 'A keyword (= the whole keyword, LIKE its words).'),
      topicCategory: text('Topic category', 'An ISO 19115 topic category code.'),
      inspireTheme: text('INSPIRE theme', 'The code of an INSPIRE theme (e.g. so, hy).'),
      formats: text('Format', 'The name of a distribution format.'),
      license: text('Licence', 'The code of the licence.'),
      organisation: text('Organisation', 'The organisation of a contact.'),
      crs: text('Reference system', 'EPSG:25832 or the URI of an EPSG code.'),
      lineage: text('Lineage', 'Words of the lineage statement.'),
      created: {
        type: 'string',
        format: 'date-time',
        title: 'Created',
        description: 'When the record was created; compared by day.',
      },
      updated: {
        type: 'string',
        format: 'date-time',
        title: 'Updated',
        description: 'When the record was last changed; compared by day.',
      },
      geometry: {
        format: 'geometry-any',
        title: 'Extent',
        description:
          'The bounding box of the resource (S_INTERSECTS, S_WITHIN, S_CONTAINS, S_DISJOINT with BBOX, POINT or a box POLYGON).',
      },
    },
    additionalProperties: false,
  };
}

/** Sortables by their record names and the search's sort field. */
export const sortables: Record<string, SortField> = {
  title: 'title',
  created: 'created',
  updated: 'modified',
};

export function sortablesSchema(id: string) {
  return {
    $schema: JSON_SCHEMA,
    $id: id,
    type: 'object',
    title: 'Sortables of the metadata records',
    properties: {
      title: { type: 'string', title: 'Title' },
      created: { type: 'string', format: 'date-time', title: 'Created' },
      updated: { type: 'string', format: 'date-time', title: 'Updated' },
    },
    additionalProperties: false,
  };
}
