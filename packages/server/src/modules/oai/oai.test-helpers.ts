import type { FastifyInstance } from 'fastify';
import { children, first, parseXml, textOf, type XmlElement } from '../../xml/xml-document.js';

/** Helpers of the OAI-PMH tests: requests over HTTP and the answers read back. */

export interface OaiAnswer {
  status: number;
  contentType: string;
  body: string;
  root: XmlElement;
  responseDate: string;
  /** The `request` element's attributes. */
  request: Record<string, string>;
  errors: { code: string; text: string }[];
}

export function oaiAnswer(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): OaiAnswer {
  const { name, root } = parseXml(res.body);
  if (name !== 'OAI-PMH') throw new Error(`not an OAI-PMH answer: ${res.body.slice(0, 300)}`);
  const request = first(root, 'request') ?? {};
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type']),
    body: res.body,
    root,
    responseDate: textOf(first(root, 'responseDate')),
    request: Object.fromEntries(
      Object.entries(request)
        .filter(([key]) => key.startsWith('@'))
        .map(([key, value]) => [key.slice(1), String(value)]),
    ),
    errors: children(root, 'error').map((e) => ({ code: String(e['@code']), text: textOf(e) })),
  };
}

/** GET /oai with the arguments as given (a list keeps repeated names). */
export async function oaiGet(
  app: FastifyInstance,
  args: Record<string, string> | [string, string][],
  headers: Record<string, string> = {},
): Promise<OaiAnswer> {
  const res = await app.inject({
    method: 'GET',
    url: `/oai?${new URLSearchParams(args).toString()}`,
    headers,
  });
  return oaiAnswer(res);
}

/** POST /oai with the arguments as a form. */
export async function oaiPost(
  app: FastifyInstance,
  args: Record<string, string>,
): Promise<OaiAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: '/oai',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(args).toString(),
  });
  return oaiAnswer(res);
}

/** One header of a list or record, read back. */
export interface HeaderRead {
  identifier: string;
  id: string;
  datestamp: string;
  deleted: boolean;
  setSpecs: string[];
}

function headerRead(element: XmlElement): HeaderRead {
  const identifier = textOf(first(element, 'identifier'));
  return {
    identifier,
    id: identifier.slice(identifier.lastIndexOf(':') + 1),
    datestamp: textOf(first(element, 'datestamp')),
    deleted: element['@status'] === 'deleted',
    setSpecs: children(element, 'setSpec').map(textOf),
  };
}

/** A record: its header and, unless deleted, its Dublin Core title(s) and metadata element. */
export interface RecordRead extends HeaderRead {
  titles: string[];
  metadata: XmlElement | undefined;
}

function recordRead(element: XmlElement): RecordRead {
  const metadata = first(element, 'metadata');
  return {
    ...headerRead(first(element, 'header') as XmlElement),
    titles: children(first(metadata, 'dc'), 'title').map(textOf),
    metadata,
  };
}

/** The items of a list answer and its resumption token, if any. */
export function listOf(answer: OaiAnswer) {
  const verb = answer.request.verb as 'ListIdentifiers' | 'ListRecords';
  const list = first(answer.root, verb);
  const token = first(list, 'resumptionToken');
  return {
    headers:
      verb === 'ListIdentifiers'
        ? children(list, 'header').map(headerRead)
        : children(list, 'record').map((r) => headerRead(first(r, 'header') as XmlElement)),
    records: verb === 'ListRecords' ? children(list, 'record').map(recordRead) : [],
    token: token
      ? {
          value: textOf(token),
          completeListSize: Number(token['@completeListSize']),
          cursor: Number(token['@cursor']),
        }
      : undefined,
  };
}

/** The record of a GetRecord answer. */
export const recordOf = (answer: OaiAnswer) =>
  recordRead(first(answer.root, 'GetRecord', 'record') as XmlElement);

/**
 * A whole harvest as a harvester runs it: the first request, then every resumption token
 * until an empty one. `between` runs after each page (the tests change records there).
 */
export async function harvest(
  app: FastifyInstance,
  args: Record<string, string>,
  between: (page: number) => Promise<void> = async () => {},
) {
  const first = await oaiGet(app, args);
  const pages = [first];
  let answer = first;
  const records: RecordRead[] = [];
  const headers: HeaderRead[] = [];
  for (let page = 0; ; page++) {
    if (answer.errors.length > 0) {
      // An empty list is noRecordsMatch, the first time and when the rest of a list changed.
      if (answer.errors[0]?.code !== 'noRecordsMatch') throw new Error(answer.body);
      break;
    }
    const list = listOf(answer);
    records.push(...list.records);
    headers.push(...list.headers);
    if (!list.token?.value) break;
    await between(page);
    answer = await oaiGet(app, { verb: args.verb as string, resumptionToken: list.token.value });
    pages.push(answer);
  }
  return { responseDate: first.responseDate, pages, records, headers };
}
