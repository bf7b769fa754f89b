/**
 * Every XML namespace the catalogue reads or writes, named once. Writers choose their own
 * prefixes from these (ISO 19139 binds `gml` to GML 3.2, CSW 2.0.2 and Filter Encoding 1.1
 * bind it to GML 3.1.1), so a URI is never typed twice.
 */
export const xmlNamespaces = {
  csw: 'http://www.opengis.net/cat/csw/2.0.2',
  dc: 'http://purl.org/dc/elements/1.1/',
  dct: 'http://purl.org/dc/terms/',
  gco: 'http://www.isotc211.org/2005/gco',
  gmd: 'http://www.isotc211.org/2005/gmd',
  gmx: 'http://www.isotc211.org/2005/gmx',
  srv: 'http://www.isotc211.org/2005/srv',
  gml32: 'http://www.opengis.net/gml/3.2',
  gml311: 'http://www.opengis.net/gml',
  ows: 'http://www.opengis.net/ows',
  ogc: 'http://www.opengis.net/ogc',
  oai: 'http://www.openarchives.org/OAI/2.0/',
  oaiDc: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  sitemap: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  xlink: 'http://www.w3.org/1999/xlink',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;
