import {
  attrOf,
  children,
  decodeXml,
  first,
  parseXml,
  textOf,
} from '../../records/xml-document.js';
import {
  isoRemoteRecord,
  RemoteProtocolError,
  type RemoteRecord,
  type SourceOptions,
  type SourcePages,
} from './source.js';

/**
 * OAI-PMH 2.0 ListRecords with `metadataPrefix=iso19139`, paged by resumption tokens; the
 * constraint is a set. Deleted headers are left out: a record the remote deleted is simply
 * no longer listed, which the run's set difference turns into a withdrawal. A token that
 * repeats is an error here; tokens that never run out are stopped by the run's limits.
 */

export function listRecordsUrl(base: string, set: string | null | undefined, token: string | null) {
  const url = new URL(base);
  url.search = '';
  url.searchParams.set('verb', 'ListRecords');
  if (token) url.searchParams.set('resumptionToken', token);
  else {
    url.searchParams.set('metadataPrefix', 'iso19139');
    if (set) url.searchParams.set('set', set);
  }
  return url.href;
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
      datestamp,
      element: null,
      problem: 'the record has no gmd:MD_Metadata',
    };
  }
  const iso = isoRemoteRecord(element);
  // The protocol's datestamp says when the remote changed the record; the ISO one may lag.
  return { ...iso, remoteId: iso.remoteId ?? headerId, datestamp: datestamp ?? iso.datestamp };
}

export async function* oaiPages({ source, fetch }: SourceOptions): SourcePages {
  let token: string | null = null;
  const used = new Set<string>();
  for (;;) {
    const answer = await fetch(listRecordsUrl(source.url, source.constraint, token));
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
    const list = first(root, 'ListRecords');
    if (!list) throw new RemoteProtocolError('The answer has no ListRecords element');
    const records = children(list, 'record')
      .map(recordOf)
      .filter((r): r is RemoteRecord => r !== null);
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
