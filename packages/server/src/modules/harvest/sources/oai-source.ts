import {
  attrOf,
  children,
  decodeXml,
  first,
  parseXml,
  textOf,
  type XmlElement,
} from '../../../xml/xml-document.js';
import {
  type Fetch,
  isoRemoteRecord,
  RemoteProtocolError,
  type RemoteRecord,
  type SourceOptions,
  type SourcePages,
} from './source.js';

/**
 * OAI-PMH 2.0 with `metadataPrefix=iso19139`, paged by resumption tokens; the constraint is
 * a set. Listing `records` pages through ListRecords; listing `identifiers` through
 * ListIdentifiers (headers: identifier and datestamp, a fraction of the bytes), and each
 * record that is new or changed is fetched with GetRecord. Deleted headers are left out: a record the remote deleted is simply
 * no longer listed, which the run's set difference turns into a withdrawal. A token that
 * repeats is an error here; tokens that never run out are stopped by the run's limits.
 */

export function listRecordsUrl(
  base: string,
  set: string | null | undefined,
  token: string | null,
  verb: 'ListRecords' | 'ListIdentifiers' = 'ListRecords',
) {
  const url = new URL(base);
  url.search = '';
  url.searchParams.set('verb', verb);
  if (token) url.searchParams.set('resumptionToken', token);
  else {
    url.searchParams.set('metadataPrefix', 'iso19139');
    if (set) url.searchParams.set('set', set);
  }
  return url.href;
}

export function getRecordUrl(base: string, identifier: string) {
  const url = new URL(base);
  url.search = '';
  url.searchParams.set('verb', 'GetRecord');
  url.searchParams.set('identifier', identifier);
  url.searchParams.set('metadataPrefix', 'iso19139');
  return url.href;
}

/** The repository's error, as a message; null for an answer without one. */
function oaiError(root: XmlElement): string | null {
  const error = first(root, 'error');
  if (!error) return null;
  return `The repository answered ${attrOf(error, 'code') ?? 'an error'}: ${textOf(error).slice(0, 300)}`;
}

/** One record fetched with GetRecord: its gmd:MD_Metadata. */
async function getRecord(base: string, identifier: string, fetch: Fetch): Promise<XmlElement> {
  const { name, root } = parseXml(decodeXml((await fetch(getRecordUrl(base, identifier))).body));
  if (name !== 'OAI-PMH') throw new RemoteProtocolError(`The answer is <${name}>, not OAI-PMH`);
  const error = oaiError(root);
  if (error) throw new RemoteProtocolError(error);
  const element = first(first(root, 'GetRecord'), 'record', 'metadata', 'MD_Metadata');
  if (!element) throw new RemoteProtocolError('the record has no gmd:MD_Metadata');
  return element;
}

/** A header of ListIdentifiers as a record to fetch when needed; null for a deleted one. */
function headerOf(header: XmlElement, base: string, fetch: Fetch): RemoteRecord | null {
  if (attrOf(header, 'status') === 'deleted') return null;
  const listedId = textOf(first(header, 'identifier')) || null;
  const datestamp = textOf(first(header, 'datestamp')) || null;
  if (!listedId) {
    return { remoteId: null, datestamp, element: null, problem: 'the header has no identifier' };
  }
  return {
    remoteId: null,
    listedId,
    datestamp,
    element: null,
    load: () => getRecord(base, listedId, fetch),
  };
}

function recordOf(record: ReturnType<typeof children>[number]): RemoteRecord | null {
  const header = first(record, 'header');
  if (attrOf(header, 'status') === 'deleted') return null;
  const headerId = textOf(first(header, 'identifier')) || null;
  const datestamp = textOf(first(header, 'datestamp')) || null;
  const element = first(record, 'metadata', 'MD_Metadata');
  if (!element) {
    return {
      remoteId: headerId,
      listedId: headerId,
      datestamp,
      element: null,
      problem: 'the record has no gmd:MD_Metadata',
    };
  }
  const iso = isoRemoteRecord(element);
  // The protocol's datestamp says when the remote changed the record; the ISO one may lag.
  return {
    ...iso,
    remoteId: iso.remoteId ?? headerId,
    listedId: headerId,
    datestamp: datestamp ?? iso.datestamp,
  };
}

export async function* oaiPages({ source, fetch, listing }: SourceOptions): SourcePages {
  let token: string | null = null;
  const used = new Set<string>();
  const verb = listing === 'identifiers' ? 'ListIdentifiers' : 'ListRecords';
  for (;;) {
    const answer = await fetch(listRecordsUrl(source.url, source.constraint, token, verb));
    const { name, root } = parseXml(decodeXml(answer.body));
    if (name !== 'OAI-PMH') throw new RemoteProtocolError(`The answer is <${name}>, not OAI-PMH`);
    const error = first(root, 'error');
    if (error) {
      // An empty set or an empty repository is an answer, not a failure.
      if (attrOf(error, 'code') === 'noRecordsMatch') {
        yield { records: [], more: false, matched: 0 };
        return;
      }
      throw new RemoteProtocolError(
        `The repository answered ${attrOf(error, 'code') ?? 'an error'}: ${textOf(error).slice(0, 300)}`,
      );
    }
    const list = first(root, verb);
    if (!list) throw new RemoteProtocolError(`The answer has no ${verb} element`);
    const records = (
      verb === 'ListIdentifiers'
        ? children(list, 'header').map((header) => headerOf(header, source.url, fetch))
        : children(list, 'record').map(recordOf)
    ).filter((r): r is RemoteRecord => r !== null);
    const resumption = first(list, 'resumptionToken');
    const next = textOf(resumption) || null;
    const size = Number(attrOf(resumption, 'completeListSize'));
    yield { records, more: next !== null, matched: Number.isFinite(size) ? size : null };
    if (!next) return;
    if (used.has(next)) {
      throw new RemoteProtocolError(
        `The repository sent the resumption token "${next.slice(0, 80)}" twice`,
      );
    }
    used.add(next);
    token = next;
  }
}
