import type { CatalogueTexts } from '../../config.js';
import type { Places } from './ogcapi-record.js';

/**
 * The fixed resources of the API: landing page, conformance declaration and the collection
 * `metadata`. Title, description and keywords are the catalogue's identity
 * (`config.catalogue`: `CATALOGUE_TITLE_*`, `CATALOGUE_ABSTRACT_*`, `CATALOGUE_KEYWORDS_*`):
 * one catalogue, several standards.
 */

const RECORDS = 'http://www.opengis.net/spec/ogcapi-records-1/1.0/conf';

/**
 * The conformance classes the tests show (`ogcapi.routes.test.ts`, `ogcapi.owslib.test.ts`).
 * CQL2 (`filter`) is offered but not declared: its basic class asks for ordering comparisons
 * of every queryable, which the search index does not answer for texts.
 */
export const conformanceClasses = [
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/json',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-common-2/1.0/conf/collections',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  `${RECORDS}/record-core`,
  `${RECORDS}/record-collection`,
  `${RECORDS}/records-api`,
  `${RECORDS}/record-core-query-parameters`,
  `${RECORDS}/sorting`,
  `${RECORDS}/searchable-catalog`,
  `${RECORDS}/searchable-catalog/sorting`,
  `${RECORDS}/json`,
  `${RECORDS}/html`,
  `${RECORDS}/oas30`,
];

export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

const link = (href: string, rel: string, type: string, title: string) => ({
  href,
  rel,
  type,
  title,
});

export function landingPage(places: Places, texts: CatalogueTexts) {
  const api = places.api;
  return {
    title: texts.title,
    description: texts.abstract,
    links: [
      link(`${api}`, 'self', 'application/json', 'This document'),
      link(`${api}?f=html`, 'alternate', 'text/html', 'This document as HTML'),
      link(`${api}/api`, 'service-desc', OPENAPI_TYPE, 'The API definition (OpenAPI 3.0)'),
      link(`${api}/conformance`, 'conformance', 'application/json', 'Conformance classes'),
      link(`${api}/collections`, 'data', 'application/json', 'The collections'),
      link(
        `${api}/collections/metadata`,
        'http://www.opengis.net/def/rel/ogc/1.0/ogc-catalog',
        'application/json',
        'The catalogue of metadata records',
      ),
    ],
  };
}

export function collection(places: Places, texts: CatalogueTexts) {
  const base = `${places.api}/collections/metadata`;
  return {
    id: 'metadata',
    type: 'Catalog',
    itemType: 'record',
    title: texts.title,
    description: texts.abstract,
    keywords: texts.keywords,
    extent: {
      spatial: {
        bbox: [[-180, -90, 180, 90]],
        crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
      },
    },
    crs: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'],
    links: [
      link(base, 'self', 'application/json', 'This collection'),
      link(`${base}?f=html`, 'alternate', 'text/html', 'This collection as HTML'),
      link(`${base}/items`, 'items', 'application/geo+json', 'The records'),
      link(`${base}/items?f=html`, 'items', 'text/html', 'The records as HTML'),
      link(
        `${base}/queryables`,
        'http://www.opengis.net/def/rel/ogc/1.0/queryables',
        'application/schema+json',
        'Queryables of the filter',
      ),
      link(
        `${base}/sortables`,
        'http://www.opengis.net/def/rel/ogc/1.0/sortables',
        'application/schema+json',
        'Sortables',
      ),
    ],
  };
}

export function collections(places: Places, texts: CatalogueTexts) {
  return {
    collections: [collection(places, texts)],
    links: [
      link(`${places.api}/collections`, 'self', 'application/json', 'This document'),
      link(`${places.api}/collections?f=html`, 'alternate', 'text/html', 'This document as HTML'),
    ],
  };
}
