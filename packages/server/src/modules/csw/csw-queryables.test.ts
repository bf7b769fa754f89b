import { describe, expect, it } from 'vitest';
import { scopeCode } from '../records/iso19139-codes.js';
import { codeOfUri, crsCode } from '../search/filter-translation.js';
import { domainFacets, domainPropertyNames } from './csw-domain.js';
import * as filter from './csw-filter.js';
import {
  additionalQueryableNames,
  cswQueryables,
  domainProperties,
  isoQueryables,
  queryableKey,
  queryableNames,
} from './csw-queryables.js';

/**
 * The one table of the catalogue service's queryables and every list derived from it, as the
 * capabilities, the filter and GetDomain have used them: a change of the table shows up here
 * (and belongs in the capabilities tests and csw.queryables.test.ts as well).
 */

describe('CSW queryables table', () => {
  it('derives the core and INSPIRE names of the capabilities, in their order', () => {
    expect(queryableNames).toEqual([
      'AnyText',
      'Title',
      'Abstract',
      'Subject',
      'Type',
      'Format',
      'OrganisationName',
      'Modified',
      'BoundingBox',
      'Identifier',
      'CRS',
    ]);
    expect(additionalQueryableNames).toEqual([
      'Degree',
      'AccessConstraints',
      'OtherConstraints',
      'Classification',
      'ConditionApplyingToAccessAndUse',
      'Lineage',
      'ResponsiblePartyRole',
      'SpecificationTitle',
      'SpecificationDate',
      'SpecificationDateType',
    ]);
    expect(isoQueryables.names).toEqual([...queryableNames, ...additionalQueryableNames]);
  });

  it('keeps the names csw-filter.ts has always exported', () => {
    expect(filter.queryableNames).toBe(queryableNames);
    expect(filter.additionalQueryableNames).toBe(additionalQueryableNames);
    expect(filter.isoQueryables).toBe(isoQueryables);
  });

  it('names each queryable once, whatever the case', () => {
    const keys = cswQueryables.map((q) => queryableKey(q.name));
    expect(new Set(keys).size).toBe(keys.length);
    expect(queryableKey(' apiso:OrganisationName ')).toBe('organisationname');
  });

  it("derives the filter's translation of each queryable", () => {
    expect(isoQueryables.byName).toEqual({
      anytext: { kind: 'text' },
      title: { kind: 'text', fields: ['title'] },
      abstract: { kind: 'text', fields: ['abstract'] },
      subject: { kind: 'keyword', field: 'keyword', filter: 'keyword' },
      type: { kind: 'value', filter: 'type', value: expect.any(Function) },
      format: { kind: 'value', filter: 'format' },
      organisationname: { kind: 'value', filter: 'organisation' },
      modified: { kind: 'date', filter: 'modified' },
      boundingbox: { kind: 'box' },
      identifier: { kind: 'id' },
      crs: { kind: 'value', filter: 'crs', value: crsCode },
      lineage: { kind: 'text', fields: ['lineage'] },
      responsiblepartyrole: { kind: 'value', filter: 'role', value: codeOfUri },
      accessconstraints: { kind: 'value', filter: 'restriction', value: codeOfUri },
      otherconstraints: { kind: 'text', fields: ['useConstraints', 'accessConstraints'] },
      conditionapplyingtoaccessanduse: { kind: 'text', fields: ['useConstraints'] },
      classification: { kind: 'unstated' },
      degree: { kind: 'unstated' },
      specificationtitle: { kind: 'unstated' },
      specificationdate: { kind: 'unstated' },
      specificationdatetype: { kind: 'unstated' },
    });
    const type = isoQueryables.byName.type;
    expect(type?.kind === 'value' && type.value?.(' nonGeographicDataset ')).toBe(
      'non-geographic-dataset',
    );
  });

  it('derives the queryables every record has a value of', () => {
    expect([...isoQueryables.presentInEveryRecord].sort()).toEqual([
      'anytext',
      'identifier',
      'modified',
      'title',
      'type',
    ]);
  });

  it("derives GetDomain's properties, their order and their search fields", () => {
    expect(domainPropertyNames).toEqual([
      'Type',
      'Subject',
      'Format',
      'OrganisationName',
      'CRS',
      'ResponsiblePartyRole',
      'AccessConstraints',
      'Degree',
      'Classification',
      'SpecificationDateType',
    ]);
    expect(
      Object.fromEntries([...domainProperties.values()].map((p) => [p.name, p.field ?? null])),
    ).toEqual({
      Type: 'type',
      Subject: 'keyword',
      Format: 'format',
      OrganisationName: 'organisation',
      CRS: 'crs',
      ResponsiblePartyRole: 'role',
      AccessConstraints: 'restriction',
      Degree: null,
      Classification: null,
      SpecificationDateType: null,
    });
    expect(domainProperties.get('type')?.shown).toBe(scopeCode);
    expect(domainFacets({ kind: 'property', names: ['apiso:Type', 'Degree', 'crs'] })).toEqual([
      'type',
      'crs',
    ]);
  });

  it('places every GetDomain property once, 1 to n', () => {
    const orders = cswQueryables.flatMap((q) => (q.domain ? [q.domain.order] : []));
    expect([...orders].sort((a, b) => a - b)).toEqual(orders.map((_, i) => i + 1));
  });

  it('lists the values of the field its filter tests, and none where no record states it', () => {
    for (const q of cswQueryables) {
      if (!q.domain) continue;
      const field = 'field' in q.domain ? q.domain.field : undefined;
      if (q.search.kind === 'unstated') expect(field).toBeUndefined();
      else expect(field, q.name).toBe('filter' in q.search ? q.search.filter : undefined);
    }
  });
});
