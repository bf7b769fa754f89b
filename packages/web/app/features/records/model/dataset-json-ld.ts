import type { Contact, OnlineResource } from '@geoportal/contract/record';
import type { RecordView } from '../../../lib/api/get-record';
import { localized } from './localized-text';
import type { RecordLabels } from './record-labels';

/**
 * The schema.org `Dataset` description of a public record, as Google Dataset Search reads it
 * (https://developers.google.com/search/docs/appearance/structured-data/dataset): `name` and
 * `description` are required, the rest recommended. Only what the record holds is written.
 */

type Agent = { '@type': 'Organization' | 'Person'; name: string; email?: string };

/** One way to get the data: a file of the record or a download or data service link. */
export interface DataDownload {
  '@type': 'DataDownload';
  contentUrl: string;
  encodingFormat?: string;
  name?: string;
}

export interface DatasetJsonLd {
  '@context': 'https://schema.org';
  '@type': 'Dataset';
  '@id': string;
  url: string;
  name: string;
  description?: string;
  identifier: string;
  inLanguage: string;
  keywords?: string[];
  license?: string | { '@type': 'CreativeWork'; name: string };
  isAccessibleForFree?: true;
  creator?: Agent[];
  publisher?: Agent;
  spatialCoverage?: { '@type': 'Place'; geo: { '@type': 'GeoShape'; box: string } };
  temporalCoverage?: string;
  distribution?: DataDownload[];
  dateCreated?: string;
  datePublished?: string;
  dateModified: string;
}

/** A file of a bundle that visitors see, with the absolute address it is downloaded from. */
export interface PublicFile {
  path: string;
  contentUrl: string;
  mediaType: string;
}

/** What the description is built from; all of it the visitor's view of the record. */
export interface DatasetSource {
  record: RecordView;
  /** The canonical address of the record's page. */
  url: string;
  /** The page language; texts fall back to the other language. */
  lang: string;
  /** Labels and nodes of the record's classifications (keywords, licence). */
  labels: RecordLabels;
  /** The files of the bundles visitors see. */
  files: readonly PublicFile[];
}

// ISO 19115 roles (classification `contactRole`) by what schema.org calls them. A record
// that names no creator in the narrow sense names its owner or point of contact instead:
// INSPIRE asks only for a point of contact, and Google recommends a creator.
const creatorRoles = [
  ['originator', 'author', 'principalInvestigator'],
  ['owner', 'custodian', 'pointOfContact', 'resourceProvider'],
];
const publisherRoles = [['publisher'], ['distributor', 'resourceProvider']];

/** Link protocols (classification `protocol`) that deliver the data, with what they deliver. */
const dataProtocols: Record<string, string | undefined> = {
  download: undefined,
  wfs: 'application/gml+xml',
  'ogc-api-features': 'application/geo+json',
};

/** Media types of common file endings of downloads. */
const mediaTypesByEnding: Record<string, string> = {
  zip: 'application/zip',
  csv: 'text/csv',
  json: 'application/json',
  geojson: 'application/geo+json',
  gml: 'application/gml+xml',
  xml: 'application/xml',
  gpkg: 'application/geopackage+sqlite3',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  kml: 'application/vnd.google-earth.kml+xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function agentOf(contact: Contact): Agent | undefined {
  const name = contact.organisation ?? contact.person;
  if (!name) return undefined;
  return {
    '@type': contact.organisation ? 'Organization' : 'Person',
    name,
    ...(contact.email ? { email: contact.email } : {}),
  };
}

/** The agents of the first group of roles the record has, each name once. */
function agentsIn(contacts: readonly Contact[], roleGroups: string[][]): Agent[] {
  for (const roles of roleGroups) {
    const agents = new Map<string, Agent>();
    for (const contact of contacts) {
      const agent = roles.includes(contact.role) ? agentOf(contact) : undefined;
      if (agent && !agents.has(agent.name)) agents.set(agent.name, agent);
    }
    if (agents.size > 0) return [...agents.values()];
  }
  return [];
}

/** The media type of a download by its address's file ending, else the record's formats. */
function downloadFormat(url: string, formats: readonly string[]): string | undefined {
  const ending = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const byEnding = ending ? mediaTypesByEnding[ending] : undefined;
  return byEnding ?? (formats.length > 0 ? formats.join(', ') : undefined);
}

