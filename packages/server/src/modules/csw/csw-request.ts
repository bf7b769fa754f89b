import { searchLimits } from '@geoportal/contract/search';
import type { Sort } from '@geoportal/contract/search-query';
import { xmlNamespaces } from '../../xml/namespaces.js';
import { XmlInvalidError } from '../../xml/xml.errors.js';
import {
  attrOf,
  children,
  decodeXml,
  parseXml,
  textOf,
  type XmlElement,
} from '../../xml/xml-document.js';
import { readCql } from '../search/filter-cql.js';
import type { Expr } from '../search/filter-expr.js';
import { CswException, invalid, missing } from './csw.errors.js';
import {
  checkSchemaLanguage,
  type DescribedType,
  describedTypes,
  namespaceBindings,
} from './csw-describe-record.js';
import type { DomainQuery } from './csw-domain.js';
import { readFilter } from './csw-filter.js';
import { type IsoElementName, isoElementNames } from './csw-iso-records.js';
import {
  type ElementName,
  type ElementSet,
  elementNames,
  recordElementNames,
} from './csw-records.js';

/**
 * A CSW request, from key-value pairs (GET, parameter names in any case) or from an XML
 * body (POST), checked into one shape the operations take.
 */

export const outputSchemas = {
  dc: xmlNamespaces.csw,
  iso: xmlNamespaces.gmd,
} as const;
export type OutputSchema = keyof typeof outputSchemas;

export const typeNames = ['csw:Record', 'gmd:MD_Metadata'];

/** The sections of the capabilities document. */
export const sectionNames = [
  'ServiceIdentification',
  'ServiceProvider',
  'OperationsMetadata',
  'Filter_Capabilities',
] as const;
export type Section = (typeof sectionNames)[number];

export const operations = [
  'GetCapabilities',
  'DescribeRecord',
  'GetDomain',
  'GetRecords',
  'GetRecordById',
] as const;

/** The output schema and what of each record to write: an element set or named elements. */
export type RecordSelection =
  | { outputSchema: 'dc'; elementSet: ElementSet | ElementName[] }
  | { outputSchema: 'iso'; elementSet: ElementSet | IsoElementName[] };

/** A GetRecords request as the client sent it, for the Acknowledgement of resultType=validate. */
export type EchoedRequest = { kvp: string } | { xml: string };

export type ResultType = 'hits' | 'results' | 'validate';

export type CswRequest =
  | {
      request: 'GetCapabilities';
      acceptVersions?: string[];
      sections?: string[];
      /** INSPIRE's LANGUAGE (ISO 639-2/B such as `ger`, `eng`), as given. */
      language?: string;
      /** OWS updateSequence: the value of the capabilities the client holds. */
      updateSequence?: string;
    }
  | { request: 'DescribeRecord'; typeNames: DescribedType[] }
  | { request: 'GetDomain'; query: DomainQuery }
  | { request: 'GetRecordById'; ids: string[]; elementSet: ElementSet; outputSchema: OutputSchema }
  | ({
      request: 'GetRecords';
      resultType: ResultType;
      startPosition: number;
      maxRecords: number;
      constraint?: Expr;
      sorts: Sort[];
      echo: EchoedRequest;
    } & RecordSelection);

/** Most ids one GetRecordById names. */
const IDS_MAX = 100;
/** Deepest first record: harvesters page through the whole catalogue. */
const START_MAX = searchLimits.harvestStartMax;

function operationName(value: string | undefined): (typeof operations)[number] {
  if (value === undefined || value.trim() === '') throw missing('request');
  const found = operations.find((o) => o.toLowerCase() === value.trim().toLowerCase());
  if (!found) {
    throw new CswException(
      'OperationNotSupported',
      `The operation "${value.slice(0, 60)}" is not offered. Use ${operations.join(', ')}.`,
      value.slice(0, 60),
    );
  }
  return found;
}

function checkService(value: string | undefined) {
  if (value === undefined || value.trim() === '') throw missing('service');
  if (value.trim().toUpperCase() !== 'CSW') {
    throw invalid('service', `The service "${value.slice(0, 60)}" is not offered here; use CSW.`);
  }
}

function checkVersion(value: string | undefined) {
  if (value === undefined || value.trim() === '') throw missing('version');
  if (value.trim() !== '2.0.2') {
    throw invalid('version', `The version "${value.slice(0, 20)}" is not offered; use 2.0.2.`);
  }
}

