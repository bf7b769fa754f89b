import { type Metadata, pruneEmpty } from '@geoportal/contract/record';
import { xmlText } from '../../xml/xml-tree-writer.js';
import { layerProtocols } from './iso19139-codes.js';

/**
 * The part of a record an ISO 19139 round trip keeps, in the form it comes back in: what
 * `readIso19139(writeIso19139(record))` answers. Not carried: the GeoJSON geometry (the box
 * is), topic categories and resolution of services (SV_ServiceIdentification has no place for
 * them), a layer on a link that is not a service, and characters XML cannot hold. Classified
 * keywords come back grouped by classification (one thesaurus block each).
 */
export function carriedByIso19139(type: string, metadata: Metadata): Metadata {
  const { geometry: _geometry, ...rest } = metadata;
  const carried: Metadata = mapStrings(rest, (s) => xmlText(s).trim());
  if (type === 'service') {
    delete carried.topicCategories;
    delete carried.resolution;
  }
  if (carried.onlineResources) {
    carried.onlineResources = carried.onlineResources.map(({ layer, ...link }) =>
      layer && layerProtocols.has(link.protocol) ? { ...link, layer } : link,
    );
  }
  if (carried.classifiedKeywords) {
    const order = [...new Set(carried.classifiedKeywords.map((k) => k.classification))];
    carried.classifiedKeywords = order.flatMap((id) =>
      (carried.classifiedKeywords ?? []).filter((k) => k.classification === id),
    );
  }
  return pruneEmpty(carried) as Metadata;
}

function mapStrings<T>(value: T, map: (s: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)])) as T;
  }
  return value;
}
