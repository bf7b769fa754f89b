import type { FacetField, ValueField } from '@geoportal/contract/search';
import { scopeCode, typeOfScope } from '../records/iso19139-codes.js';
import {
  codeOfUri,
  crsCode,
  type Queryable,
  type QueryableSet,
} from '../search/filter-translation.js';

/**
 * The queryables of the catalogue service: one row each, with everything about it. The
 * ISO AP 1.0 core set and the INSPIRE additional queryables (TG Discovery Services, table 5);
 * the capabilities' lists, the filter's `QueryableSet` and GetDomain's properties are all
 * derived from `cswQueryables`, so a new queryable is a new row (docs/architecture.md,
 * "Recipe: a new queryable in CSW and OGC API Records").
 */

/** Where the capabilities list it: SupportedISOQueryables or AdditionalQueryables (INSPIRE). */
export type CswQueryableGroup = 'core' | 'inspire';

/** GetDomain lists the values the search counts of a field (the queryable's filter field). */
export interface CswDomain {
  /** The place in GetDomain's property list (capabilities and messages): 1 to n, once each. */
  order: number;
  field: FacetField | ValueField;
  /** The value as the standard speaks it, from the index's form. */
  shown?: (indexValue: string) => string;
}

interface Row {
  /** The name as the standard spells it; clients may use any case and any prefix. */
  name: string;
  group: CswQueryableGroup;
}

/** A queryable the index answers. */
interface StatedQueryable extends Row {
  /** What it means in the search query. */
  search: Exclude<Queryable, { kind: 'unstated' }>;
  /** Every record has a value: PropertyIsNull is false for each. */
  everyRecord: boolean;
  /** Absent: GetDomain has no list of values for it. */
  domain?: CswDomain;
}

/**
 * A queryable whose element no record states (`unstated`: every record is null). Its
 * GetDomain, where it has one, is empty: a place in the list, no field.
 */
interface UnstatedQueryable extends Row {
  search: { kind: 'unstated' };
  everyRecord: false;
  /** A place in GetDomain's list without a field (`never`: the compiler refuses one). */
  domain?: { order: number; field?: never; shown?: never };
}

export type CswQueryable = StatedQueryable | UnstatedQueryable;

/**
 * Each group's rows in the order the capabilities list them; GetDomain's list has an order
 * of its own (`domain.order`), as published before the table.
 */
export const cswQueryables: readonly CswQueryable[] = [
  { name: 'AnyText', group: 'core', search: { kind: 'text' }, everyRecord: true },
  { name: 'Title', group: 'core', search: { kind: 'text', fields: ['title'] }, everyRecord: true },
  {
    name: 'Abstract',
    group: 'core',
    search: { kind: 'text', fields: ['abstract'] },
    everyRecord: false,
  },
  {
    name: 'Subject',
    group: 'core',
    search: { kind: 'keyword', field: 'keyword', filter: 'keyword' },
    everyRecord: false,
    domain: { order: 2, field: 'keyword' },
  },
  {
    name: 'Type',
    group: 'core',
    // dc:type speaks ISO scope codes (nonGeographicDataset), the index resource types.
    search: { kind: 'value', filter: 'type', value: (v) => typeOfScope(v.trim()) },
    everyRecord: true,
    domain: { order: 1, field: 'type', shown: scopeCode },
  },
  {
    name: 'Format',
    group: 'core',
    search: { kind: 'value', filter: 'format' },
    everyRecord: false,
    domain: { order: 3, field: 'format' },
  },
  {
    name: 'OrganisationName',
    group: 'core',
    search: { kind: 'value', filter: 'organisation' },
    everyRecord: false,
    domain: { order: 4, field: 'organisation' },
  },
  {
    name: 'Modified',
    group: 'core',
    search: { kind: 'date', filter: 'modified' },
    everyRecord: true,
  },
  { name: 'BoundingBox', group: 'core', search: { kind: 'box' }, everyRecord: false },
  { name: 'Identifier', group: 'core', search: { kind: 'id' }, everyRecord: true },
  {
    name: 'CRS',
    group: 'core',
    search: { kind: 'value', filter: 'crs', value: crsCode },
    everyRecord: false,
    domain: { order: 5, field: 'crs' },
  },
  // INSPIRE additional queryables.
  {
    name: 'Degree',
    group: 'inspire',
    search: { kind: 'unstated' },
    everyRecord: false,
    domain: { order: 8 },
  },
  {
    name: 'AccessConstraints',
    group: 'inspire',
    search: { kind: 'value', filter: 'restriction', value: codeOfUri },
    everyRecord: false,
    domain: { order: 7, field: 'restriction' },
  },
  {
    name: 'OtherConstraints',
    group: 'inspire',
    // gmd:otherConstraints holds the licence, the use and the access constraints.
    search: { kind: 'text', fields: ['useConstraints', 'accessConstraints'] },
    everyRecord: false,
  },
  {
    name: 'Classification',
    group: 'inspire',
    search: { kind: 'unstated' },
    everyRecord: false,
    domain: { order: 9 },
  },
  {
    name: 'ConditionApplyingToAccessAndUse',
    group: 'inspire',
    search: { kind: 'text', fields: ['useConstraints'] },
    everyRecord: false,
  },
  {
    name: 'Lineage',
    group: 'inspire',
    search: { kind: 'text', fields: ['lineage'] },
    everyRecord: false,
  },
  {
    name: 'ResponsiblePartyRole',
    group: 'inspire',
    search: { kind: 'value', filter: 'role', value: codeOfUri },
    everyRecord: false,
    domain: { order: 6, field: 'role' },
  },
  {
    name: 'SpecificationTitle',
    group: 'inspire',
    search: { kind: 'unstated' },
    everyRecord: false,
  },
  { name: 'SpecificationDate', group: 'inspire', search: { kind: 'unstated' }, everyRecord: false },
  {
    name: 'SpecificationDateType',
    group: 'inspire',
    search: { kind: 'unstated' },
    everyRecord: false,
    domain: { order: 10 },
  },
];

/** A name as the filter and GetDomain look it up: `apiso:Title`, `dc:title` → `title`. */
export const queryableKey = (name: string) => name.trim().replace(/^.*:/, '').toLowerCase();

const namesOf = (group: CswQueryableGroup) =>
  cswQueryables.filter((q) => q.group === group).map((q) => q.name);

/** The core queryables of the ISO AP, as the capabilities and error messages name them. */
export const queryableNames: readonly string[] = namesOf('core');

/** The INSPIRE additional queryables (capabilities: AdditionalQueryables). */
export const additionalQueryableNames: readonly string[] = namesOf('inspire');

/** The ISO AP's queryables for the translation into the search query. */
export const isoQueryables: QueryableSet = {
  byName: Object.fromEntries(cswQueryables.map((q) => [queryableKey(q.name), q.search])),
  names: [...queryableNames, ...additionalQueryableNames],
  presentInEveryRecord: new Set(
    cswQueryables.filter((q) => q.everyRecord).map((q) => queryableKey(q.name)),
  ),
};

/** A queryable with a list of values; `field` absent: no record states it, the list is empty. */
export interface DomainProperty {
  name: string;
  field?: FacetField | ValueField;
  shown?: (indexValue: string) => string;
}

/** GetDomain's properties in their order, by lower-case name. */
export const domainProperties: ReadonlyMap<string, DomainProperty> = new Map(
  cswQueryables
    .flatMap(({ name, domain }) => (domain ? [{ name, ...domain }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ name, field, shown }): [string, DomainProperty] => [
      queryableKey(name),
      { name, ...(field ? { field } : {}), ...(shown ? { shown } : {}) },
    ]),
);
