import { decodeXml, parseXml, type XmlElement } from '../../../xml/xml-document.js';
import {
  RemoteProtocolError,
  type RemoteRecord,
  type SourceOptions,
  type SourcePages,
} from './source.js';

/**
 * OGC API – Records (Part 1): the items of a record collection as GeoJSON, paged by the
 * `next` links; the constraint is a query string of `q` and/or `bbox`. Each item links to
 * its ISO 19139 representation (`rel=alternate`), which is fetched only for records that
 * are new or changed since the last run (by the item's `updated`, else `created`): the
 * items are the light listing whichever way the run lists.
 */

interface Link {
  rel?: unknown;
  type?: unknown;
  href?: unknown;
}

interface Feature {
  id?: unknown;
  properties?: Record<string, unknown> | null;
  links?: Link[];
}

/** Media types of an ISO 19139 representation. */
const isoTypes = /19139|[/+]xml\b/i;

export function itemsUrl(base: string, constraint: string | null | undefined, limit: number) {
  const url = new URL(base);
  if (!/\/items\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/$/, '')}/items`;
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('f', 'json');
  for (const [key, value] of new URLSearchParams(constraint ?? '')) {
    if (key === 'q' || key === 'bbox') url.searchParams.set(key, value);
  }
  return url.href;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function isoLink(feature: Feature, base: string): string | null {
  const link = (feature.links ?? []).find(
    (l) =>
      (l.rel === 'alternate' || l.rel === 'describedby') &&
      typeof l.type === 'string' &&
      isoTypes.test(l.type),
  );
  const href = text(link?.href);
  return href ? new URL(href, base).href : null;
}

export async function* ogcApiRecordsPages({ source, fetch, pageSize }: SourceOptions): SourcePages {
  let next: string | null = itemsUrl(source.url, source.constraint, pageSize);
  const visited = new Set<string>();
  while (next) {
    visited.add(next);
    const answer = await fetch(next);
    let page: { features?: unknown; links?: Link[]; numberMatched?: unknown };
    try {
      page = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new RemoteProtocolError('The items answer is not JSON');
    }
    if (!page || !Array.isArray(page.features)) {
      throw new RemoteProtocolError('The items answer is not a GeoJSON FeatureCollection');
    }
    const records: RemoteRecord[] = (page.features as Feature[]).map((feature) => {
      const properties = feature.properties ?? {};
      const remoteId = text(feature.id) ?? text(properties.identifier);
      const datestamp = text(properties.updated) ?? text(properties.created);
      const href = isoLink(feature, answer.url);
      if (!href) {
        return {
          remoteId,
          listedId: remoteId,
          datestamp,
          element: null,
          problem: 'the item links to no ISO 19139 record',
        };
      }
      return {
        remoteId,
        listedId: remoteId,
        datestamp,
        element: null,
        load: async () => {
          const { name, root } = parseXml(decodeXml((await fetch(href)).body));
          const element =
            name === 'MD_Metadata' ? root : (root.MD_Metadata as XmlElement[] | undefined)?.[0];
          if (!element)
            throw new RemoteProtocolError(`the linked document is <${name}>, not ISO 19139`);
          return element;
        },
      };
    });
    const link = (page.links ?? []).find((l) => l.rel === 'next');
    const href = text(link?.href);
    next = href ? new URL(href, answer.url).href : null;
    if (next && visited.has(next)) {
      throw new RemoteProtocolError(
        `The next link ${next.slice(0, 200)} points back to a page already read`,
      );
    }
    const matched = Number(page.numberMatched);
    yield { records, more: next !== null, matched: Number.isFinite(matched) ? matched : null };
  }
}
