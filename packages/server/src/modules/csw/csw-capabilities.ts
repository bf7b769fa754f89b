import type { CswConfig } from '../../config.js';
import { invalid } from './csw.errors.js';
import { domainPropertyNames, parameterNames } from './csw-domain.js';
import {
  additionalQueryableNames,
  queryableNames,
  spatialOperators,
  supportedOperators,
} from './csw-filter.js';
import { outputSchemas, type Section, sectionNames, typeNames } from './csw-request.js';
import { CSW_SCHEMA_LOCATION, declaration, element, textElement, xmlns } from './csw-xml.js';

/** GetCapabilities (CSW 2.0.2 §10.5): what the service offers and where. */

/** The sections asked for (none or `All`: all); an unknown name is InvalidParameterValue. */
export function chosenSections(asked: string[] | undefined): Set<Section> {
  if (!asked || asked.length === 0 || asked.some((s) => s.toLowerCase() === 'all')) {
    return new Set(sectionNames);
  }
  const chosen = new Set<Section>();
  for (const name of asked) {
    const section = sectionNames.find((s) => s.toLowerCase() === name.trim().toLowerCase());
    if (!section) {
      throw invalid(
        'sections',
        `The section "${name.slice(0, 60)}" does not exist. Use All or ${sectionNames.join(', ')}.`,
      );
    }
    chosen.add(section);
  }
  return chosen;
}

const values = (name: string, list: readonly string[]) =>
  element('ows:Parameter', { name }, ...list.map((v) => textElement('ows:Value', v)));

function serviceIdentification(c: CswConfig): string {
  return element(
    'ows:ServiceIdentification',
    {},
    textElement('ows:Title', c.title),
    textElement('ows:Abstract', c.abstract),
    c.keywords.length > 0
      ? element('ows:Keywords', {}, ...c.keywords.map((k) => textElement('ows:Keyword', k)))
      : '',
    textElement('ows:ServiceType', 'CSW', { codeSpace: 'OGC' }),
    textElement('ows:ServiceTypeVersion', '2.0.2'),
    textElement('ows:Fees', c.fees),
    textElement('ows:AccessConstraints', c.accessConstraints),
  );
}

function serviceProvider(c: CswConfig, publicUrl: string): string {
  return element(
    'ows:ServiceProvider',
    {},
    textElement('ows:ProviderName', c.providerName),
    element('ows:ProviderSite', { 'xlink:href': c.providerSite ?? publicUrl }),
    element(
      'ows:ServiceContact',
      {},
      c.contactName ? textElement('ows:IndividualName', c.contactName) : '',
      c.contactEmail
        ? element(
            'ows:ContactInfo',
            {},
            element('ows:Address', {}, textElement('ows:ElectronicMailAddress', c.contactEmail)),
          )
        : '',
    ),
  );
}

function operationsMetadata(endpoint: string, maxRecords: number): string {
  const dcp = (post: boolean) =>
    element(
      'ows:DCP',
      {},
      element(
        'ows:HTTP',
        {},
        element('ows:Get', { 'xlink:href': endpoint }),
        post ? element('ows:Post', { 'xlink:href': endpoint }) : '',
      ),
    );
  const operation = (name: string, ...parameters: string[]) =>
    element('ows:Operation', { name }, dcp(true), ...parameters);
  const schemas = values('outputSchema', Object.values(outputSchemas));
  const sets = values('ElementSetName', ['brief', 'summary', 'full']);
  return element(
    'ows:OperationsMetadata',
    {},
    operation('GetCapabilities', values('sections', ['All', ...sectionNames])),
    operation(
      'DescribeRecord',
      values('typeName', typeNames),
      values('outputFormat', ['application/xml']),
      values('schemaLanguage', ['XMLSCHEMA']),
    ),
    operation(
      'GetDomain',
      values('ParameterName', parameterNames),
      values('PropertyName', domainPropertyNames),
    ),
    operation(
      'GetRecords',
      values('typeNames', typeNames),
      schemas,
      values('outputFormat', ['application/xml']),
      values('resultType', ['hits', 'results']),
      sets,
      values('CONSTRAINTLANGUAGE', ['FILTER', 'CQL_TEXT']),
      element(
        'ows:Constraint',
        { name: 'SupportedISOQueryables' },
        ...queryableNames.map((q) => textElement('ows:Value', `apiso:${q}`)),
      ),
      element(
        'ows:Constraint',
        { name: 'AdditionalQueryables' },
        ...additionalQueryableNames.map((q) => textElement('ows:Value', `apiso:${q}`)),
      ),
    ),
    operation('GetRecordById', schemas, values('outputFormat', ['application/xml']), sets),
    values('service', ['CSW']),
    values('version', ['2.0.2']),
    element('ows:Constraint', { name: 'PostEncoding' }, textElement('ows:Value', 'XML')),
    element(
      'ows:Constraint',
      { name: 'MaxRecordDefault' },
      textElement('ows:Value', String(maxRecords)),
    ),
  );
}

function filterCapabilities(): string {
  const comparison = supportedOperators
    .filter((o) => o.startsWith('PropertyIs'))
    .map((o) =>
      textElement(
        'ogc:ComparisonOperator',
        o === 'PropertyIsNull'
          ? 'NullCheck'
          : o.replace('PropertyIs', '').replace('OrEqualTo', 'EqualTo'),
      ),
    );
  return element(
    'ogc:Filter_Capabilities',
    {},
    element(
      'ogc:Spatial_Capabilities',
      {},
      element('ogc:GeometryOperands', {}, textElement('ogc:GeometryOperand', 'gml:Envelope')),
      element(
        'ogc:SpatialOperators',
        {},
        ...spatialOperators.map((name) => element('ogc:SpatialOperator', { name })),
      ),
    ),
    element(
      'ogc:Scalar_Capabilities',
      {},
      element('ogc:LogicalOperators', {}),
      element('ogc:ComparisonOperators', {}, ...comparison),
    ),
    element('ogc:Id_Capabilities', {}, element('ogc:EID', {}), element('ogc:FID', {})),
  );
}

/** The capabilities document with the chosen sections. */
export function capabilities(config: CswConfig, publicUrl: string, sections: Set<Section>): string {
  const endpoint = `${publicUrl}/csw`;
  return (
    declaration +
    element(
      'csw:Capabilities',
      {
        version: '2.0.2',
        ...xmlns('csw', 'ows', 'ogc', 'gml', 'xlink', 'xsi'),
        'xsi:schemaLocation': CSW_SCHEMA_LOCATION,
      },
      sections.has('ServiceIdentification') ? serviceIdentification(config) : '',
      sections.has('ServiceProvider') ? serviceProvider(config, publicUrl) : '',
      sections.has('OperationsMetadata') ? operationsMetadata(endpoint, config.maxRecords) : '',
      sections.has('Filter_Capabilities') ? filterCapabilities() : '',
    )
  );
}
