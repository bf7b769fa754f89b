import type { FastifyInstance } from 'fastify';
import { withToken } from '../../test/access-helpers.js';
import { children, parseXml, textOf, type XmlElement } from '../../xml/xml-document.js';

/** Helpers of the CSW tests: requests over HTTP and the answers read back as element trees. */

export interface CswAnswer {
  status: number;
  contentType: string;
  body: string;
  name: string;
  root: XmlElement;
}

/** An answer of the service read back. */
export function cswAnswer(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): CswAnswer {
  const { name, root } = parseXml(res.body);
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type']),
    body: res.body,
    name,
    root,
  };
}

/** GET /csw with the parameters as given (names and values encoded). */
export async function cswGet(
  app: FastifyInstance,
  params: Record<string, string>,
  token?: string,
): Promise<CswAnswer> {
  const query = new URLSearchParams(params).toString();
  const res = await app.inject({
    method: 'GET',
    url: `/csw?${query}`,
    headers: token ? withToken(token) : {},
  });
  return cswAnswer(res);
}

/** POST /csw with an XML body. */
export async function cswPost(
  app: FastifyInstance,
  xml: string,
  token?: string,
  contentType = 'application/xml',
): Promise<CswAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: '/csw',
    headers: { 'content-type': contentType, ...(token ? withToken(token) : {}) },
    payload: xml,
  });
  return cswAnswer(res);
}

/** The exception of a report: code, locator, text. */
export function exceptionOf(answer: CswAnswer) {
  if (answer.name !== 'ExceptionReport') throw new Error(`not an exception report: ${answer.body}`);
  const exception = children(answer.root, 'Exception')[0];
  return {
    status: answer.status,
    code: exception?.['@exceptionCode'],
    locator: exception?.['@locator'],
    text: textOf(children(exception, 'ExceptionText')[0]),
  };
}

/** The search results of a GetRecords answer: counts and the records' identifiers in order. */
export function resultsOf(answer: CswAnswer) {
  if (answer.name !== 'GetRecordsResponse')
    throw new Error(`not a GetRecords answer: ${answer.body}`);
  const results = children(answer.root, 'SearchResults')[0] as XmlElement;
  const records = ['BriefRecord', 'SummaryRecord', 'Record'].flatMap((n) => children(results, n));
  const iso = children(results, 'MD_Metadata');
  return {
    matched: Number(results['@numberOfRecordsMatched']),
    returned: Number(results['@numberOfRecordsReturned']),
    next: Number(results['@nextRecord']),
    elementSet: results['@elementSet'],
    ids: [
      ...records.map((r) => textOf(children(r, 'identifier')[0])),
      ...iso.map((m) => textOf(children(children(m, 'fileIdentifier')[0], 'CharacterString')[0])),
    ],
    records,
    iso,
  };
}

/** An ogc:Filter GetRecords document. */
export function getRecordsXml(
  filter: string | undefined,
  options: {
    resultType?: string;
    elementSet?: string;
    outputSchema?: string;
    startPosition?: number;
    maxRecords?: number;
    sortBy?: string;
    cql?: string;
  } = {},
): string {
  const constraint = filter
    ? `<csw:Constraint version="1.1.0"><ogc:Filter>${filter}</ogc:Filter></csw:Constraint>`
    : options.cql
      ? `<csw:Constraint version="1.1.0"><csw:CqlText>${options.cql}</csw:CqlText></csw:Constraint>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<csw:GetRecords xmlns:csw="http://www.opengis.net/cat/csw/2.0.2" xmlns:ogc="http://www.opengis.net/ogc"
  xmlns:gml="http://www.opengis.net/gml" service="CSW" version="2.0.2"
  resultType="${options.resultType ?? 'results'}" startPosition="${options.startPosition ?? 1}"
  maxRecords="${options.maxRecords ?? 10}"
  ${options.outputSchema ? `outputSchema="${options.outputSchema}"` : ''}>
  <csw:Query typeNames="csw:Record">
    <csw:ElementSetName>${options.elementSet ?? 'brief'}</csw:ElementSetName>
    ${constraint}
    ${options.sortBy ?? ''}
  </csw:Query>
</csw:GetRecords>`;
}

export const like = (property: string, pattern: string) =>
  `<ogc:PropertyIsLike wildCard="%" singleChar="_" escapeChar="\\"><ogc:PropertyName>${property}</ogc:PropertyName><ogc:Literal>${pattern}</ogc:Literal></ogc:PropertyIsLike>`;

export const compare = (op: string, property: string, value: string) =>
  `<ogc:PropertyIs${op}><ogc:PropertyName>${property}</ogc:PropertyName><ogc:Literal>${value}</ogc:Literal></ogc:PropertyIs${op}>`;

export const bbox = (west: number, south: number, east: number, north: number) =>
  `<ogc:BBOX><ogc:PropertyName>ows:BoundingBox</ogc:PropertyName><gml:Envelope><gml:lowerCorner>${west} ${south}</gml:lowerCorner><gml:upperCorner>${east} ${north}</gml:upperCorner></gml:Envelope></ogc:BBOX>`;

/** GET /csw of a CSW 2.0.2 operation: service, version and request, then `params`. */
export function cswOperation(
  app: FastifyInstance,
  request: 'GetRecords' | 'GetRecordById',
  params: Record<string, string>,
): Promise<CswAnswer> {
  const typeNames: Record<string, string> =
    request === 'GetRecords' ? { typeNames: 'csw:Record', resultType: 'results' } : {};
  return cswGet(app, { service: 'CSW', version: '2.0.2', request, ...typeNames, ...params });
}
