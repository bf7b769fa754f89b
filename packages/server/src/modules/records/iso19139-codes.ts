import type { Classification, ClassificationNode } from '@geoportal/contract/classification';
import { walkNodes } from '@geoportal/contract/classification';
import { type Metadata, type RecordLanguage, recordLanguages } from '@geoportal/contract/record';
import { xmlNamespaces } from '../../xml/namespaces.js';

/**
 * What the ISO 19139 writer and reader agree on: namespaces, code lists and the tables that
 * translate between our codes and the values other catalogues write.
 */

export const namespaces = {
  gmd: xmlNamespaces.gmd,
  gco: xmlNamespaces.gco,
  gml: xmlNamespaces.gml32,
  gmx: xmlNamespaces.gmx,
  srv: xmlNamespaces.srv,
  xlink: xmlNamespaces.xlink,
  xsi: xmlNamespaces.xsi,
} as const;

/** The INSPIRE theme register; a theme's URI is the register's followed by its code. */
export const INSPIRE_THEME_SCHEME = 'http://inspire.ec.europa.eu/theme';

/** Where the ISO code lists are defined; code list values point into it. */
export const codeListBase = 'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml';

/** ISO 639-2/B codes of the product languages, as ISO 19139 writes them. */
export const languageCodes: Record<RecordLanguage, string> = { de: 'ger', en: 'eng' };

/**
 * The languages of the resource (MD_DataIdentification's gmd:language, Dublin Core's
 * dc:language): those its title or abstract is written in, German first. The record keeps no
 * language of its own for the data, and a text in a language says the resource speaks it.
 */
export function resourceLanguages(
  metadata: Pick<Metadata, 'title' | 'abstract'>,
): RecordLanguage[] {
  return recordLanguages.filter((lang) => metadata.title[lang] || metadata.abstract?.[lang]);
}

/** Our language for an ISO 639 code or a locale id such as `#DE`, `#locale-ger`. */
export function languageOf(code: string | undefined): RecordLanguage | undefined {
  const value = (code ?? '').replace(/^#/, '').toLowerCase();
  if (/^(de|ger|deu)$|(^|[-_])(de|ger|deu)$/.test(value)) return 'de';
  if (/^(en|eng)$|(^|[-_])(en|eng)$/.test(value)) return 'en';
  return undefined;
}

/** Locale ids the writer gives the product languages (`locale="#EN"`). */
export const localeIds: Record<RecordLanguage, string> = { de: 'DE', en: 'EN' };

/** Our resource type (kebab case) as an MD_ScopeCode value (camel case) and back. */
export const scopeCode = (type: string) =>
  type.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
export const typeOfScope = (scope: string) => scope.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Protocol codes and the identifiers GeoNetwork and most German catalogues write for them.
 * The first value is what we write; all are recognised on import.
 */
export const protocolNames: Record<string, readonly string[]> = {
  wms: ['OGC:WMS', 'OGC:WMS-1.3.0-http-get-map', 'OGC:WMS-1.1.1-http-get-map'],
  wmts: ['OGC:WMTS', 'OGC:WMTS-1.0.0-http-get-tile'],
  wfs: ['OGC:WFS', 'OGC:WFS-2.0.0-http-get-feature', 'OGC:WFS-1.1.0-http-get-feature'],
  'ogc-api-features': ['OGC API - Features', 'OGC:API-Features', 'OGC:OGC-API-Features-items'],
  download: ['WWW:DOWNLOAD-1.0-http--download', 'WWW:DOWNLOAD'],
  website: ['WWW:LINK-1.0-http--link', 'WWW:LINK', 'http', 'https'],
  documentation: ['WWW:LINK-1.0-http--related', 'WWW:DOCUMENTATION'],
};

/** Protocols whose online resource names a layer or feature type in `gmd:name`. */
export const layerProtocols = new Set(['wms', 'wmts', 'wfs', 'ogc-api-features']);

/** CI_OnLineFunctionCode written per protocol. */
export const onlineFunction = (protocol: string) =>
  protocol === 'download' || protocol === 'wfs' || protocol === 'ogc-api-features'
    ? 'download'
    : 'information';

/** INSPIRE spatial data service type (srv:serviceType) of a protocol. */
export const serviceTypeOf = (protocol: string | undefined) =>
  protocol === 'wms' || protocol === 'wmts'
    ? 'view'
    : protocol === 'wfs' || protocol === 'ogc-api-features' || protocol === 'download'
      ? 'download'
      : 'other';

/**
 * Well-known thesauri: the citation title and URI other catalogues expect for a
 * classification, so that INSPIRE validators recognise the keywords.
 */
export const thesauri: Record<string, { title: string; uri: string; date: string }> = {
  inspireTheme: {
    title: 'GEMET - INSPIRE themes, version 1.0',
    uri: 'http://www.eionet.europa.eu/gemet/inspire_themes',
    date: '2008-06-01',
  },
};

/** Distance units of the record and the `uom` spellings recognised for them. */
export const distanceUnits: Record<'m' | 'km' | 'deg', RegExp> = {
  m: /^(m|metre|meter|metres|meters)$|#m$|\/m$/i,
  km: /^(km|kilometre|kilometer|kilometres|kilometers)$|#km$|\/km$/i,
  deg: /^(deg|degree|degrees|°)$|#deg$|\/deg$/i,
};

/** A classification as the writer and reader need it: its labels and node tree. */
export type Vocabulary = Pick<Classification, 'id' | 'labels' | 'nodes'>;
/** The classifications a record's codes come from, by id. */
export type Vocabularies = ReadonlyMap<string, Vocabulary>;

/** Every node of a classification. */
export const nodesOf = (vocabulary: Vocabulary | undefined): ClassificationNode[] =>
  vocabulary ? [...walkNodes(vocabulary.nodes)].map(({ node }) => node) : [];

const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The node of a classification a foreign value stands for: its code, a label in either
 * language, its concept URI or its web page (ignoring case and a trailing slash in URLs).
 */
export function matchNode(
  vocabulary: Vocabulary | undefined,
  candidates: readonly (string | undefined)[],
): ClassificationNode | undefined {
  const values = candidates.filter((c): c is string => Boolean(c?.trim()));
  const url = (u: string | undefined) => u?.replace(/\/+$/, '');
  for (const node of nodesOf(vocabulary)) {
    if (
      values.some(
        (v) => v === node.id || same(url(v), url(node.uri)) || same(url(v), url(node.url)),
      )
    ) {
      return node;
    }
  }
  for (const node of nodesOf(vocabulary)) {
    if (
      values.some((v) => same(v, node.id) || same(v, node.labels.de) || same(v, node.labels.en))
    ) {
      return node;
    }
  }
  return undefined;
}
