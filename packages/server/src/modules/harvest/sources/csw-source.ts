import { children, decodeXml, parseXml, type XmlElement } from '../../records/xml-document.js';
import {
  isoRemoteRecord,
  RemoteProtocolError,
  type SourceOptions,
  type SourcePages,
} from './source.js';

/**
 * CSW 2.0.2 GetRecords (KVP) with `outputSchema` gmd and `ElementSetName` full, paged by
 * `startPosition`/`nextRecord`. A `nextRecord` that does not move forward is an error here;
 * one that moves forward for ever is stopped by the run's page and record limits.
 */

const GMD = 'http://www.isotc211.org/2005/gmd';

export function getRecordsUrl(
  base: string,
  constraint: string | null | undefined,
  start: number,
  max: number,
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
    elementSetName: 'full',
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

/** The OWS exception text of an error answer, or null when it is none. */
export function owsException(name: string, root: XmlElement): string | null {
  if (name !== 'ExceptionReport') return null;
  const exception = children(root, 'Exception')[0];
  const text = children(exception, 'ExceptionText')
    .map((t) => String(t['#text'] ?? ''))
    .join(' ');
  return `${String(exception?.['@exceptionCode'] ?? 'exception')}: ${text}`.slice(0, 500);
}

export async function* cswPages({ source, fetch, pageSize }: SourceOptions): SourcePages {
  let start = 1;
  for (;;) {
    const answer = await fetch(getRecordsUrl(source.url, source.constraint, start, pageSize));
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
    const records = [
      ...children(results, 'MD_Metadata').map(isoRemoteRecord),
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
    yield { records, more, matched: Number.isFinite(matched) ? matched : null };
    if (!more) return;
    if (next <= start) {
      throw new RemoteProtocolError(
        `The catalogue's nextRecord ${next} does not move on from startPosition ${start}`,
      );
    }
    start = next;
  }
}
