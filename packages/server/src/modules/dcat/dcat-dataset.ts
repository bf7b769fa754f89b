import type { Contact, LanguageText, OnlineResource } from '@geoportal/contract/record';
import type { NamedNode } from '@rdfjs/types';
import type { FileRow } from '../../db/schema.js';
import type { ObjectRecord } from '../objects/object-kernel.js';
import { decimal } from '../records/iso19139-writer.js';
import { type Graph, iri, type Subject, term, text, typed } from './dcat-graph.js';
import {
  attributionLicences,
  DATA_THEME_SCHEME,
  dataThemes,
  dataThemeUri,
  fileTypeOfName,
  fileTypeUri,
  GERMANY_URI,
  geocodingLevelUri,
  geonamesUri,
  languageUris,
  licenceUri,
  mediaTypeFileTypes,
  metresPerUnit,
  namedLaender,
  namesGermany,
  own,
  protocolFileTypes,
  referenceSystemUri,
  stateKeyUri,
} from './dcat-vocabularies.js';
import { boxWkt, centroidWkt, toWkt } from './dcat-wkt.js';

/**
 * A record as a DCAT-AP.de 2.0 `dcat:Dataset` with its distributions, contact points and
 * agents, written into a graph. What DCAT-AP.de requires or recommends and the record has is
 * written; codes go through the vocabulary tables of dcat-vocabularies.ts.
 */

/** What the writer needs to know of the site. */
export interface DcatSite {
  publicUrl: string;
  /** The catalogue's publisher, also the datasets' publisher when a record names none. */
  publisherName: string;
  /** `dcatde:contributorID`: the site's entry in http://dcat-ap.de/def/contributors/. */
  contributorId: string | undefined;
}

/** The record page, the dataset's landing page. */
export const recordPage = (site: DcatSite, id: string) =>
  `${site.publicUrl}/metadata/${encodeURIComponent(id)}`;

/** The dataset's IRI: the record page's `#dataset`, as GovData's examples name theirs. */
export const datasetIri = (site: DcatSite, id: string) => `${recordPage(site, id)}#dataset`;

const fileUrl = (site: DcatSite, file: FileRow) =>
  `${site.publicUrl}/api/v1/object/${encodeURIComponent(file.object_id)}/${encodeURIComponent(file.bundle)}/${file.path.split('/').map(encodeURIComponent).join('/')}`;

const languages = ['de', 'en'] as const;

/** A text in each language it has, tagged. */
function languageTexts(graph: Graph, subject: Subject, predicate: NamedNode, value?: LanguageText) {
  for (const lang of languages) {
    const v = value?.[lang]?.trim();
    if (v) graph.add(subject, predicate, text(v, lang));
  }
}

const mailto = (email: string) => iri(`mailto:${email}`);
const tel = (phone: string) => iri(`tel:${phone.replace(/[^+\d]/g, '')}`);

/** A foaf:Agent for a contact, as DCAT-AP.de's publisher, creator and the like. */
function agent(graph: Graph, contact: { organisation?: string; person?: string; email?: string }) {
  const node = graph.node();
  graph.type(node, term('foaf', 'Agent'), term('foaf', 'Organization'));
  graph.add(node, term('foaf', 'name'), text(contact.organisation ?? contact.person ?? ''));
  if (contact.email) graph.add(node, term('foaf', 'mbox'), mailto(contact.email));
  return node;
}

/**
 * A vcard contact point; DCAT-AP.de (Konvention 1) wants an e-mail address or a contact form,
 * so contacts without an e-mail address are not written as contact points.
 */
function contactPoint(graph: Graph, dataset: Subject, contact: Contact) {
  if (!contact.email) return;
  const node = graph.node();
  graph.type(node, term('vcard', 'Kind'), term('vcard', 'Organization'));
  graph.add(node, term('vcard', 'fn'), text(contact.organisation ?? contact.person ?? ''));
  if (contact.organisation && contact.person) {
    graph.add(node, term('vcard', 'organization-name'), text(contact.organisation));
  }
  graph.add(node, term('vcard', 'hasEmail'), mailto(contact.email));
  if (contact.phone) graph.add(node, term('vcard', 'hasTelephone'), tel(contact.phone));
  graph.add(dataset, term('dcat', 'contactPoint'), node);
}

