import { isMapService, type Metadata, referenceDate } from '@geoportal/contract/record';
import type { FacetField, RecordTextField, ValueField } from '@geoportal/contract/search';
import { type GrantFact, isPublic } from '../objects/policy.js';
import { type IndexBox, indexBoxes } from './search-boxes.js';
import { PUBLIC_READER } from './visibility-sql.js';

/**
 * The searchable form of one object: what the search index stores (migration 0007) computed
 * from the object, its grants and the classification labels. Pure: the repository turns the
 * texts into weighted `tsvector`s in SQL.
 */

/** What the document is made from. */
export interface DocumentSource {
  id: string;
  type: string;
  state: string;
  ownerId: string;
  public: boolean;
  metadata: Metadata;
  created: Date;
  modified: Date;
  grants: readonly GrantFact[];
}

/** Labels of classification codes per language: `labels.get('inspireTheme')?.get('so')`. */
export type CodeLabels = ReadonlyMap<string, ReadonlyMap<string, { de?: string; en?: string }>>;

/** Texts of one weight: German, English and language-neutral (names, codes, free keywords). */
export interface WeightedTexts {
  de: string;
  en: string;
  neutral: string;
}

export interface SearchDocument {
  objectId: string;
  type: string;
  state: string;
  readers: string[];
  /** A titles, B keywords and classification labels, C abstracts, D everything else. */
  texts: Record<'A' | 'B' | 'C' | 'D', WeightedTexts>;
  /** Texts of the catalogue service's text queryables, indexed as fields of their own. */
  fieldTexts: Record<RecordTextField, WeightedTexts>;
  /** Facet values, and the values of the value fields (`valueFields`), as `field=value`. */
  facets: string[];
  titleDe: string | null;
  titleEn: string | null;
  titleSort: string;
  refDate: string | null;
  temporalStart: string | null;
  temporalEnd: string | null;
  created: Date;
  modified: Date;
  bbox: { west: number; south: number; east: number; north: number } | null;
  /** Boxes for the spatial index as [west, south, east, north]; the second only across the antimeridian. */
  boxes: IndexBox[];
  footprint: Metadata['geometry'] | null;
  mapServices: boolean;
  /** Hosts of the map services as `host:port` (`serviceHostKey`), for the proxy's allowance. */
  serviceHosts: string[];
  /** Titles and keywords offered as suggestions. */
  terms: { kind: 'title' | 'keyword'; term: string; norm: string }[];
}

/** The facet value stored for a field, e.g. `licence=cc-by-4.0`. */
export const facetValue = (field: FacetField | ValueField, value: string) => `${field}=${value}`;

/**
 * The ISO restriction code the ISO 19139 writer states for access constraints: it writes
 * them as `otherConstraints` under `accessConstraints` `otherRestrictions`.
 */
export const ACCESS_RESTRICTION = 'otherRestrictions';

/** Lower case without diacritics: sort keys and suggestion matching. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Who may find the object, as tokens the viewer's own tokens are matched against
 * (`viewerTokens` in visibility-sql.ts). The same rule as `can(read)` in objects/policy.ts without keys: public
 * records (`isPublic`: published, by the flag or a grant to everyone) for all; the owner; any
 * grant (every permission implies read) to the user, a group or a role. A grant to everyone
 * on a record that is not published opens it to nobody (review cannot be bypassed). Editors
 * and administrators read everything and are not filtered at all.
 */
function readersOf(
  source: Pick<DocumentSource, 'state' | 'public' | 'ownerId' | 'grants'>,
): string[] {
  const readers = new Set<string>();
  if (isPublic(source)) readers.add(PUBLIC_READER);
  readers.add(`owner:${source.ownerId}`);
  for (const grant of source.grants) {
    const s = grant.subject;
    // A user grant names the account (objects/policy.ts `GrantFact`); one without grants nobody.
    if (s.kind === 'user') {
      const accountId = grant.accountId;
      if (accountId) readers.add(`user:${accountId}`);
    } else if (s.kind === 'group') readers.add(`group:${s.name.toLowerCase()}`);
    else if (s.kind === 'role') readers.add(`role:${s.name}`);
  }
  return [...readers].sort();
}

const join = (...parts: (string | undefined | null)[]) =>
  parts.filter((p): p is string => Boolean(p)).join(' \n ');

