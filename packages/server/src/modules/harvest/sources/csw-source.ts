import { xmlNamespaces } from '../../../xml/namespaces.js';
import { children, decodeXml, parseXml, type XmlElement } from '../../../xml/xml-document.js';
import {
  type Fetch,
  isoFileIdentifier,
  isoRemoteRecord,
  RemoteProtocolError,
  type RemoteRecord,
  type SourceOptions,
  type SourcePages,
} from './source.js';

/**
 * CSW 2.0.2 GetRecords (KVP) with `outputSchema` gmd, paged by `startPosition`/`nextRecord`.
 * A `nextRecord` that does not move forward is an error here; one that moves forward for
 * ever is stopped by the run's page and record limits.
 *
 * Listing `records` asks for `ElementSetName` full. Listing `identifiers` asks for brief:
 * the ISO Application Profile's brief record (OGC 07-045 §7.4.1) carries the
 * gmd:fileIdentifier, and ISO 19139 makes gmd:dateStamp mandatory in every MD_Metadata, so
 * the brief page says which records changed; those are then fetched whole with
 * GetRecordById, many ids per request. (The Dublin Core brief record has no date; the
 * summary record's dct:modified need not be the metadata's date stamp.)
 */

/** Most ids one GetRecordById asks for (this product's CSW answers up to 100). */
const IDS_PER_REQUEST = 100;

const GMD = xmlNamespaces.gmd;

export function getRecordsUrl(
  base: string,
  constraint: string | null | undefined,
  start: number,
  max: number,
  elementSet: 'brief' | 'full' = 'full',
) {
  const url = new URL(base);
  const params = url.searchParams;
  for (const [key, value] of Object.entries({
    service: 'CSW',
    version: '2.0.2',
    request: 'GetRecords',
    typeNames: 'gmd:MD_Metadata',
    namespace: `xmlns(gmd=${GMD})`,
    outputSchema: GMD,
    elementSetName: elementSet,
    resultType: 'results',
    startPosition: String(start),
    maxRecords: String(max),
  })) {
    params.set(key, value);
  }
  if (constraint) {
    params.set('constraintLanguage', 'CQL_TEXT');
    params.set('constraint_language_version', '1.1.0');
    params.set('constraint', constraint);
  }
  return url.href;
}

export function getRecordByIdUrl(base: string, ids: readonly string[]) {
  const url = new URL(base);
  const params = url.searchParams;
  for (const key of [...params.keys()]) {
    // The GetRecords parameters a base URL may carry do not belong to GetRecordById.
    if (
      /^(request|constraint|constraintlanguage|constraint_language_version|typenames|startposition|maxrecords|resulttype)$/i.test(
        key,
      )
    )
      params.delete(key);
  }
  for (const [key, value] of Object.entries({
    service: 'CSW',
    version: '2.0.2',
    request: 'GetRecordById',
    outputSchema: GMD,
    elementSetName: 'full',
    id: ids.join(','),
  })) {
    params.set(key, value);
  }
  return url.href;
}

/** The OWS exception text of an error answer, or null when it is none. */
export function owsException(name: string, root: XmlElement): string | null {
  if (name !== 'ExceptionReport') return null;
  const exception = children(root, 'Exception')[0];
  const text = children(exception, 'ExceptionText')
    .map((t) => String(t['#text'] ?? ''))
    .join(' ');
  return `${String(exception?.['@exceptionCode'] ?? 'exception')}: ${text}`.slice(0, 500);
}

/**
 * Fetches whole records by their file identifiers, `IDS_PER_REQUEST` at a time; a record the
 * answer lacks is one the remote would not give by its identifier.
 */
function loadById(base: string, fetch: Fetch) {
  return async (records: readonly RemoteRecord[]) => {
    const found = new Map<RemoteRecord, XmlElement | string>();
    const wanted = records.filter((r) => r.remoteId);
    for (let i = 0; i < wanted.length; i += IDS_PER_REQUEST) {
      const batch = wanted.slice(i, i + IDS_PER_REQUEST);
      const answer = await fetch(
        getRecordByIdUrl(
          base,
          batch.map((r) => r.remoteId as string),
        ),
      );
      const { name, root } = parseXml(decodeXml(answer.body));
      const exception = owsException(name, root);
      if (exception) throw new RemoteProtocolError(`The catalogue answered ${exception}`);
      if (name !== 'GetRecordByIdResponse') {
        throw new RemoteProtocolError(`The answer is <${name}>, not a CSW GetRecordByIdResponse`);
      }
      const byId = new Map<string, XmlElement>();
      for (const element of children(root, 'MD_Metadata')) {
        const id = isoFileIdentifier(element);
        if (id && !byId.has(id)) byId.set(id, element);
      }
      for (const record of batch) {
        found.set(
          record,
          byId.get(record.remoteId as string) ??
            'the catalogue listed it but did not return it by GetRecordById',
        );
      }
    }
    return found;
  };
}

export async function* cswPages({ source, fetch, pageSize, listing }: SourceOptions): SourcePages {
  let start = 1;
  const elementSet = listing === 'identifiers' ? 'brief' : 'full';
  const loadMany = loadById(source.url, fetch);
  for (;;) {
    const answer = await fetch(
      getRecordsUrl(source.url, source.constraint, start, pageSize, elementSet),
    );
    const { name, root } = parseXml(decodeXml(answer.body));
    const exception = owsException(name, root);
    if (exception) throw new RemoteProtocolError(`The catalogue answered ${exception}`);
    if (name !== 'GetRecordsResponse') {
      throw new RemoteProtocolError(`The answer is <${name}>, not a CSW GetRecordsResponse`);
    }
    const results = children(root, 'SearchResults')[0];
    if (!results) throw new RemoteProtocolError('The answer has no csw:SearchResults');
    const matched = Number(results['@numberOfRecordsMatched']);
    const next = Number(results['@nextRecord'] ?? 0);
    // A remote that ignores the element set and answers whole records saves the second trip.
    const whole =
      elementSet === 'full' || String(results['@elementSet'] ?? '').toLowerCase() === 'full';
    const records: RemoteRecord[] = [
      ...children(results, 'MD_Metadata').map((element) => {
        const record = isoRemoteRecord(element);
        return whole
          ? { ...record, listedId: record.remoteId }
          : { ...record, listedId: record.remoteId, element: null };
      }),
      // A remote that ignores the output schema answers Dublin Core: each such record fails.
      ...['Record', 'SummaryRecord', 'BriefRecord'].flatMap((other) =>
        children(results, other).map(() => ({
          remoteId: null,
          datestamp: null,
          element: null,
          problem: `the catalogue sent a csw:${other} instead of ISO 19139`,
        })),
      ),
    ];
    const more = Number.isFinite(next) && next > 0 && records.length > 0;
    yield {
      records,
      more,
      matched: Number.isFinite(matched) ? matched : null,
      ...(whole ? {} : { loadMany }),
    };
    if (!more) return;
    if (next <= start) {
      throw new RemoteProtocolError(
        `The catalogue's nextRecord ${next} does not move on from startPosition ${start}`,
      );
    }
    start = next;
  }
}