/** A referenced vocabulary IRI with the class DCAT-AP's range constraints expect of it. */
function classified(graph: Graph, value: string, ...types: [string, string][]) {
  const node = iri(value);
  graph.type(node, ...types.map(([prefix, local]) => term(prefix as 'dct', local)));
  return node;
}

function spatial(graph: Graph, dataset: Subject, object: ObjectRecord) {
  const m = object.metadata;
  if (m.extent) {
    const location = graph.node();
    graph.type(location, term('dct', 'Location'));
    graph.add(location, term('dcat', 'bbox'), typed(boxWkt(m.extent), 'wktLiteral', 'gsp'));
    const geometry = m.geometry ? toWkt(m.geometry) : boxWkt(m.extent);
    graph.add(
      location,
      term('dcat', 'centroid'),
      typed(centroidWkt(m.extent), 'wktLiteral', 'gsp'),
    );
    graph.add(location, term('locn', 'geometry'), typed(geometry, 'wktLiteral', 'gsp'));
    graph.add(dataset, term('dct', 'spatial'), location);
  }
  const keywords = m.keywords ?? [];
  const laender = namedLaender(keywords, [m.title.de ?? '', m.title.en ?? '']);
  for (const land of laender) {
    graph.add(
      dataset,
      term('dct', 'spatial'),
      classified(graph, geonamesUri(land.geonames), ['dct', 'Location']),
    );
    graph.add(dataset, term('dcatde', 'politicalGeocodingURI'), iri(stateKeyUri(land.stateKey)));
  }
  if (laender.length > 0) {
    graph.add(
      dataset,
      term('dcatde', 'politicalGeocodingLevelURI'),
      iri(geocodingLevelUri('state')),
    );
  } else if (namesGermany(keywords)) {
    graph.add(dataset, term('dct', 'spatial'), classified(graph, GERMANY_URI, ['dct', 'Location']));
    graph.add(
      dataset,
      term('dcatde', 'politicalGeocodingLevelURI'),
      iri(geocodingLevelUri('federal')),
    );
  }
}

function temporal(graph: Graph, dataset: Subject, object: ObjectRecord) {
  const t = object.metadata.temporalExtent;
  if (!t?.start && !t?.end) return;
  const period = graph.node();
  graph.type(period, term('dct', 'PeriodOfTime'));
  if (t.start) graph.add(period, term('dcat', 'startDate'), typed(t.start, 'date'));
  if (t.end) graph.add(period, term('dcat', 'endDate'), typed(t.end, 'date'));
  graph.add(dataset, term('dct', 'temporal'), period);
}

function agents(graph: Graph, dataset: Subject, object: ObjectRecord, site: DcatSite) {
  const contacts = object.metadata.contacts ?? [];
  const points = contacts.filter((c) => c.role === 'pointOfContact' && c.email);
  for (const c of points.length > 0 ? points : contacts) contactPoint(graph, dataset, c);
  const publisher = contacts.find((c) => c.role === 'publisher');
  // DCAT-AP.de (Konvention 36) requires a publisher: the site's when the record names none.
  graph.add(
    dataset,
    term('dct', 'publisher'),
    agent(graph, publisher ?? { organisation: site.publisherName }),
  );
  const roles: [string, 'dct' | 'dcatde', string][] = [
    ['author', 'dct', 'creator'],
    ['originator', 'dcatde', 'originator'],
    ['custodian', 'dcatde', 'maintainer'],
  ];
  for (const [role, prefix, property] of roles) {
    for (const c of contacts.filter((contact) => contact.role === role)) {
      graph.add(dataset, term(prefix, property), agent(graph, c));
    }
  }
}

/** What a distribution says besides its URLs. */
interface DistributionFacts {
  title?: string;
  description?: string;
  fileType?: string;
  mediaType?: string;
}

