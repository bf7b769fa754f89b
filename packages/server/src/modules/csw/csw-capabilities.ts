import { createHash } from 'node:crypto';
import type { Language } from '@geoportal/contract/languages';
import type { CatalogueConfig, CatalogueTexts, Config } from '../../config.js';
import { declaration, element, textElement } from '../../xml/xml-writing.js';
import { CswException, invalid } from './csw.errors.js';
import { domainPropertyNames, parameterNames } from './csw-domain.js';
import {
  additionalQueryableNames,
  queryableNames,
  spatialOperators,
  supportedOperators,
} from './csw-filter.js';
import { outputSchemas, type Section, sectionNames, typeNames } from './csw-request.js';
import { CSW_SCHEMA_LOCATION, xmlns } from './csw-xml.js';

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

function serviceIdentification(c: CatalogueTexts): string {
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

function serviceProvider(c: CatalogueConfig, texts: CatalogueTexts, publicUrl: string): string {
  return element(
    'ows:ServiceProvider',
    {},
    textElement('ows:ProviderName', texts.providerName),
    element('ows:ProviderSite', { 'xlink:href': c.providerSite ?? publicUrl }),
    element(
      'ows:ServiceContact',
      {},
      texts.contactName ? textElement('ows:IndividualName', texts.contactName) : '',
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

function operationsMetadata(endpoint: string, maxRecords: number, extended: string): string {
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
      values('resultType', ['hits', 'results', 'validate']),
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
    extended,
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

// Languages (INSPIRE TG Discovery Services §4.5) ------------------------------------------------

/** ISO 639-2/B codes, as INSPIRE names languages. */
const iso6392b: Record<Language, string> = { de: 'ger', en: 'eng' };

/** What a LANGUAGE parameter may say for each language: the B and T codes and ISO 639-1. */
const languageCodes: Record<string, Language> = {
  ger: 'de',
  deu: 'de',
  de: 'de',
  eng: 'en',
  en: 'en',
};

/**
 * The language of the answer. INSPIRE (TG Discovery Services, requirements 24 and 26): a
 * supported language is answered in that language; an unsupported one, or none, in the
 * service's default language, never with an exception.
 */
export function responseLanguage(asked: string | undefined, config: CatalogueConfig): Language {
  return languageCodes[asked?.trim().toLowerCase() ?? ''] ?? config.defaultLanguage;
}

// INSPIRE extended capabilities (TG Discovery Services §4.3.1.2, scenario 2) ---------------------

const INSPIRE_DS = 'http://inspire.ec.europa.eu/schemas/inspire_ds/1.0';
const INSPIRE_COMMON = 'http://inspire.ec.europa.eu/schemas/common/1.0';
const INSPIRE_SCHEMA_LOCATION = `${INSPIRE_DS} https://inspire.ec.europa.eu/schemas/inspire_ds/1.0/inspire_ds.xsd`;

/**
 * The regulation a discovery service conforms to (Regulation (EC) No 976/2009 on network
 * services), titled in each language as in the Official Journal of 20 October 2009.
 */
const networkServicesRegulation: Record<Language, string> = {
  de: 'Verordnung (EG) Nr. 976/2009 der Kommission vom 19. Oktober 2009 zur Durchführung der Richtlinie 2007/2/EG des Europäischen Parlaments und des Rates hinsichtlich der Netzdienste',
  en: 'Commission Regulation (EC) No 976/2009 of 19 October 2009 implementing Directive 2007/2/EC of the European Parliament and of the Council as regards the Network Services',
};
const NETWORK_SERVICES_REGULATION_PUBLISHED = '2009-10-20';

const common = (name: string, ...content: string[]) =>
  element(`inspire_common:${name}`, {}, ...content);
const commonText = (name: string, text: string) => textElement(`inspire_common:${name}`, text);
const languageElement = (name: string, language: Language) =>
  common(name, commonText('Language', iso6392b[language]));

/**
 * The INSPIRE metadata of the discovery service that the OWS sections cannot hold. Without a
 * contact e-mail address there is none: the metadata point of contact requires one.
 */
function extendedCapabilities(
  c: CatalogueConfig,
  language: Language,
  endpoint: string,
  metadataDate: string,
): string {
  if (!c.contactEmail) return '';
  const others = (Object.keys(iso6392b) as Language[]).filter((l) => l !== c.defaultLanguage);
  return element(
    'inspire_ds:ExtendedCapabilities',
    { 'xmlns:inspire_ds': INSPIRE_DS, 'xmlns:inspire_common': INSPIRE_COMMON },
    common(
      'ResourceLocator',
      commonText('URL', `${endpoint}?service=CSW&version=2.0.2&request=GetCapabilities`),
      commonText('MediaType', 'application/vnd.ogc.csw.capabilities.response_xml'),
    ),
    commonText('ResourceType', 'service'),
    common('TemporalReference', commonText('DateOfLastRevision', metadataDate)),
    common(
      'Conformity',
      common(
        'Specification',
        commonText('Title', networkServicesRegulation[language]),
        commonText('DateOfPublication', NETWORK_SERVICES_REGULATION_PUBLISHED),
      ),
      // No one has tested this service for conformity; INSPIRE's word for that.
      commonText('Degree', 'notEvaluated'),
    ),
    common(
      'MetadataPointOfContact',
      commonText('OrganisationName', c.texts[language].providerName),
      commonText('EmailAddress', c.contactEmail),
    ),
    commonText('MetadataDate', metadataDate),
    commonText('SpatialDataServiceType', 'discovery'),
    common('MandatoryKeyword', commonText('KeywordValue', 'infoCatalogueService')),
    common(
      'SupportedLanguages',
      languageElement('DefaultLanguage', c.defaultLanguage),
      ...others.map((l) => languageElement('SupportedLanguage', l)),
    ),
    languageElement('ResponseLanguage', language),
  );
}

// updateSequence (OWS 1.0 §7.3.4) -----------------------------------------------------------------

/**
 * The version of the capabilities: `<moment>-<digest>`. The moment is the last change of the
 * findable catalogue (`catalogueChangedAt`) as 17 digits (year to millisecond, UTC), so
 * later values compare higher; the digest is of the service metadata themselves (the
 * documents in every language), so a changed configuration or a new release of the service
 * changes the value too.
 */
export function updateSequence(config: ServiceConfig, changedAt: Date | null): string {
  const moment = changedAt ? changedAt.toISOString().replace(/\D/g, '') : '0'.repeat(17);
  const metadata = (Object.keys(iso6392b) as Language[])
    .map((language) => body(config, new Set(sectionNames), language, ''))
    .join('');
  const digest = createHash('sha256').update(metadata).digest('hex').slice(0, 12);
  return `${moment}-${digest}`;
}

const SEQUENCE = /^(\d{17})-([0-9a-f]{12})$/;

/**
 * How the client's value compares to the current one. Same moment with another digest: the
 * service metadata changed since, so the client's copy is older.
 */
export function compareUpdateSequence(
  asked: string,
  current: string,
): 'equal' | 'lower' | 'higher' {
  const client = SEQUENCE.exec(asked.trim());
  if (!client) {
    throw invalid(
      'updateSequence',
      `The updateSequence "${asked.slice(0, 40)}" was not given by this service; leave it out to get the capabilities.`,
    );
  }
  const server = SEQUENCE.exec(current) as RegExpExecArray;
  if (client[1] === server[1]) return client[2] === server[2] ? 'equal' : 'lower';
  return (client[1] as string) < (server[1] as string) ? 'lower' : 'higher';
}

// The document ------------------------------------------------------------------------------------

function body(
  { catalogue, csw, publicUrl }: ServiceConfig,
  sections: Set<Section>,
  language: Language,
  metadataDate: string,
): string {
  const endpoint = `${publicUrl}/csw`;
  const texts = catalogue.texts[language];
  return [
    sections.has('ServiceIdentification') ? serviceIdentification(texts) : '',
    sections.has('ServiceProvider') ? serviceProvider(catalogue, texts, publicUrl) : '',
    sections.has('OperationsMetadata')
      ? operationsMetadata(
          endpoint,
          csw.maxRecords,
          extendedCapabilities(catalogue, language, endpoint, metadataDate),
        )
      : '',
    sections.has('Filter_Capabilities') ? filterCapabilities() : '',
  ].join('');
}

/**
 * What the capabilities are made of: the catalogue's identity (`config.catalogue`), the
 * service's page limit and the public address.
 */
export type ServiceConfig = Pick<Config, 'catalogue' | 'csw' | 'publicUrl'>;

export interface CapabilitiesRequest {
  sections: Set<Section>;
  language: Language;
  /** The updateSequence the client holds, if it named one. */
  updateSequence: string | undefined;
  /** The last change of the findable catalogue (`catalogueChangedAt`). */
  changedAt: Date | null;
  now: Date;
}

/**
 * The capabilities document with the chosen sections in the chosen language. With the
 * current updateSequence the client's copy is up to date: the answer is the bare element
 * with `version` and `updateSequence`, as OWS 1.0 says; with a later one than the
 * service's, InvalidUpdateSequence.
 */
export function capabilities(config: ServiceConfig, r: CapabilitiesRequest): string {
  const current = updateSequence(config, r.changedAt);
  const comparison = r.updateSequence ? compareUpdateSequence(r.updateSequence, current) : 'lower';
  if (comparison === 'higher') {
    throw new CswException(
      'InvalidUpdateSequence',
      `The updateSequence ${r.updateSequence?.trim()} is later than the service's, ${current}.`,
      'updateSequence',
    );
  }
  const attributes = {
    version: '2.0.2',
    updateSequence: current,
    ...xmlns('csw', 'ows', 'ogc', 'gml', 'xlink', 'xsi'),
    'xsi:schemaLocation': config.catalogue.contactEmail
      ? `${CSW_SCHEMA_LOCATION} ${INSPIRE_SCHEMA_LOCATION}`
      : CSW_SCHEMA_LOCATION,
  };
  if (comparison === 'equal') return declaration + element('csw:Capabilities', attributes);
  const metadataDate = (r.changedAt ?? r.now).toISOString().slice(0, 10);
  return (
    declaration +
    element('csw:Capabilities', attributes, body(config, r.sections, r.language, metadataDate))
  );
}
