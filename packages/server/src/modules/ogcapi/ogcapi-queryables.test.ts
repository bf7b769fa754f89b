import { describe, expect, it } from 'vitest';
import { crsCode } from '../search/filter-translation.js';
import {
  queryablesSchema,
  recordQueryableRows,
  recordQueryables,
  sortables,
  sortablesSchema,
} from './ogcapi-queryables.js';

/**
 * The one table of the collection's queryables and every list and document derived from it:
 * the filter's names and translations, the JSON Schema of /queryables and /sortables byte for
 * byte, and the sort fields. A change of the table shows up here (and belongs in
 * ogcapi.routes.test.ts as well).
 */

const text = (title: string, description: string) => ({ type: 'string', title, description });

describe('OGC API Records queryables table', () => {
  it('derives the names in order and the queryables every record has a value of', () => {
    expect(recordQueryables.names).toEqual([
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
    ]);
    expect([...recordQueryables.presentInEveryRecord].sort()).toEqual([
      'created',
      'id',
      'title',
      'type',
      'updated',
    ]);
    const keys = recordQueryableRows.map((q) => q.name.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("derives the filter's translation of each queryable", () => {
    expect(recordQueryables.byName).toEqual({
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
    });
  });

  it('derives the JSON Schema of /queryables, byte for byte', () => {
    expect(JSON.stringify(queryablesSchema('https://example.org/q'))).toBe(
      JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://example.org/q',
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
      }),
    );
  });

  it('derives the sortables, their sort fields and /sortables, byte for byte', () => {
    expect(Object.entries(sortables)).toEqual([
      ['title', 'title'],
      ['created', 'created'],
      ['updated', 'modified'],
    ]);
    expect(JSON.stringify(sortablesSchema('https://example.org/s'))).toBe(
      JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://example.org/s',
        type: 'object',
        title: 'Sortables of the metadata records',
        properties: {
          title: { type: 'string', title: 'Title' },
          created: { type: 'string', format: 'date-time', title: 'Created' },
          updated: { type: 'string', format: 'date-time', title: 'Updated' },
        },
        additionalProperties: false,
      }),
    );
  });
});
