import { xmlNamespaces } from '../../xml/namespaces.js';

/**
 * The controlled vocabularies of DCAT-AP.de 2.0 the catalogue's codes are mapped to, as small
 * tables. Each table names its source; a code missing from a table is left out of the RDF
 * (or falls back as its table says), never guessed.
 */

/** A table's own entry for a code (never an inherited one such as `constructor`). */
export const own = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** Namespaces of the terms the DCAT output uses (DCAT-AP.de 2.0 spec, §3 prefixes). */
export const NS = {
  rdf: xmlNamespaces.rdf,
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: xmlNamespaces.dct,
  dcatde: 'http://dcat-ap.de/def/dcatde/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  locn: 'http://www.w3.org/ns/locn#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  gsp: 'http://www.opengis.net/ont/geosparql#',
} as const;
export type Prefix = keyof typeof NS;

const EU = 'http://publications.europa.eu/resource/authority/';

/** The EU data-theme vocabulary (DCAT-AP.de spec §5 "Data Theme", Pflicht for dcat:theme). */
export const DATA_THEME_SCHEME = `${EU}data-theme`;
export const dataThemeUri = (code: string) => `${DATA_THEME_SCHEME}/${code}`;

/**
 * INSPIRE spatial data themes → EU data themes: the `skos:broadMatch` alignments of SEMIC's
 * GeoDCAT-AP work, SEMICeu/iso-19139-to-dcat-ap `alignments/inspire-themes-to-mdr-data-themes.rdf`.
 */
export const inspireThemeToDataTheme: Record<string, string> = {
  ad: 'GOVE',
  au: 'GOVE',
  rs: 'TECH',
  gg: 'TECH',
  cp: 'ECON',
  gn: 'GOVE',
  hy: 'ENVI',
  ps: 'ENVI',
  tn: 'TRAN',
  el: 'TECH',
  ge: 'TECH',
  lc: 'ENVI',
  oi: 'TECH',
  af: 'AGRI',
  am: 'ENVI',
  ac: 'ENVI',
  br: 'ENVI',
  bu: 'ECON',
  er: 'ENER',
  ef: 'ENVI',
  hb: 'ENVI',
  hh: 'HEAL',
  lu: 'TECH',
  mr: 'ECON',
  nz: 'ENVI',
  of: 'ENVI',
  pd: 'SOCI',
  pf: 'ECON',
  sr: 'ENVI',
  so: 'ENVI',
  sd: 'ENVI',
  su: 'SOCI',
  us: 'GOVE',
  mf: 'ENVI',
};

/**
 * ISO 19115 topic categories → INSPIRE themes: the exact, close, narrow and broad matches of
 * SEMICeu/iso-19139-to-dcat-ap `alignments/iso-topic-categories-to-inspire-themes.rdf` (after
 * the INSPIRE Metadata Regulation 1205/2008, Part D 2); its mere "related" matches are left out.
 * The data theme then follows `inspireThemeToDataTheme`.
 */
const topicCategoryToInspireThemes: Record<string, string[]> = {
  biota: ['sd'],
  boundaries: ['au', 'su'],
  climatologyMeteorologyAtmosphere: ['ac', 'mf'],
  elevation: ['el'],
  environment: ['ps'],
  farming: ['af'],
  geoscientificInformation: ['ge', 'so'],
  health: ['hh'],
  imageryBaseMapsEarthCover: ['lc', 'oi'],
  inlandWaters: ['hy'],
  location: ['ad', 'gn'],
  oceans: ['of', 'sr'],
  planningCadastre: ['cp'],
  society: ['pd'],
  structure: ['bu', 'ef', 'pf'],
  transportation: ['tn'],
  utilitiesCommunication: ['us'],
};

/** Topic categories the alignment has no match for, mapped by their names. */
const topicCategoryByName: Record<string, string> = {
  economy: 'ECON',
  intelligenceMilitary: 'GOVE',
};

/** The EU data themes of a record's INSPIRE themes and topic categories, each once. */
export function dataThemes(inspireThemes: string[], topicCategories: string[]): string[] {
  const codes = new Set<string>();
  for (const theme of inspireThemes) {
    const code = own(inspireThemeToDataTheme, theme);
    if (code) codes.add(code);
  }
  for (const category of topicCategories) {
    for (const theme of own(topicCategoryToInspireThemes, category) ?? []) {
      const code = own(inspireThemeToDataTheme, theme);
      if (code) codes.add(code);
    }
    const byName = own(topicCategoryByName, category);
    if (byName) codes.add(byName);
  }
  return [...codes].sort();
}

