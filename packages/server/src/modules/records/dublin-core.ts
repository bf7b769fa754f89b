import {
  type BoundingBox,
  type Contact,
  type LanguageText,
  type Metadata,
  type RecordLanguage,
  recordLanguages,
  referenceDate,
} from '@geoportal/contract/record';
import {
  codeListBase,
  INSPIRE_THEME_SCHEME,
  languageCodes,
  resourceLanguages,
  scopeCode,
} from './iso19139-codes.js';
import { decimal } from './iso19139-writer.js';

/**
 * A record as Dublin Core: one mapping for every protocol that speaks it. CSW 2.0.2 writes
 * the list as `csw:Record` and its brief and summary subsets (csw/csw-records.ts), OAI-PMH as
 * `oai_dc:dc` (oai/oai-dc.ts). Each element carries its DCMES 1.1 name and, where CSW writes
 * a DCMI term that refines it (dct:abstract, dct:modified, dct:references, dct:spatial,
 * dct:temporal), that term: oai_dc, which holds only the fifteen elements, writes the element
 * (DCMI's "dumb-down" rule: a refinement's value is a value of the element it refines).
 *
 * The rule for each element, and where it comes from. DCMI = DCMI Metadata Terms / DCMES 1.1;
 * OWS = OGC 06-121r3 (OWS Common 1.1) §10.6.2 Table 36, "Parameter mappings to common queryable
 * and returnable properties"; CSW = OGC 07-006r1 (CSW 2.0.2) §6.3.2 (the core queryable and
 * returnable properties, with their definitions) and Table 53 (Dublin Core names to XML elements); AP = OGC 07-045 (ISO Metadata Application
 * Profile) §7.2.3 and the ISO queryables this server maps (csw-iso-records.ts). OWSLib (the
 * reference client), GeoNetwork (csw-full.xsl) and pycsw read ISO 19115 the same way.
 *
 * - title: the title, in each of its languages. DCMI.
 * - creator: the contacts with role `originator` (CI_RoleCode "party who created the
 *   resource"; DCMI "an entity primarily responsible for making the resource"). OWS maps
 *   "PointOfContact with Role = originator" to dc:creator; OWSLib, GeoNetwork and pycsw read it
 *   so. Not the point of contact (the one to ask), not the custodian, owner (DCMI's rights
 *   holder) or distributor: none of them made the resource.
 * - subject: the free keywords, then the ISO topic categories (codes, with the code list as
 *   scheme, as pycsw writes them), then the INSPIRE themes (their register URIs, the register
 *   as scheme: a label would need the classification's texts, the URI is the same in every
 *   language). DCMI, CSW (Subject).
 * - description: the abstract, in each of its languages; CSW writes dct:abstract. DCMI, CSW.
 * - publisher: the contacts with role `publisher`. OWS, DCMI.
 * - contributor: the contacts with role `author`. OWS maps role author to dc:contributor.
 * - date: the reference date (revision, else publication, else creation; contract
 *   `referenceDate`), `YYYY-MM-DD` (W3CDTF). DCMI. CSW adds dct:modified, the date of the
 *   record's last change (CSW §6.3.2 "Modified", AP: MD_Metadata.dateStamp) when the caller
 *   gives it; OAI-PMH carries that date in the header's datestamp instead.
 * - type: the ISO scope code (dataset, series, service, …). AP maps Type to
 *   MD_Metadata.hierarchyLevel, and CSW filters on dc:type compare scope codes.
 * - format: the distribution formats' names. DCMI, CSW (Format).
 * - identifier: the record's identifier first (CSW §6.3.2: "a unique reference to the record
 *   within the catalogue", the id GetRecordById takes, gmd:fileIdentifier), then the record
 *   page a person follows (what OAI-PMH harvesters link to) and the identifier of the resource
 *   itself (DCMI: "an unambiguous reference to the resource"; AP's ResourceIdentifier). CSW
 *   writes the first alone, as its Identifier is the record's.
 * - source: related records of relation `source` (DS_AssociationTypeCode "source"; DCMI "a
 *   related resource from which the described resource is derived"; CSW §6.3.2 Source).
 *   Never the resource's own identifier.
 * - language: the languages of the resource (those its title or abstract is written in, as
 *   the ISO writer's MD_DataIdentification/gmd:language), as ISO 639-2/B codes (`ger`,
 *   `eng`): DCMI recommends ISO 639-2, INSPIRE and the ISO output use its /B codes.
 * - relation: the related records' identifiers, sources included (dct:source refines
 *   dct:relation); then the online resources as dct:references, the protocol as scheme (as
 *   pycsw writes links). DCMI, CSW (Association).
 * - coverage: the bounding box (CSW Table 53: coverage is ows:BoundingBox; elsewhere a DCMI
 *   Box in WGS84), the temporal extent as a DCMI Period (dct:temporal), and the reference
 *   system as dct:spatial (as pycsw writes the CRS). DCMI.
 * - rights: the licence code, the use constraints and the access constraints. DCMI, OWS
 *   (AccessConstraints → dc:rights).
 *
 * Texts in two languages: `each` writes every language with `xml:lang` (oai_dc's dc.xsd
 * allows it); `preferred` writes one per text, German when it has German, else English, for
 * CSW, whose SimpleLiteral has no xml:lang (rec-dcmes.xsd) and whose clients take the first
 * title they find.
 */

/** The fifteen elements of DCMES 1.1, in its order. */
export const dcmesElements = [
  'title',
  'creator',
  'subject',
  'description',
  'publisher',
  'contributor',
  'date',
  'type',
  'format',
  'identifier',
  'source',
  'language',
  'relation',
  'coverage',
  'rights',
] as const;
export type DcmesElement = (typeof dcmesElements)[number];