function distribution(
  graph: Graph,
  dataset: Subject,
  node: Subject,
  object: ObjectRecord,
  access: string,
  download: string | undefined,
  facts: DistributionFacts,
) {
  const m = object.metadata;
  graph.type(node, term('dcat', 'Distribution'));
  graph.add(node, term('dcat', 'accessURL'), iri(access));
  if (download) graph.add(node, term('dcat', 'downloadURL'), iri(download));
  if (facts.title) graph.add(node, term('dct', 'title'), text(facts.title));
  if (facts.description) graph.add(node, term('dct', 'description'), text(facts.description));
  if (facts.fileType) {
    graph.add(
      node,
      term('dct', 'format'),
      classified(graph, fileTypeUri(facts.fileType), ['dct', 'MediaTypeOrExtent']),
    );
  }
  if (facts.mediaType) {
    graph.add(
      node,
      term('dcat', 'mediaType'),
      classified(graph, `https://www.iana.org/assignments/media-types/${facts.mediaType}`, [
        'dct',
        'MediaType',
      ]),
    );
  }
  graph.add(
    node,
    term('dct', 'license'),
    classified(graph, licenceUri(m.licence), ['dct', 'LicenseDocument']),
  );
  const attribution = m.useConstraints?.de ?? m.useConstraints?.en;
  if (m.licence && attributionLicences.has(m.licence) && attribution) {
    graph.add(node, term('dcatde', 'licenseAttributionByText'), text(attribution));
  }
  graph.add(dataset, term('dcat', 'distribution'), node);
}

const SERVICE_TITLES: Record<string, string> = {
  wms: 'Web Map Service (WMS)',
  wmts: 'Web Map Tile Service (WMTS)',
  wfs: 'Web Feature Service (WFS)',
  'ogc-api-features': 'OGC API – Features',
  download: 'Download',
};

/** The file type of a download: the record's first format, else the URL's extension. */
function downloadFileType(object: ObjectRecord, url: string) {
  const named = object.metadata.formats?.[0]?.name;
  const byName = named ? fileTypeOfName(named) : undefined;
  if (byName) return byName;
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1];
  return extension ? fileTypeOfName(extension) : undefined;
}

function onlineDistributions(graph: Graph, dataset: Subject, object: ObjectRecord, site: DcatSite) {
  const page = recordPage(site, object.id);
  (object.metadata.onlineResources ?? []).forEach((resource: OnlineResource, index) => {
    if (resource.protocol === 'website' || resource.protocol === 'documentation') {
      // Pages about the data are pages of the dataset, not ways to get it.
      graph.add(
        dataset,
        term('foaf', 'page'),
        classified(graph, resource.url, ['foaf', 'Document']),
      );
      return;
    }
    const isDownload = resource.protocol === 'download';
    distribution(
      graph,
      dataset,
      iri(`${page}#distribution-${index + 1}`),
      object,
      resource.url,
      isDownload ? resource.url : undefined,
      {
        title: resource.name ?? own(SERVICE_TITLES, resource.protocol) ?? resource.protocol,
        description: resource.description ?? (resource.layer ? resource.layer : undefined),
        fileType: isDownload
          ? downloadFileType(object, resource.url)
          : own(protocolFileTypes, resource.protocol),
      },
    );
  });
}

function fileDistributions(
  graph: Graph,
  dataset: Subject,
  object: ObjectRecord,
  files: FileRow[],
  site: DcatSite,
) {
  const page = recordPage(site, object.id);
  files.forEach((file, index) => {
    const url = fileUrl(site, file);
    const mediaType = file.media_type.split(';')[0]?.trim().toLowerCase() ?? '';
    const extension = /\.([a-z0-9]+)$/i.exec(file.path)?.[1];
    distribution(graph, dataset, iri(`${page}#file-${index + 1}`), object, url, url, {
      title: file.path.split('/').pop() ?? file.path,
      fileType:
        own(mediaTypeFileTypes, mediaType) ?? (extension ? fileTypeOfName(extension) : undefined),
      mediaType: /^[a-z]+\/[\w.+-]+$/.test(mediaType) ? mediaType : undefined,
    });
  });
}

/**
 * A statement in the record's own words as GeoDCAT-AP writes it (`dct:accessRights` a
 * `dct:RightsStatement`, `dct:provenance` a `dct:ProvenanceStatement`, each with its text as
 * `rdfs:label`), named by an IRI under the record page: DCAT-AP.de's conventions want an IRI
 * or a literal there, DCAT-AP's ranges the class.
 */