/**
 * The `license` classification's codes → DCAT-AP.de licence URIs
 * (http://dcat-ap.de/def/licenses/, the active entries of the list as GovData's
 * ckanext-dcatde ships it in `examples/dcat_licenses.json`).
 */
const licenceUris: Record<string, string> = {
  'dl-de-by-2.0': 'http://dcat-ap.de/def/licenses/dl-by-de/2.0',
  'dl-de-zero-2.0': 'http://dcat-ap.de/def/licenses/dl-zero-de/2.0',
  'cc0-1.0': 'http://dcat-ap.de/def/licenses/cc-zero',
  'cc-by-4.0': 'http://dcat-ap.de/def/licenses/cc-by/4.0',
  'cc-by-sa-4.0': 'http://dcat-ap.de/def/licenses/cc-by-sa/4.0',
  'odbl-1.0': 'http://dcat-ap.de/def/licenses/odbl',
};

/**
 * The licence URI of a record's licence code. `other` (terms in the use constraints) and a
 * missing licence become "Andere geschlossene Lizenz": nothing tells that the terms are open,
 * and DCAT-AP.de (Konvention 31) wants a licence from the list on every distribution.
 */
export const licenceUri = (code: string | undefined) =>
  (code && own(licenceUris, code)) || 'http://dcat-ap.de/def/licenses/other-closed';

/** Licences whose terms ask to name the source: their attribution text is written too. */
export const attributionLicences = new Set(['dl-de-by-2.0', 'cc-by-4.0', 'cc-by-sa-4.0']);

/**
 * Format names of records → the EU file-type vocabulary (DCAT-AP.de Konvention 32: dct:format
 * from http://publications.europa.eu/resource/authority/file-type). Keys are lower case.
 */
const fileTypes: Record<string, string> = {
  geopackage: 'GPKG',
  gpkg: 'GPKG',
  shapefile: 'SHP',
  shp: 'SHP',
  'esri shapefile': 'SHP',
  gml: 'GML',
  geotiff: 'GEOTIFF',
  tiff: 'TIFF',
  csv: 'CSV',
  netcdf: 'NETCDF',
  'esri ascii grid': 'GRID_ASCII',
  geojson: 'GEOJSON',
  json: 'JSON',
  kml: 'KML',
  kmz: 'KMZ',
  xml: 'XML',
  pdf: 'PDF',
  zip: 'ZIP',
  las: 'LAS',
  laz: 'LAZ',
  'jpeg 2000': 'JPEG2000',
  jpeg2000: 'JPEG2000',
  png: 'PNG',
  html: 'HTML',
  xlsx: 'XLSX',
};
export const FILE_TYPE_SCHEME = `${EU}file-type`;
export const fileTypeUri = (code: string) => `${FILE_TYPE_SCHEME}/${code}`;

/** The file type of a format name, undefined when the vocabulary has none for it. */
export const fileTypeOfName = (name: string) => own(fileTypes, name.trim().toLowerCase());

/** Online resource protocols → file types: the OGC services have their own entries. */
export const protocolFileTypes: Record<string, string> = {
  wms: 'WMS_SRVC',
  wmts: 'WMTS_SRVC',
  wfs: 'WFS_SRVC',
  website: 'HTML',
  documentation: 'HTML',
};

/** File media types of uploaded files → file types. */
export const mediaTypeFileTypes: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'application/geo+json': 'GEOJSON',
  'application/xml': 'XML',
  'text/xml': 'XML',
  'image/tiff': 'TIFF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'application/geopackage+sqlite3': 'GPKG',
  'application/vnd.google-earth.kml+xml': 'KML',
  'text/html': 'HTML',
  'text/plain': 'TXT',
};

/** The EU language vocabulary (DCAT-AP.de spec §5 "Languages", Pflicht for dct:language). */
export const LANGUAGE_SCHEME = `${EU}language`;
export const languageUris = { de: `${LANGUAGE_SCHEME}/DEU`, en: `${LANGUAGE_SCHEME}/ENG` };

/** The political geocoding levels (http://dcat-ap.de/def/politicalGeocoding/Level/). */
export const geocodingLevelUri = (level: 'federal' | 'state') =>
  `http://dcat-ap.de/def/politicalGeocoding/Level/${level}`;

/** Germany in the EU country table, which DCAT-AP.de asks for places it names (spec §5). */
export const GERMANY_URI = `${EU}country/DEU`;

