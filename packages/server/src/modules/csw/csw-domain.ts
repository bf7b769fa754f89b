import type { FacetField, FacetValue, ValueField } from '@geoportal/contract/search';
import { scopeCode } from '../records/iso19139-codes.js';
import { declaration, element, textElement } from '../records/xml-writing.js';
import { invalid } from './csw.errors.js';
import { outputSchemas, sectionNames, typeNames } from './csw-request.js';
import { xmlns } from './csw-xml.js';

/**
 * GetDomain (CSW 2.0.2 §10.7): the values a request parameter takes, and the values a
 * queryable has among the records the caller may see (from the search's facet counts: the
 * same visibility, the most frequent values first, at most as many as the search counts).
 */

const elementSets = ['brief', 'summary', 'full'];
const schemas = Object.values(outputSchemas);

/** Request parameters and their values, by `Operation.parameter` in lower case. */
const parameterDomains: Record<string, { name: string; values: readonly string[] }> = {};
for (const [name, values] of [
  ['GetCapabilities.sections', ['All', ...sectionNames]],
  ['GetRecords.resultType', ['hits', 'results']],
  ['GetRecords.outputSchema', schemas],
  ['GetRecords.outputFormat', ['application/xml']],
  ['GetRecords.typeNames', typeNames],
  ['GetRecords.ElementSetName', elementSets],
  ['GetRecords.CONSTRAINTLANGUAGE', ['FILTER', 'CQL_TEXT']],
  ['GetRecordById.outputSchema', schemas],
  ['GetRecordById.outputFormat', ['application/xml']],
  ['GetRecordById.ElementSetName', elementSets],
] as const) {
  parameterDomains[name.toLowerCase()] = { name, values };
}

export const parameterNames = Object.values(parameterDomains).map((d) => d.name);

/**
 * Queryables with a list of values, and the search field that holds them (facets and value
 * fields); those without a field are of an element no record states: their list is empty.
 */
const propertyFacets: Record<string, { name: string; facet?: FacetField | ValueField }> = {
  type: { name: 'Type', facet: 'type' },
  subject: { name: 'Subject', facet: 'keyword' },
  format: { name: 'Format', facet: 'format' },
  organisationname: { name: 'OrganisationName', facet: 'organisation' },
  crs: { name: 'CRS', facet: 'crs' },
  responsiblepartyrole: { name: 'ResponsiblePartyRole', facet: 'role' },
  accessconstraints: { name: 'AccessConstraints', facet: 'restriction' },
  degree: { name: 'Degree' },
  classification: { name: 'Classification' },
  specificationdatetype: { name: 'SpecificationDateType' },
};

export const domainPropertyNames = Object.values(propertyFacets).map((p) => p.name);

export type DomainQuery = { kind: 'parameter' | 'property'; names: string[] };

/** The fields a GetDomain for properties needs; unknown names are refused first. */
export function domainFacets(query: DomainQuery): (FacetField | ValueField)[] {
  if (query.kind === 'parameter') {
    for (const name of query.names) {
      if (!parameterDomains[name.trim().toLowerCase()]) {
        throw invalid(
          'ParameterName',
          `The parameter "${name.slice(0, 80)}" has no domain here. Use ${parameterNames.join(', ')}.`,
        );
      }
    }
    return [];
  }
  return query.names.flatMap((name) => {
    const property = propertyFacets[name.trim().replace(/^.*:/, '').toLowerCase()];
    if (!property) {
      throw invalid(
        'PropertyName',
        `The queryable "${name.slice(0, 80)}" has no list of values. Use ${domainPropertyNames.join(', ')}.`,
      );
    }
    return property.facet ? [property.facet] : [];
  });
}

const list = (values: readonly string[]) =>
  element('csw:ListOfValues', {}, ...values.map((v) => textElement('csw:Value', v)));

/** The GetDomain answer; `facets` are the search's counts for the caller (property queries). */
export function domainResponse(
  query: DomainQuery,
  facets: ReadonlyMap<FacetField | ValueField, FacetValue[]> | undefined,
): string {
  const domains = query.names.map((name) => {
    if (query.kind === 'parameter') {
      const domain = parameterDomains[name.trim().toLowerCase()] as {
        name: string;
        values: readonly string[];
      };
      return element(
        'csw:DomainValues',
        { type: 'csw:Record' },
        textElement('csw:ParameterName', domain.name),
        list(domain.values),
      );
    }
    const property = propertyFacets[name.trim().replace(/^.*:/, '').toLowerCase()] as {
      name: string;
      facet?: FacetField | ValueField;
    };
    const counted = property.facet ? facets?.get(property.facet) : undefined;
    const values = (counted ?? []).map((f) =>
      property.facet === 'type' ? scopeCode(f.value) : f.value,
    );
    return element(
      'csw:DomainValues',
      { type: 'csw:Record' },
      textElement('csw:PropertyName', name.trim()),
      values.length > 0 ? list(values) : '',
    );
  });
  return declaration + element('csw:GetDomainResponse', { ...xmlns('csw', 'xsi') }, ...domains);
}
