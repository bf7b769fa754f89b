import type { SortField } from '@geoportal/contract/search';
import { crsCode, type Queryable, type QueryableSet } from '../search/filter-translation.js';

/**
 * The queryables of the collection `metadata` (OGC API Features Part 3, used by `filter`)
 * and its sortables: the names of the OGC API Records record, mapped to the search index's
 * fields by the translation the catalogue service shares. One row per queryable in
 * `recordQueryableRows`; the filter's `QueryableSet`, the JSON Schema of `/queryables`, the
 * sortables and `/sortables` are derived from it (docs/architecture.md, "Recipe: a new
 * queryable in CSW and OGC API Records").
 */

export interface RecordQueryable {
  /** The name as the record spells it (`topicCategory`); the filter takes any case. */
  name: string;
  /** What it means in the search query (every property of the record is stated somewhere). */
  search: Exclude<Queryable, { kind: 'unstated' }>;
  /** Every record has a value: `IS NULL` is false for each. */
  everyRecord: boolean;
  /** Its property in the JSON Schema; type and format follow from `search` (`schemaType`). */
  schema: { title: string; description: string };
  /** The search's sort field when it is a sortable (`sortby`, `/sortables`). */
  sort?: SortField;
}

/** In the order of `/queryables` (and of the message naming them). */
export const recordQueryableRows: readonly RecordQueryable[] = [
  {
    name: 'id',
    search: { kind: 'id' },
    everyRecord: true,
    schema: { title: 'Identifier', description: 'The record identifier; = and IN only.' },
  },
  {
    name: 'type',
    search: { kind: 'value', filter: 'type' },
    everyRecord: true,
    schema: {
      title: 'Resource type',
      description: 'The kind of resource: dataset, series, service and so on.',
    },
  },
  {
    name: 'title',
    search: { kind: 'text', fields: ['title'] },
    everyRecord: true,
    schema: {
      title: 'Title',
      description: 'Words of the title (= a phrase, LIKE words and prefixes).',
    },
    sort: 'title',
  },
  {
    name: 'description',
    search: { kind: 'text', fields: ['abstract'] },
    everyRecord: false,
    schema: { title: 'Description', description: 'Words of the abstract.' },
  },
  {
    name: 'keywords',
    search: { kind: 'keyword', field: 'keyword', filter: 'keyword' },
    everyRecord: false,
    schema: { title: 'Keyword', description: 'A keyword (= the whole keyword, LIKE its words).' },
  },
  {
    name: 'topicCategory',
    search: { kind: 'value', filter: 'topicCategory' },
    everyRecord: false,
    schema: { title: 'Topic category', description: 'An ISO 19115 topic category code.' },
  },
  {
    name: 'inspireTheme',
    search: { kind: 'value', filter: 'inspireTheme' },
    everyRecord: false,
    schema: { title: 'INSPIRE theme', description: 'The code of an INSPIRE theme (e.g. so, hy).' },
  },
  {
    name: 'formats',
    search: { kind: 'value', filter: 'format' },
    everyRecord: false,
    schema: { title: 'Format', description: 'The name of a distribution format.' },
  },
  {
    name: 'license',
    search: { kind: 'value', filter: 'licence' },
    everyRecord: false,
    schema: { title: 'Licence', description: 'The code of the licence.' },
  },
  {
    name: 'organisation',
    search: { kind: 'value', filter: 'organisation' },
    everyRecord: false,
    schema: { title: 'Organisation', description: 'The organisation of a contact.' },
  },
  {
    name: 'crs',
    search: { kind: 'value', filter: 'crs', value: crsCode },
    everyRecord: false,
    schema: { title: 'Reference system', description: 'EPSG:25832 or the URI of an EPSG code.' },
  },
  {
    name: 'lineage',
    search: { kind: 'text', fields: ['lineage'] },
    everyRecord: false,
    schema: { title: 'Lineage', description: 'Words of the lineage statement.' },
  },
  {
    name: 'created',
    search: { kind: 'date', filter: 'created' },
    everyRecord: true,
    schema: { title: 'Created', description: 'When the record was created; compared by day.' },
    sort: 'created',
  },
  {
    name: 'updated',
    search: { kind: 'date', filter: 'modified' },
    everyRecord: true,
    schema: {
      title: 'Updated',
      description: 'When the record was last changed; compared by day.',
    },
    sort: 'modified',
  },
  {
    name: 'geometry',
    search: { kind: 'box' },
    everyRecord: false,
    schema: {
      title: 'Extent',
      description:
        'The bounding box of the resource (S_INTERSECTS, S_WITHIN, S_CONTAINS, S_DISJOINT with BBOX, POINT or a box POLYGON).',
    },
  },
];

export const recordQueryables: QueryableSet = {
  byName: Object.fromEntries(recordQueryableRows.map((q) => [q.name.toLowerCase(), q.search])),
  names: recordQueryableRows.map((q) => q.name),
  presentInEveryRecord: new Set(
    recordQueryableRows.filter((q) => q.everyRecord).map((q) => q.name.toLowerCase()),
  ),
};

const JSON_SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

/** The JSON Schema type of a queryable (Features Part 3 §6.2; spatial ones with a `format`). */
function schemaType(search: RecordQueryable['search']): { type?: 'string'; format?: string } {
  switch (search.kind) {
    case 'text':
    case 'keyword':
    case 'value':
    case 'id':
      return { type: 'string' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'box':
      return { format: 'geometry-any' };
  }
}

const properties = <T>(rows: readonly RecordQueryable[], property: (q: RecordQueryable) => T) =>
  Object.fromEntries(rows.map((q) => [q.name, property(q)]));

/** The queryables as a JSON Schema (Features Part 3 §6.2; spatial ones with a `format`). */
export function queryablesSchema(id: string) {
  return {
    $schema: JSON_SCHEMA,
    $id: id,
    type: 'object',
    title: 'Queryables of the metadata records',
    properties: properties(recordQueryableRows, (q) => ({ ...schemaType(q.search), ...q.schema })),
    additionalProperties: false,
  };
}

/** The sortables: rows with a sort field, by their record names. */
const sortableRows = recordQueryableRows.flatMap((q) => (q.sort ? [{ ...q, sort: q.sort }] : []));

/** Sortables by their record names and the search's sort field. */
export const sortables: Record<string, SortField> = Object.fromEntries(
  sortableRows.map((q) => [q.name, q.sort]),
);

export function sortablesSchema(id: string) {
  return {
    $schema: JSON_SCHEMA,
    $id: id,
    type: 'object',
    title: 'Sortables of the metadata records',
    properties: properties(sortableRows, (q) => ({
      ...schemaType(q.search),
      title: q.schema.title,
    })),
    additionalProperties: false,
  };
}