export function searchDocumentOf(source: DocumentSource, labels: CodeLabels): SearchDocument {
  const m = source.metadata;
  const label = (classification: string, code: string) =>
    labels.get(classification)?.get(code) ?? {};
  const classified = [
    ...(m.topicCategories ?? []).map((code) => label('topicCategory', code)),
    ...(m.classifiedKeywords ?? []).map((k) => label(k.classification, k.code)),
  ];
  const organisations = unique((m.contacts ?? []).map((c) => c.organisation));
  const typeLabel = label('resourceType', source.type);

  const texts = {
    A: { de: m.title.de ?? '', en: m.title.en ?? '', neutral: '' },
    B: {
      de: join(...classified.map((l) => l.de)),
      en: join(...classified.map((l) => l.en)),
      neutral: join(...(m.keywords ?? [])),
    },
    C: { de: m.abstract?.de ?? '', en: m.abstract?.en ?? '', neutral: '' },
    D: {
      de: join(m.lineage?.de, typeLabel.de),
      en: join(m.lineage?.en, typeLabel.en),
      neutral: join(
        m.identifier,
        ...organisations,
        ...(m.contacts ?? []).map((c) => c.person),
        ...(m.formats ?? []).map((f) => f.name),
        ...(m.onlineResources ?? []).flatMap((r) => [r.name, r.description, r.layer]),
        m.referenceSystem,
      ),
    },
  };

  // What the ISO 19139 writer states as conditions of use: the licence's name (in each
  // language) and the use constraints; the access constraints stand apart.
  const licence = m.licence ? label('license', m.licence) : {};
  const fieldTexts = {
    lineage: { de: m.lineage?.de ?? '', en: m.lineage?.en ?? '', neutral: '' },
    useConstraints: {
      de: join(licence.de, m.useConstraints?.de),
      en: join(licence.en, m.useConstraints?.en),
      neutral: m.licence ?? '',
    },
    accessConstraints: {
      de: m.accessConstraints?.de ?? '',
      en: m.accessConstraints?.en ?? '',
      neutral: '',
    },
  };

  const refDate = referenceDate(m.dates) ?? null;
  const facets = new Set<string>([facetValue('type', source.type)]);
  for (const code of m.topicCategories ?? []) facets.add(facetValue('topicCategory', code));
  for (const k of m.classifiedKeywords ?? []) {
    if (k.classification === 'inspireTheme') facets.add(facetValue('inspireTheme', k.code));
  }
  for (const keyword of m.keywords ?? []) facets.add(facetValue('keyword', keyword));
  if (m.licence) facets.add(facetValue('licence', m.licence));
  for (const organisation of organisations) facets.add(facetValue('organisation', organisation));
  for (const format of m.formats ?? []) facets.add(facetValue('format', format.name));
  if (refDate) facets.add(facetValue('year', refDate.slice(0, 4)));
  if (m.referenceSystem) facets.add(facetValue('crs', m.referenceSystem));
  for (const contact of m.contacts ?? []) facets.add(facetValue('role', contact.role));
  if (m.accessConstraints) facets.add(facetValue('restriction', ACCESS_RESTRICTION));

  const box = m.extent;
  const boxes = box ? indexBoxes(box) : [];

  const titles = unique([m.title.de, m.title.en]);
  const terms = [
    ...titles.map((term) => ({ kind: 'title' as const, term })),
    ...unique(m.keywords ?? []).map((term) => ({ kind: 'keyword' as const, term })),
  ].map((t) => ({ ...t, norm: normaliseText(t.term) }));

  return {
    objectId: source.id,
    type: source.type,
    state: source.state,
    readers: readersOf(source),
    texts,
    fieldTexts,
    facets: [...facets].sort(),
    titleDe: m.title.de ?? null,
    titleEn: m.title.en ?? null,
    titleSort: normaliseText(m.title.de ?? m.title.en ?? ''),
    refDate,
    temporalStart: m.temporalExtent?.start ?? null,
    temporalEnd: m.temporalExtent?.end ?? null,
    created: source.created,
    modified: source.modified,
    bbox: box ?? null,
    boxes,
    footprint: m.geometry ?? null,
    mapServices: (m.onlineResources ?? []).some(isMapService),
    serviceHosts: serviceHostsOf(m),
    terms,
  };
}

/**
 * `host:port` of a URL as the proxy compares it: lower-case host, IPv6 without brackets, the
 * scheme's port when none is written; null for anything but http(s).
 */
export function serviceHostKey(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return `${host}:${port}`;
}

function serviceHostsOf(m: Metadata): string[] {
  const hosts = new Set<string>();
  for (const resource of m.onlineResources ?? []) {
    if (!isMapService(resource)) continue;
    let url: URL;
    try {
      url = new URL(resource.url);
    } catch {
      continue;
    }
    const key = serviceHostKey(url);
    if (key) hosts.add(key);
  }
  return [...hosts].sort();
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))];
}
