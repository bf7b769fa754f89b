import { xmlNamespaces } from '../../xml/namespaces.js';
import { declaration, element, textElement } from '../../xml/xml-writing.js';

/** Writing the XML of the sitemaps.org protocol 0.9 (https://www.sitemaps.org/protocol.html). */

const NAMESPACE = xmlNamespaces.sitemap;

/** An address with, when known, its last change. */
export interface UrlEntry {
  loc: string;
  lastmod?: Date | undefined;
}

/** `lastmod` in the W3C date-time form the protocol asks for, in UTC. */
const lastmodElement = (date: Date | undefined) =>
  date ? textElement('lastmod', date.toISOString()) : '';

/** The start of a sitemap file; its `url` entries and `URLSET_END` follow. */
export const URLSET_START = `${declaration}<urlset xmlns="${NAMESPACE}">`;
export const URLSET_END = '</urlset>\n';

/** One `url` of a sitemap file. */
export function urlEntry(entry: UrlEntry): string {
  return element('url', {}, textElement('loc', entry.loc), lastmodElement(entry.lastmod));
}

/** A sitemap index listing sitemap files. */
export function sitemapIndex(files: UrlEntry[]): string {
  const sitemaps = files.map((file) =>
    element('sitemap', {}, textElement('loc', file.loc), lastmodElement(file.lastmod)),
  );
  return `${declaration}${element('sitemapindex', { xmlns: NAMESPACE }, ...sitemaps)}\n`;
}