/** The DCMI terms CSW writes in place of the element they refine. */
export type DcRefinement = 'abstract' | 'modified' | 'references' | 'spatial' | 'temporal';

export interface DcElement {
  /** The DCMES element (`dc:…`). */
  element: DcmesElement;
  /** The DCMI term refining it (`dct:…`), when the value is one of those. */
  refinement?: DcRefinement;
  value: string;
  /** The language of the text (`xml:lang`). */
  lang?: RecordLanguage;
  /** The encoding scheme or vocabulary of the value (CSW's `scheme` attribute). */
  scheme?: string;
  /** The bounding box a coverage value writes (CSW's ows:BoundingBox). */
  box?: BoundingBox;
}

/** What the mapping reads of a record. */
export interface DcRecord {
  /** The record's identifier. */
  id: string;
  /** The resource type (`dataset`, `service`, …). */
  type: string;
  metadata: Metadata;
  /** The record's page (`PUBLIC_URL/metadata/{id}`). */
  pageUrl?: string;
  /** When the record last changed (ISO 8601), written as dct:modified. */
  modified?: string;
}

/** How texts in two languages are written: each language, or the preferred one. */
export type DcTextLanguages = 'each' | 'preferred';

const CREATOR_ROLES = new Set(['originator']);
const PUBLISHER_ROLES = new Set(['publisher']);
const CONTRIBUTOR_ROLES = new Set(['author']);

const TOPIC_CATEGORY_SCHEME = `${codeListBase}#MD_TopicCategoryCode`;
const CRS_SCHEME = 'http://www.opengis.net/def/crs';

/** The DCMI Box of a bounding box (WGS84 degrees). */
export function dcmiBox(box: BoundingBox): string {
  return `westlimit=${decimal(box.west)}; southlimit=${decimal(box.south)}; eastlimit=${decimal(box.east)}; northlimit=${decimal(box.north)}; projection=EPSG:4326`;
}

/** The DCMI Period of a temporal extent; undefined when both ends are open. */
function dcmiPeriod(t: Metadata['temporalExtent']): string | undefined {
  if (!t || (!t.start && !t.end)) return undefined;
  return [t.start ? `start=${t.start};` : '', t.end ? `end=${t.end};` : '', 'scheme=W3C-DTF']
    .filter(Boolean)
    .join(' ');
}

/** The name a contact is known by: its organisation, else its person. */
const agentName = (c: Contact) => c.organisation ?? c.person;

/**
 * The Dublin Core elements of a record in DCMES order, each value once per element and
 * refinement.
 */
export function dublinCoreElements(record: DcRecord, languages: DcTextLanguages): DcElement[] {
  const m = record.metadata;
  const out: DcElement[] = [];
  const seen = new Set<string>();
  const add = (
    element: DcmesElement,
    value: string | undefined,
    extra: Omit<DcElement, 'element' | 'value'> = {},
  ) => {
    if (!value?.trim()) return;
    const key = JSON.stringify([element, extra.refinement, extra.lang, value]);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ element, value, ...extra });
  };
  const addText = (
    element: DcmesElement,
    text: LanguageText | undefined,
    refinement?: DcRefinement,
  ) => {
    const present = recordLanguages.filter((lang) => text?.[lang]?.trim());
    for (const lang of languages === 'each' ? present : present.slice(0, 1)) {
      add(element, text?.[lang], { lang, ...(refinement ? { refinement } : {}) });
    }
  };
  const contacts = m.contacts ?? [];
  const agents = (roles: Set<string>) => contacts.filter((c) => roles.has(c.role)).map(agentName);

  addText('title', m.title);
  for (const name of agents(CREATOR_ROLES)) add('creator', name);
  for (const keyword of m.keywords ?? []) add('subject', keyword);
  for (const code of m.topicCategories ?? [])
    add('subject', code, { scheme: TOPIC_CATEGORY_SCHEME });
  for (const keyword of m.classifiedKeywords ?? []) {
    if (keyword.classification !== 'inspireTheme') continue;
    add('subject', `${INSPIRE_THEME_SCHEME}/${keyword.code}`, { scheme: INSPIRE_THEME_SCHEME });
  }
  addText('description', m.abstract, 'abstract');
  for (const name of agents(PUBLISHER_ROLES)) add('publisher', name);
  for (const name of agents(CONTRIBUTOR_ROLES)) add('contributor', name);
  add('date', referenceDate(m.dates));
  add('date', record.modified?.slice(0, 10), { refinement: 'modified' });
  add('type', scopeCode(record.type));
  for (const format of m.formats ?? []) add('format', format.name);
  add('identifier', record.id);
  add('identifier', record.pageUrl);
  add('identifier', m.identifier);
  for (const related of m.related ?? []) {
    if (related.relation === 'source') add('source', related.id);
  }
  for (const lang of resourceLanguages(m)) add('language', languageCodes[lang]);
  for (const related of m.related ?? []) add('relation', related.id);
  for (const resource of m.onlineResources ?? []) {
    add('relation', resource.url, { refinement: 'references', scheme: resource.protocol });
  }
  if (m.extent) add('coverage', dcmiBox(m.extent), { box: m.extent });
  add('coverage', dcmiPeriod(m.temporalExtent), { refinement: 'temporal' });
  add('coverage', m.referenceSystem, { refinement: 'spatial', scheme: CRS_SCHEME });
  add('rights', m.licence);
  addText('rights', m.useConstraints);
  addText('rights', m.accessConstraints);
  return out;
}