function linkDownload(resource: OnlineResource, formats: readonly string[]): DataDownload {
  const format =
    resource.protocol === 'download'
      ? downloadFormat(resource.url, formats)
      : dataProtocols[resource.protocol];
  return {
    '@type': 'DataDownload',
    contentUrl: resource.url,
    ...(format ? { encodingFormat: format } : {}),
    ...(resource.name ? { name: resource.name } : {}),
  };
}

/** ISO 8601 interval of the temporal extent; `..` for an open end. */
function temporalCoverage(extent: { start?: string; end?: string } | undefined) {
  if (!extent || (!extent.start && !extent.end)) return undefined;
  if (extent.start && extent.start === extent.end) return extent.start;
  return `${extent.start ?? '..'}/${extent.end ?? '..'}`;
}

/**
 * The licence: its page for people (or its concept URI) from the licence classification;
 * a licence without either (such as "other") by its name. Free of charge when the licence
 * has an address: every licence of the classification that has one is an open licence.
 */
function licenceOf(code: string | undefined, labels: RecordLabels) {
  if (!code) return {};
  const node = labels.node('license', code);
  const address = node?.url ?? node?.uri;
  if (address) return { license: address, isAccessibleForFree: true as const };
  return { license: { '@type': 'CreativeWork' as const, name: labels.label('license', code) } };
}

/**
 * The JSON-LD of a record, or null when it is not published: drafts, submissions and
 * withdrawn records are never described to search engines. Give it only the visitor's view
 * of the record (the page's server loader does).
 */
export function datasetJsonLd(source: DatasetSource): DatasetJsonLd | null {
  const { record, url, lang, labels, files } = source;
  if (record.state !== 'published') return null;
  const { metadata } = record;
  const title = localized(metadata.title, lang) ?? localized(record.title, lang);
  if (!title) return null;
  const abstract = localized(metadata.abstract, lang);
  const keywords = [
    ...(metadata.keywords ?? []),
    ...(metadata.classifiedKeywords ?? []).map((k) => labels.label(k.classification, k.code)),
  ];
  const contacts = metadata.contacts ?? [];
  const creator = agentsIn(contacts, creatorRoles);
  const [publisher] = agentsIn(contacts, publisherRoles);
  const formats = (metadata.formats ?? []).map((f) => f.name);
  const distribution: DataDownload[] = [
    ...files.map((file) => ({
      '@type': 'DataDownload' as const,
      contentUrl: file.contentUrl,
      encodingFormat: file.mediaType,
      name: file.path,
    })),
    ...(metadata.onlineResources ?? [])
      .filter((resource) => resource.protocol in dataProtocols)
      .map((resource) => linkDownload(resource, formats)),
  ];
  const { extent, dates } = metadata;
  const coverage = temporalCoverage(metadata.temporalExtent);
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': url,
    url,
    name: title.text,
    ...(abstract ? { description: abstract.text } : {}),
    // The resource's own identifier (a code or URI), else the record's.
    identifier: metadata.identifier ?? record.id,
    inLanguage: title.lang,
    ...(keywords.length > 0 ? { keywords: [...new Set(keywords)] } : {}),
    ...licenceOf(metadata.licence, labels),
    ...(creator.length > 0 ? { creator } : {}),
    ...(publisher ? { publisher } : {}),
    ...(extent
      ? {
          spatialCoverage: {
            '@type': 'Place',
            // schema.org's box is "south west north east" (two corners, latitude first).
            geo: {
              '@type': 'GeoShape',
              box: `${extent.south} ${extent.west} ${extent.north} ${extent.east}`,
            },
          },
        }
      : {}),
    ...(coverage ? { temporalCoverage: coverage } : {}),
    ...(distribution.length > 0 ? { distribution } : {}),
    ...(dates?.creation ? { dateCreated: dates.creation } : {}),
    ...(dates?.publication ? { datePublished: dates.publication } : {}),
    dateModified: record.modified,
  };
}

/**
 * The JSON for a `<script type="application/ld+json">` element. `<`, `>` and `&` are
 * escaped as JSON unicode escapes, so a title such as `</script><script>…` cannot end the
 * element and start markup (the value stays the same for every JSON parser).
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