function statement(
  graph: Graph,
  dataset: Subject,
  predicate: 'accessRights' | 'provenance',
  node: string,
  type: 'RightsStatement' | 'ProvenanceStatement',
  value: LanguageText | undefined,
) {
  if (!languages.some((lang) => value?.[lang]?.trim())) return;
  const subject = classified(graph, node, ['dct', type]);
  languageTexts(graph, subject, term('rdfs', 'label'), value);
  graph.add(dataset, term('dct', predicate), subject);
}

/** What the record says of its quality and use beyond the core: DCAT-AP's optional properties. */
function qualities(graph: Graph, dataset: Subject, object: ObjectRecord, site: DcatSite) {
  const m = object.metadata;
  const page = recordPage(site, object.id);
  statement(
    graph,
    dataset,
    'accessRights',
    `${page}#access-rights`,
    'RightsStatement',
    m.accessConstraints,
  );
  statement(graph, dataset, 'provenance', `${page}#provenance`, 'ProvenanceStatement', m.lineage);
  const system = m.referenceSystem ? referenceSystemUri(m.referenceSystem) : undefined;
  if (system)
    graph.add(dataset, term('dct', 'conformsTo'), classified(graph, system, ['dct', 'Standard']));
  // A scale (1:n) has no place in DCAT; a ground distance in metres or kilometres has.
  const { resolution } = m;
  if (resolution?.kind === 'distance') {
    const metres = metresPerUnit[resolution.unit];
    // Twelve digits drop the float noise of the conversion (1.1 km is 1100, not 1100.0000000000002).
    const inMetres = metres && Number((resolution.value * metres).toPrecision(12));
    if (inMetres) {
      graph.add(
        dataset,
        term('dcat', 'spatialResolutionInMeters'),
        typed(decimal(inMetres), 'decimal'),
      );
    }
  }
}

/** The first date of the list that is set. */
const firstOf = (...dates: (string | undefined)[]) => dates.find(Boolean);

/** Writes the record as a dcat:Dataset into the graph and answers the dataset's node. */
export function writeDataset(
  graph: Graph,
  object: ObjectRecord,
  files: FileRow[],
  site: DcatSite,
): Subject {
  const m = object.metadata;
  const dataset = iri(datasetIri(site, object.id));
  graph.type(dataset, term('dcat', 'Dataset'));
  languageTexts(graph, dataset, term('dct', 'title'), m.title);
  // dct:description is mandatory; a draft without an abstract repeats its title.
  languageTexts(graph, dataset, term('dct', 'description'), m.abstract ?? m.title);
  graph.add(dataset, term('dct', 'identifier'), text(m.identifier ?? datasetIri(site, object.id)));
  for (const keyword of m.keywords ?? [])
    graph.add(dataset, term('dcat', 'keyword'), text(keyword));
  const inspire = (m.classifiedKeywords ?? [])
    .filter((k) => k.classification === 'inspireTheme')
    .map((k) => k.code);
  for (const code of dataThemes(inspire, m.topicCategories ?? [])) {
    const theme = classified(graph, dataThemeUri(code), ['skos', 'Concept']);
    graph.add(theme, term('skos', 'inScheme'), iri(DATA_THEME_SCHEME));
    graph.add(dataset, term('dcat', 'theme'), theme);
  }
  for (const lang of ['de', 'en'] as const) {
    if (m.title[lang]) {
      graph.add(
        dataset,
        term('dct', 'language'),
        classified(graph, languageUris[lang], ['dct', 'LinguisticSystem']),
      );
    }
  }
  const issued = firstOf(m.dates?.publication, m.dates?.creation);
  if (issued) graph.add(dataset, term('dct', 'issued'), typed(issued, 'date'));
  graph.add(
    dataset,
    term('dct', 'modified'),
    m.dates?.revision ? typed(m.dates.revision, 'date') : typed(object.modified, 'dateTime'),
  );
  graph.add(
    dataset,
    term('dcat', 'landingPage'),
    classified(graph, recordPage(site, object.id), ['foaf', 'Document']),
  );
  if (site.contributorId) {
    graph.add(dataset, term('dcatde', 'contributorID'), iri(site.contributorId));
  }
  spatial(graph, dataset, object);
  temporal(graph, dataset, object);
  agents(graph, dataset, object, site);
  qualities(graph, dataset, object, site);
  onlineDistributions(graph, dataset, object, site);
  fileDistributions(graph, dataset, object, files, site);
  return dataset;
}