function elementSet(value: string | undefined): ElementSet {
  const v = (value ?? 'summary').trim().toLowerCase();
  if (v === 'brief' || v === 'summary' || v === 'full') return v;
  throw invalid(
    'ElementSetName',
    `The element set "${value?.slice(0, 40)}" does not exist. Use brief, summary or full.`,
  );
}

/** ElementSetName, or the elements named by ElementName in the output schema; not both. */
function selection(
  setName: string | undefined,
  names: string[],
  schema: OutputSchema,
): RecordSelection {
  if (names.length === 0) return { outputSchema: schema, elementSet: elementSet(setName) };
  if (setName !== undefined) {
    throw invalid('ElementName', 'Ask for ElementSetName or for ElementName, not both.');
  }
  if (schema === 'iso') return { outputSchema: schema, elementSet: isoElementNames(names) };
  if (names.length > recordElementNames.length) {
    throw invalid('ElementName', `At most ${recordElementNames.length} elements may be named.`);
  }
  return { outputSchema: schema, elementSet: elementNames(names) };
}

function outputSchema(value: string | undefined): OutputSchema {
  const v = (value ?? outputSchemas.dc).trim();
  if (v === outputSchemas.dc || v.toLowerCase() === 'csw:record') return 'dc';
  if (v === outputSchemas.iso || v.toLowerCase() === 'gmd:md_metadata') return 'iso';
  throw invalid(
    'outputSchema',
    `The output schema "${v.slice(0, 80)}" is not offered. Use ${outputSchemas.dc} or ${outputSchemas.iso}.`,
  );
}

function outputFormat(value: string | undefined) {
  if (value === undefined) return;
  const v = value.trim().toLowerCase();
  if (v !== 'application/xml' && v !== 'text/xml') {
    throw invalid(
      'outputFormat',
      `The output format "${value.slice(0, 60)}" is not offered; use application/xml.`,
    );
  }
}

function checkTypeNames(value: string[], locator: string): string[] {
  for (const name of value) {
    const local = name.trim().replace(/^.*:/, '').toLowerCase();
    if (local !== 'record' && local !== 'md_metadata') {
      throw invalid(
        locator,
        `The type "${name.slice(0, 60)}" is not offered. Use ${typeNames.join(' or ')}.`,
      );
    }
  }
  return value;
}

