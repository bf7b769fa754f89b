import { type IsoNode, writeIsoTree } from '../records/iso19139-writer.js';
import { invalid } from './csw.errors.js';
import type { ElementSet } from './csw-records.js';

/**
 * Records as ISO 19139 (`gmd:MD_Metadata`) in the element sets of the ISO Application Profile
 * (OGC 07-045 §7.4) or with the elements ElementName names. Every answer is picked from the
 * records module's ISO 19139 element tree, so a trimmed record says exactly what the full
 * document says, in the schema's order.
 *
 * ISO 19139 makes some elements mandatory that the profile's brief set leaves out (the
 * metadata contact and date stamp, the citation date, the abstract, a dataset's language, a
 * service's coupling type and operations). They are kept, so that every answer is a valid
 * document; only the abstract, the one long text among them, is written as
 * `gco:nilReason="withheld"` where the set leaves it out.
 */

/** A path of element names from `gmd:MD_Metadata` down; `*` is any one element. */
type Path = readonly string[];

const identification = (...rest: string[]): Path => ['gmd:identificationInfo', '*', ...rest];
const citation = (...rest: string[]): Path =>
  identification('gmd:citation', 'gmd:CI_Citation', ...rest);
const distribution = (...rest: string[]): Path => [
  'gmd:distributionInfo',
  'gmd:MD_Distribution',
  ...rest,
];

const ABSTRACT = identification('gmd:abstract');

/**
 * BRIEF (07-045 §7.4.1): Identifier, Title, Type, BoundingBox, GraphicOverview, ServiceType,
 * ServiceTypeVersion; with the elements ISO 19139 demands, and the metadata language and
 * locales the title's translations refer to.
 */
const briefPaths: Path[] = [
  ['gmd:fileIdentifier'],
  ['gmd:language'],
  ['gmd:hierarchyLevel'],
  ['gmd:contact'],
  ['gmd:dateStamp'],
  ['gmd:locale'],
  citation('gmd:title'),
  citation('gmd:date'),
  identification('gmd:graphicOverview'),
  identification('gmd:language'),
  identification('gmd:extent'),
  identification('srv:serviceType'),
  identification('srv:serviceTypeVersion'),
  identification('srv:extent'),
  identification('srv:couplingType'),
  identification('srv:containsOperations'),
];

/**
 * SUMMARY (07-045 §7.4.2): the brief elements and Abstract, the citation (ResourceIdentifier,
 * dates), Subject and TopicCategory, Rights, SpatialResolution, ResourceLanguage, the
 * metadata standard, ReferenceSystem, Format, OnlineResource and Lineage. Left out: the
 * resource's points of contact and its aggregations (the relations), as in the Dublin Core
 * summary record.
 */
const summaryPaths: Path[] = [
  ...briefPaths,
  ['gmd:characterSet'],
  ['gmd:metadataStandardName'],
  ['gmd:metadataStandardVersion'],
  ['gmd:referenceSystemInfo'],
  ['gmd:distributionInfo'],
  ['gmd:dataQualityInfo'],
  identification('gmd:citation'),
  ABSTRACT,
  identification('gmd:descriptiveKeywords'),
  identification('gmd:resourceConstraints'),
  identification('gmd:spatialResolution'),
  identification('gmd:characterSet'),
  identification('gmd:topicCategory'),
];

/** The ISO queryables and returnables of the profile an ElementName may name, by local name. */
const queryablePaths: Record<string, readonly Path[]> = {
  Identifier: [['gmd:fileIdentifier']],
  Title: [citation('gmd:title')],
  Type: [['gmd:hierarchyLevel']],
  BoundingBox: [identification('gmd:extent'), identification('srv:extent')],
  ServiceType: [identification('srv:serviceType')],
  ServiceOperation: [identification('srv:containsOperations')],
  Abstract: [ABSTRACT],
  Subject: [identification('gmd:descriptiveKeywords'), identification('gmd:topicCategory')],
  TopicCategory: [identification('gmd:topicCategory')],
  Modified: [['gmd:dateStamp']],
  CreationDate: [citation('gmd:date')],
  PublicationDate: [citation('gmd:date')],
  RevisionDate: [citation('gmd:date')],
  ResourceIdentifier: [citation('gmd:identifier')],
  Format: [distribution('gmd:distributionFormat')],
  OnlineResource: [distribution('gmd:transferOptions')],
  OrganisationName: [identification('gmd:pointOfContact')],
  CRS: [['gmd:referenceSystemInfo']],
  ReferenceSystem: [['gmd:referenceSystemInfo']],
  Language: [['gmd:language']],
  ResourceLanguage: [identification('gmd:language')],
  SpatialResolution: [identification('gmd:spatialResolution')],
  Lineage: [['gmd:dataQualityInfo']],
  Rights: [identification('gmd:resourceConstraints')],
  AccessConstraints: [identification('gmd:resourceConstraints')],
  OtherConstraints: [identification('gmd:resourceConstraints')],
  Classification: [identification('gmd:resourceConstraints')],
  ConditionApplyingToAccessAndUse: [identification('gmd:resourceConstraints')],
};

