import type { Contact, Metadata } from '@geoportal/contract/record';
import type { ObjectRecord } from '../objects/object-kernel.js';
import { featurePlace } from '../records/geojson.js';
import { INSPIRE_THEME_SCHEME } from '../records/iso19139-codes.js';

/**
 * A metadata record as the record of OGC API Records Part 1 (`recordGeoJSON`): a GeoJSON
 * Feature with `time`, the core properties and links to its other representations (the record
 * page and the ISO 19139 document of `GET /object/{id}`).
 */

export type Language = 'de' | 'en';

export const RECORD_CORE = 'http://www.opengis.net/spec/ogcapi-records-1/1.0/conf/record-core';

/** Where the API, the record pages and the object API live. */
export interface Places {
  publicUrl: string;
  /** `${publicUrl}/ogcapi` */
  api: string;
}

export const itemUrl = (places: Places, id: string) =>
  `${places.api}/collections/metadata/items/${encodeURIComponent(id)}`;
export const recordPageUrl = (places: Places, id: string) =>
  `${places.publicUrl}/metadata/${encodeURIComponent(id)}`;
const isoUrl = (places: Places, id: string) =>
  `${places.publicUrl}/api/v1/object/${encodeURIComponent(id)}?format=iso19139`;

/** A text in the asked language, else the other one. */
export const inLanguage = (text: { de?: string; en?: string } | undefined, lang: Language) =>
  text?.[lang] ?? text?.[lang === 'de' ? 'en' : 'de'];

/** The language the record's title is answered in. */
const answeredLanguage = (metadata: Metadata, lang: Language): Language =>
  metadata.title[lang] !== undefined ? lang : lang === 'de' ? 'en' : 'de';

const TOPIC_SCHEME =
  'https://standards.iso.org/iso/19139/resources/gmxCodelists.xml#MD_TopicCategoryCode';

/** Topic categories and classified keywords as themes, one per scheme. */
function themes(metadata: Metadata) {
  const result: { scheme: string; concepts: { id: string; url?: string }[] }[] = [];
  if (metadata.topicCategories?.length) {
    result.push({ scheme: TOPIC_SCHEME, concepts: metadata.topicCategories.map((id) => ({ id })) });
  }
  const bySchema = new Map<string, string[]>();
  for (const k of metadata.classifiedKeywords ?? []) {
    bySchema.set(k.classification, [...(bySchema.get(k.classification) ?? []), k.code]);
  }
  for (const [classification, codes] of bySchema) {
    result.push(
      classification === 'inspireTheme'
        ? {
            scheme: INSPIRE_THEME_SCHEME,
            concepts: codes.map((id) => ({ id, url: `${INSPIRE_THEME_SCHEME}/${id}` })),
          }
        : { scheme: classification, concepts: codes.map((id) => ({ id })) },
    );
  }
  return result;
}

function contact(c: Contact) {
  return {
    ...(c.person ? { name: c.person } : {}),
    ...(c.organisation ? { organization: c.organisation } : {}),
    ...(c.email ? { emails: [{ value: c.email }] } : {}),
    ...(c.phone ? { phones: [{ value: c.phone }] } : {}),
    roles: [c.role],
  };
}

function time(metadata: Metadata) {
  const t = metadata.temporalExtent;
  if (!t || (!t.start && !t.end)) return null;
  return { interval: [t.start ?? '..', t.end ?? '..'] };
}

function resourceLinks(metadata: Metadata) {
  return (metadata.onlineResources ?? []).map((r) => ({
    href: r.url,
    rel: r.protocol === 'download' ? 'enclosure' : 'related',
    ...(r.name ? { title: r.name } : {}),
    protocol: r.protocol,
    ...(r.layer ? { layer: r.layer } : {}),
  }));
}

/** The record of the API for an object the caller may read. */
export function toRecord(object: ObjectRecord, places: Places, lang: Language) {
  const { metadata } = object;
  const language = answeredLanguage(metadata, lang);
  const self = itemUrl(places, object.id);
  const keywords = metadata.keywords ?? [];
  const description = inLanguage(metadata.abstract, language);
  // Record core's `rights` holds every right beside the licence: use, then access.
  const rights = [metadata.useConstraints, metadata.accessConstraints]
    .map((statement) => inLanguage(statement, language))
    .filter(Boolean)
    .join('\n\n');
  const lineage = inLanguage(metadata.lineage, language);
  return {
    id: object.id,
    type: 'Feature' as const,
    conformsTo: [RECORD_CORE],
    time: time(metadata),
    ...featurePlace(metadata),
    properties: {
      type: object.type,
      title: inLanguage(metadata.title, language) ?? '',
      ...(description ? { description } : {}),
      ...(keywords.length > 0 ? { keywords } : {}),
      themes: themes(metadata),
      language: { code: language },
      languages: (['de', 'en'] as const)
        .filter((code) => metadata.title[code] !== undefined)
        .map((code) => ({ code })),
      ...(metadata.identifier
        ? { externalIds: [{ scheme: 'default', value: metadata.identifier }] }
        : {}),
      contacts: (metadata.contacts ?? []).map(contact),
      formats: (metadata.formats ?? []).map((f) => ({
        name: f.version ? `${f.name} ${f.version}` : f.name,
      })),
      ...(metadata.licence ? { license: metadata.licence } : {}),
      ...(rights ? { rights } : {}),
      // Beyond record core, under the names of their queryables.
      ...(metadata.referenceSystem ? { crs: metadata.referenceSystem } : {}),
      ...(metadata.resolution ? { resolution: metadata.resolution } : {}),
      ...(lineage ? { lineage } : {}),
      created: object.created,
      updated: object.modified,
    },
    links: [
      { href: self, rel: 'self', type: 'application/geo+json', title: 'This record as JSON' },
      {
        href: `${self}?f=html`,
        rel: 'alternate',
        type: 'text/html',
        title: 'This record as HTML',
      },
      {
        href: recordPageUrl(places, object.id),
        rel: 'alternate',
        type: 'text/html',
        title: 'The record page of the catalogue',
      },
      {
        href: isoUrl(places, object.id),
        rel: 'alternate',
        type: 'application/xml',
        title: 'ISO 19139 metadata document',
      },
      {
        href: `${places.api}/collections/metadata`,
        rel: 'collection',
        type: 'application/json',
        title: 'The collection of metadata records',
      },
      ...resourceLinks(metadata),
    ],
  };
}

export type ApiRecord = ReturnType<typeof toRecord>;
