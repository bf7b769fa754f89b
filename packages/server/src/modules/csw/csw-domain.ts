import type { FacetField, FacetValue, ValueField } from '@geoportal/contract/search';
import { declaration, element, textElement } from '../../xml/xml-writing.js';
import { invalid } from './csw.errors.js';
import { type DomainProperty, domainProperties, queryableKey } from './csw-queryables.js';
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
 * Queryables with a list of values (`domain` in `csw-queryables.ts`) and the search field that
 * holds them (facets and value fields); those without a field are of an element no record
 * states: their list is empty.
 */
export const domainPropertyNames = [...domainProperties.values()].map((p) => p.name);

/** The property a name asks for (any prefix, any case); unknown names are refused. */
function domainProperty(name: string): DomainProperty {
  const property = domainProperties.get(queryableKey(name));
  if (!property) {
    throw invalid(
      'PropertyName',
      `The queryable "${name.slice(0, 80)}" has no list of values. Use ${domainPropertyNames.join(', ')}.`,
    );
  }
  return property;
}

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
    const { field } = domainProperty(name);
    return field ? [field] : [];
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
    const { field, shown } = domainProperty(name);
    const counted = field ? facets?.get(field) : undefined;
    const values = (counted ?? []).map((f) => (shown ? shown(f.value) : f.value));
    return element(
      'csw:DomainValues',
      { type: 'csw:Record' },
      textElement('csw:PropertyName', name.trim()),
      values.length > 0 ? list(values) : '',
    );
  });
  return declaration + element('csw:GetDomainResponse', { ...xmlns('csw', 'xsi') }, ...domains);
}