/** The children of `gmd:MD_Metadata` an ElementName may name whole. */
const metadataElements = [
  'gmd:fileIdentifier',
  'gmd:language',
  'gmd:characterSet',
  'gmd:hierarchyLevel',
  'gmd:contact',
  'gmd:dateStamp',
  'gmd:metadataStandardName',
  'gmd:metadataStandardVersion',
  'gmd:locale',
  'gmd:referenceSystemInfo',
  'gmd:identificationInfo',
  'gmd:distributionInfo',
  'gmd:dataQualityInfo',
] as const;

/** An element ElementName named: `apiso:Title` or `gmd:identificationInfo`. */
export type IsoElementName = `apiso:${string}` | (typeof metadataElements)[number];

/** Most names one ElementName list may hold (every queryable and element once). */
export const ISO_ELEMENT_NAMES_MAX = Object.keys(queryablePaths).length + metadataElements.length;

const localName = (name: string) => name.replace(/^.*:/, '').toLowerCase();

/**
 * The names of an ElementName list for ISO 19139 output: the profile's queryables with any
 * prefix or none (`apiso:Title`, `Title`, any case), and the children of gmd:MD_Metadata
 * (`gmd:identificationInfo`, also as the path `/gmd:MD_Metadata/gmd:identificationInfo`).
 * Anything else, deeper paths included, is InvalidParameterValue naming what is accepted.
 */
export function isoElementNames(asked: string[]): IsoElementName[] {
  if (asked.length > ISO_ELEMENT_NAMES_MAX) {
    throw invalid('ElementName', `At most ${ISO_ELEMENT_NAMES_MAX} elements may be named.`);
  }
  return asked.map((name): IsoElementName => {
    const path = name.trim().replace(/^\/?gmd:MD_Metadata\//i, '');
    const isElement = /^gmd:/i.test(path) && !path.includes('/');
    const element = metadataElements.find((e) => localName(e) === localName(path));
    if (isElement && element) return element;
    const queryable = Object.keys(queryablePaths).find((q) => q.toLowerCase() === localName(path));
    if (!isElement && !path.includes('/') && queryable) return `apiso:${queryable}`;
    if (!path.includes('/') && !/:/.test(path) && element) return element;
    throw invalid(
      'ElementName',
      `ISO 19139 records have no element "${name.slice(0, 80)}". Name ISO queryables (` +
        `${Object.keys(queryablePaths)
          .map((q) => `apiso:${q}`)
          .join(', ')}) or children of gmd:MD_Metadata (${metadataElements.join(', ')}).`,
    );
  });
}

function pathsOf(names: IsoElementName[]): Path[] {
  return names.flatMap((name) =>
    name.startsWith('apiso:') ? (queryablePaths[name.slice(6)] ?? []) : [[name]],
  );
}

const WITHHELD = { '@gco:nilReason': 'withheld' };

/**
 * The part of the tree the paths select, in the tree's order: an element a path ends at is
 * kept whole, one it passes through keeps only what the rest of the paths select.
 * Attributes and text stay with their element. An element a `withheld` path ends at, and no path
 * selects, is kept as `gco:nilReason="withheld"`.
 */
function pick(value: unknown, paths: Path[], withheld: Path[]): unknown {
  if (paths.some((path) => path.length === 0)) return value;
  if (Array.isArray(value)) return value.map((item) => pick(item, paths, withheld));
  if (value === null || typeof value !== 'object') return value;
  const picked: IsoNode = {};
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('@') || key === '#text') {
      picked[key] = child;
      continue;
    }
    const below = (list: Path[]) =>
      list.filter(([head]) => head === key || head === '*').map((path) => path.slice(1));
    const selected = below(paths);
    const nil = below(withheld);
    if (selected.length > 0) picked[key] = pick(child, selected, nil);
    else if (nil.some((path) => path.length === 0)) {
      // A value the record lacks stays "missing": withheld says there is one.
      const lacking = typeof child === 'object' && child !== null && '@gco:nilReason' in child;
      picked[key] = lacking ? child : WITHHELD;
    }
  }
  return picked;
}

/** Attributes of type xs:ID in the records (PT_Locale's id, gml:id). */
const ID_ATTRIBUTES = new Set(['@id', '@gml:id']);

/**
 * The attribute values of a record with its xs:ID values made unique to the record
 * (`EN` → `EN-<record id>`) and the references to them (`locale="#EN"`) with them: an answer
 * holds several records, and an ID may stand only once in a document. Applied while writing,
 * so the tree is not copied for it.
 */
function withRecordIds(recordId: string) {
  return (key: string, value: string) =>
    ID_ATTRIBUTES.has(key) || /^#[\w.-]+$/.test(value) ? `${value}-${recordId}` : value;
}

/**
 * The record (`iso19139Tree` of the records module) in an element set, or as the brief
 * record with the elements ElementName named added; written without an XML declaration.
 * `full` is the records module's export, but for the IDs made unique to the record.
 */
export function isoRecord(
  tree: IsoNode,
  set: ElementSet | IsoElementName[],
  recordId: string,
): string {
  const root = tree['gmd:MD_Metadata'];
  const paths =
    set === 'full'
      ? [[]]
      : set === 'brief'
        ? briefPaths
        : set === 'summary'
          ? summaryPaths
          : [...briefPaths, ...pathsOf(set)];
  return writeIsoTree(
    { 'gmd:MD_Metadata': pick(root, paths, [ABSTRACT]) },
    { attribute: withRecordIds(recordId) },
  );
}
