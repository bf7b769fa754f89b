import type { ObjectNormal } from '@geoportal/contract/object';
import { localized } from './localized-text';

/** The schema.org `Dataset` description of a published record (search engines read it). */
export interface DatasetJsonLd {
  '@context': 'https://schema.org';
  '@type': 'Dataset';
  '@id': string;
  url: string;
  name: string;
  description?: string;
  inLanguage?: string;
  keywords?: string[];
  dateModified: string;
  spatialCoverage?: {
    '@type': 'Place';
    geo: { '@type': 'GeoShape'; box: string };
  };
}

/**
 * The JSON-LD of a record, or null when it is not published: drafts and withdrawn records
 * must not be described to search engines. `url` is the canonical address of the page.
 */
export function datasetJsonLd(
  record: ObjectNormal,
  url: string,
  lang: string,
): DatasetJsonLd | null {
  if (record.state !== 'published') return null;
  const title = localized(record.metadata.title, lang) ?? localized(record.title, lang);
  if (!title) return null;
  const abstract = localized(record.metadata.abstract, lang);
  const { keywords, extent } = record.metadata;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': url,
    url,
    name: title.text,
    ...(abstract ? { description: abstract.text } : {}),
    inLanguage: title.lang,
    ...(keywords && keywords.length > 0 ? { keywords } : {}),
    dateModified: record.modified,
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