function whole(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
) {
  if (value === undefined || value.trim() === '') return fallback;
  const n = /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw invalid(name, `${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

/** `SortBy=Title:A,Modified:D` or SortProperty elements, as the search's sorts. */
const sortFields: Record<string, Sort['field']> = {
  title: 'title',
  modified: 'modified',
  date: 'date',
  revisiondate: 'date',
  publicationdate: 'date',
  creationdate: 'date',
};

function sortOf(property: string, order: string | undefined): Sort {
  const field = sortFields[property.trim().replace(/^.*:/, '').toLowerCase()];
  if (!field) {
    throw invalid(
      'SortBy',
      `Records cannot be sorted by "${property.slice(0, 60)}". Use Title, Modified or Date.`,
    );
  }
  const o = (order ?? 'ASC').trim().toUpperCase();
  if (!['A', 'ASC', 'D', 'DESC'].includes(o)) {
    throw invalid('SortBy', `The sort order "${order?.slice(0, 20)}" is not ASC or DESC.`);
  }
  return { field, direction: o.startsWith('D') ? 'desc' : 'asc' };
}

function sortsOf(list: Sort[]): Sort[] {
  if (list.length > 3) throw invalid('SortBy', 'Records may be sorted by at most 3 properties.');
  return list;
}

/** Parses XML that came from a client; a malformed document names where it broke. */
function clientXml(text: string, locator: string): { name: string; root: XmlElement } {
  try {
    return parseXml(text);
  } catch (error) {
    if (error instanceof XmlInvalidError) {
      throw new CswException(
        locator === 'request' ? 'NoApplicableCode' : 'InvalidParameterValue',
        error.message.replace('The file', 'The XML'),
        locator,
      );
    }
    throw error;
  }
}

function constraintOf(language: string | undefined, text: string | undefined): Expr | undefined {
  if (text === undefined || text.trim() === '') {
    if (language !== undefined && language.trim() !== '') throw missing('constraint');
    return undefined;
  }
  const lang = (language ?? '').trim().toUpperCase();
  if (lang === '') throw missing('constraintLanguage');
  if (lang === 'CQL_TEXT') return readCql(text);
  if (lang === 'FILTER') {
    const { name, root } = clientXml(text, 'Constraint');
    if (name !== 'Filter')
      throw invalid('Constraint', 'A FILTER constraint must be an ogc:Filter element.');
    return readFilter(root);
  }
  throw invalid(
    'constraintLanguage',
    `The constraint language "${language?.slice(0, 30)}" is not offered. Use FILTER or CQL_TEXT.`,
  );
}

function resultType(value: string | undefined): ResultType {
  const v = (value ?? 'hits').trim().toLowerCase();
  if (v === 'hits' || v === 'results' || v === 'validate') return v;
  throw invalid(
    'resultType',
    `The result type "${value?.slice(0, 30)}" is not offered. Use hits, results or validate.`,
  );
}

/** Optional text parameters: absent stays absent, so the caller can spread them. */
const optional = <K extends string>(key: K, value: string | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, string>);

/** Most names one GetDomain asks for. */
const DOMAIN_NAMES_MAX = 20;

function domainQuery(parameters: string[], properties: string[]): DomainQuery {
  if (parameters.length > 0 && properties.length > 0) {
    throw invalid(
      'ParameterName',
      'Ask GetDomain for ParameterName or for PropertyName, not both.',
    );
  }
  if (parameters.length === 0 && properties.length === 0) throw missing('ParameterName');
  const names = parameters.length > 0 ? parameters : properties;
  if (names.length > DOMAIN_NAMES_MAX) {
    throw invalid('ParameterName', `GetDomain takes at most ${DOMAIN_NAMES_MAX} names.`);
  }
  return { kind: parameters.length > 0 ? 'parameter' : 'property', names };
}

const list = (value: string | undefined) =>
  value === undefined
    ? []
    : value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);

// Key-value pairs ---------------------------------------------------------------------------

/** A GET request's parameters; names are matched in any case, a repeated one is refused. */
export function fromKvp(
  query: Record<string, string | string[] | undefined>,
  maxRecordsCap: number,
): CswRequest {
  const params = new Map<string, string>();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const name = key.toLowerCase();
    if (Array.isArray(value) || params.has(name)) {
      throw invalid(key, `The parameter ${key} is given more than once.`);
    }
    params.set(name, value);
  }
  const get = (name: string) => params.get(name.toLowerCase());
  const request = operationName(get('request'));
  checkService(get('service'));
  if (request === 'GetCapabilities') {
    return {
      request,
      ...(get('acceptVersions') !== undefined
        ? { acceptVersions: list(get('acceptVersions')) }
        : {}),
      ...(get('sections') !== undefined ? { sections: list(get('sections')) } : {}),
      ...optional('language', get('language')),
      ...optional('updateSequence', get('updateSequence')),
    };
  }
  checkVersion(get('version'));
  if (request === 'GetDomain') {
    return { request, query: domainQuery(list(get('ParameterName')), list(get('PropertyName'))) };
  }
  outputFormat(get('outputFormat'));
  if (request === 'DescribeRecord') {
    checkSchemaLanguage(get('schemaLanguage'));
    const bindings = namespaceBindings(get('NAMESPACE'));
    return { request, typeNames: describedTypes(list(get('TypeName')), bindings) };
  }
  if (request === 'GetRecordById') {
    const ids = list(get('id'));
    if (ids.length === 0) throw missing('Id');
    if (ids.length > IDS_MAX)
      throw invalid('Id', `At most ${IDS_MAX} ids may be asked for at once.`);
    return {
      request,
      ids,
      elementSet: elementSet(get('ElementSetName')),
      outputSchema: outputSchema(get('outputSchema')),
    };
  }
  const names = get('typeNames');
  if (names === undefined || names.trim() === '') throw missing('typeNames');
  checkTypeNames(list(names), 'typeNames');
  const constraint = constraintOf(get('constraintLanguage'), get('constraint'));
  const schema = outputSchema(get('outputSchema'));
  return {
    request,
    resultType: resultType(get('resultType')),
    ...selection(get('ElementSetName'), list(get('ElementName')), schema),
    startPosition: whole(get('startPosition'), 'startPosition', 1, 1, START_MAX),
    maxRecords: Math.min(whole(get('maxRecords'), 'maxRecords', 10, 0, 1_000_000), maxRecordsCap),
    ...(constraint ? { constraint } : {}),
    echo: {
      kvp: new URLSearchParams(
        Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
      ).toString(),
    },
    sorts: sortsOf(
      list(get('sortBy')).map((part) => {
        // `dc:title:D`, `Title:A`, `dc:title`: the order is the last part when it is one.
        const colon = part.lastIndexOf(':');
        const last = part.slice(colon + 1);
        return colon > 0 && /^(a|asc|d|desc)$/i.test(last)
          ? sortOf(part.slice(0, colon), last)
          : sortOf(part, undefined);
      }),
    ),
  };
}

// XML bodies --------------------------------------------------------------------------------

const one = (element: XmlElement | undefined, name: string) => children(element, name)[0];

/**
 * A POST body: a GetCapabilities, DescribeRecord, GetDomain, GetRecords or GetRecordById
 * element. `urlLanguage` is a LANGUAGE parameter of the URL, which a `language` attribute of
 * GetCapabilities overrides.
 */
export function fromXml(body: Uint8Array, maxRecordsCap: number, urlLanguage?: string): CswRequest {
  let text: string;
  try {
    text = decodeXml(body);
  } catch (error) {
    if (error instanceof XmlInvalidError) {
      throw new CswException(
        'NoApplicableCode',
        error.message
          .replace('Send an ISO 19139 XML file', 'Send a CSW request as XML')
          .replace('The file', 'The request'),
        'request',
      );
    }
    throw error;
  }
  const { name, root } = clientXml(text, 'request');
  const request = operationName(name);
  checkService(attrOf(root, 'service'));
  if (request === 'GetCapabilities') {
    const versions = children(one(root, 'AcceptVersions'), 'Version').map((v) => textOf(v));
    const sections = children(one(root, 'Sections'), 'Section').map((s) => textOf(s));
    return {
      request,
      ...(one(root, 'AcceptVersions') ? { acceptVersions: versions } : {}),
      ...(one(root, 'Sections') ? { sections } : {}),
      ...optional('language', attrOf(root, 'language') ?? urlLanguage),
      ...optional('updateSequence', attrOf(root, 'updateSequence')),
    };
  }
  checkVersion(attrOf(root, 'version'));
  if (request === 'GetDomain') {
    const texts = (name: string) =>
      children(root, name)
        .map((e) => textOf(e))
        .filter(Boolean);
    return { request, query: domainQuery(texts('ParameterName'), texts('PropertyName')) };
  }
  outputFormat(attrOf(root, 'outputFormat'));
  if (request === 'DescribeRecord') {
    checkSchemaLanguage(attrOf(root, 'schemaLanguage'));
    const names = children(root, 'TypeName').map((n) => textOf(n));
    return { request, typeNames: describedTypes(names.filter(Boolean), 'local names') };
  }
  if (request === 'GetRecordById') {
    const ids = children(root, 'Id')
      .map((i) => textOf(i))
      .filter(Boolean);
    if (ids.length === 0) throw missing('Id');
    if (ids.length > IDS_MAX)
      throw invalid('Id', `At most ${IDS_MAX} ids may be asked for at once.`);
    return {
      request,
      ids,
      elementSet: elementSet(textOf(one(root, 'ElementSetName')) || undefined),
      outputSchema: outputSchema(attrOf(root, 'outputSchema')),
    };
  }
  const query = one(root, 'Query');
  if (!query) throw missing('Query');
  const names = attrOf(query, 'typeNames');
  if (names === undefined || names.trim() === '') throw missing('typeNames');
  checkTypeNames(names.trim().split(/\s+/), 'typeNames');
  const constraintElement = one(query, 'Constraint');
  let constraint: Expr | undefined;
  if (constraintElement) {
    const filter = one(constraintElement, 'Filter');
    const cql = one(constraintElement, 'CqlText');
    if (filter) constraint = readFilter(filter);
    else if (cql) constraint = readCql(textOf(cql));
    else throw invalid('Constraint', 'A Constraint holds an ogc:Filter or a csw:CqlText.');
  }
  const sortProperties = children(one(query, 'SortBy'), 'SortProperty');
  const schema = outputSchema(attrOf(root, 'outputSchema'));
  return {
    request,
    resultType: resultType(attrOf(root, 'resultType')),
    ...selection(
      textOf(one(query, 'ElementSetName')) || undefined,
      children(query, 'ElementName').map((e) => textOf(e)),
      schema,
    ),
    startPosition: whole(attrOf(root, 'startPosition'), 'startPosition', 1, 1, START_MAX),
    maxRecords: Math.min(
      whole(attrOf(root, 'maxRecords'), 'maxRecords', 10, 0, 1_000_000),
      maxRecordsCap,
    ),
    ...(constraint ? { constraint } : {}),
    // The request as sent, less its XML declaration (the answer has its own).
    echo: { xml: text.replace(/^\s*<\?xml[^>]*\?>/, '') },
    sorts: sortsOf(
      sortProperties.map((p) =>
        sortOf(textOf(one(p, 'PropertyName')), textOf(one(p, 'SortOrder')) || undefined),
      ),
    ),
  };
}