/**
 * The 16 Länder: ISO 3166-2 code → names, the Länderschlüssel of the official municipality
 * key (AGS, DCAT-AP.de stateKey list) and the GeoNames feature of the first-order division
 * (GeoNames admin1CodesASCII.txt, DE.01–DE.16).
 */
export const laender: {
  code: string;
  names: string[];
  stateKey: string;
  geonames: number;
}[] = [
  { code: 'DE-SH', names: ['Schleswig-Holstein'], stateKey: '01', geonames: 2838632 },
  { code: 'DE-HH', names: ['Hamburg'], stateKey: '02', geonames: 2911297 },
  { code: 'DE-NI', names: ['Niedersachsen', 'Lower Saxony'], stateKey: '03', geonames: 2862926 },
  { code: 'DE-HB', names: ['Bremen'], stateKey: '04', geonames: 2944387 },
  {
    code: 'DE-NW',
    names: ['Nordrhein-Westfalen', 'North Rhine-Westphalia'],
    stateKey: '05',
    geonames: 2861876,
  },
  { code: 'DE-HE', names: ['Hessen', 'Hesse'], stateKey: '06', geonames: 2905330 },
  {
    code: 'DE-RP',
    names: ['Rheinland-Pfalz', 'Rhineland-Palatinate'],
    stateKey: '07',
    geonames: 2847618,
  },
  { code: 'DE-BW', names: ['Baden-Württemberg'], stateKey: '08', geonames: 2953481 },
  { code: 'DE-BY', names: ['Bayern', 'Bavaria'], stateKey: '09', geonames: 2951839 },
  { code: 'DE-SL', names: ['Saarland'], stateKey: '10', geonames: 2842635 },
  { code: 'DE-BE', names: ['Berlin'], stateKey: '11', geonames: 2950157 },
  { code: 'DE-BB', names: ['Brandenburg'], stateKey: '12', geonames: 2945356 },
  {
    code: 'DE-MV',
    names: ['Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'],
    stateKey: '13',
    geonames: 2872567,
  },
  { code: 'DE-SN', names: ['Sachsen', 'Saxony'], stateKey: '14', geonames: 2842566 },
  { code: 'DE-ST', names: ['Sachsen-Anhalt', 'Saxony-Anhalt'], stateKey: '15', geonames: 2842565 },
  { code: 'DE-TH', names: ['Thüringen', 'Thuringia'], stateKey: '16', geonames: 2822542 },
];

export const stateKeyUri = (key: string) =>
  `http://dcat-ap.de/def/politicalGeocoding/stateKey/${key}`;
export const geonamesUri = (id: number) => `http://sws.geonames.org/${id}/`;

/** Names of Germany as a whole in keywords and titles. */
const germanyNames = ['Deutschland', 'Germany', 'Bundesrepublik Deutschland'];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The Länder a record names, in keywords (whole keyword) or its title (whole words): longer
 * names first, so that "Sachsen-Anhalt" is not also read as "Sachsen".
 */
export function namedLaender(keywords: string[], titles: string[]) {
  const byLength = laender
    .flatMap((land) => land.names.map((name) => ({ land, name })))
    .sort((a, b) => b.name.length - a.name.length);
  const found = new Set<(typeof laender)[number]>();
  const keywordSet = new Set(keywords.map((k) => k.trim().toLowerCase()));
  for (const { land, name } of byLength) {
    if (keywordSet.has(name.toLowerCase())) found.add(land);
  }
  for (let title of titles) {
    for (const { land, name } of byLength) {
      const pattern = new RegExp(`(^|[^\\p{L}-])${escapeRegExp(name)}(?![\\p{L}-])`, 'u');
      if (pattern.test(title)) {
        found.add(land);
        title = title.replace(pattern, '$1');
      }
    }
  }
  return laender.filter((land) => found.has(land));
}

/** Whether the record names Germany as a whole. */
export const namesGermany = (keywords: string[]) =>
  keywords.some((k) => germanyNames.some((name) => name.toLowerCase() === k.trim().toLowerCase()));

/**
 * The IRI of a reference system (`EPSG:25832`, the form records hold) as GeoDCAT-AP names it
 * for `dct:conformsTo`: the OGC definition service's IRI of the EPSG code.
 */
export function referenceSystemUri(value: string): string | undefined {
  const code = /^EPSG:(\d+)$/i.exec(value.trim())?.[1];
  return code ? `http://www.opengis.net/def/crs/EPSG/0/${code}` : undefined;
}

/** Metres in one unit of a ground distance (degrees have no fixed length: none). */
export const metresPerUnit: Record<string, number | undefined> = { m: 1, km: 1000 };
