import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { children, first, parseXml, textOf } from '../../xml/xml-document.js';

/** Helpers of the sitemap tests: the files fetched over HTTP and read back. */

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** An entry of a sitemap file or index: its address and, if given, its last change. */
export interface Entry {
  loc: string;
  lastmod?: string;
}

export interface SitemapFile {
  body: string;
  entries: Entry[];
}

/** GET of a sitemap path (`/sitemap.xml`, `/sitemap-1.xml`), read as XML of the protocol. */
export async function getSitemapFile(
  app: FastifyInstance,
  path: string,
  root: 'urlset' | 'sitemapindex',
  headers: Record<string, string> = {},
): Promise<SitemapFile> {
  const res = await app.inject({ method: 'GET', url: path, headers });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const { name, root: element } = parseXml(res.body);
  expect(name).toBe(root);
  expect(res.body).toContain(`<${root} xmlns="${NAMESPACE}">`);
  const entries = children(element, root === 'urlset' ? 'url' : 'sitemap').map((entry) => {
    const lastmod = first(entry, 'lastmod');
    return {
      loc: textOf(first(entry, 'loc')),
      ...(lastmod ? { lastmod: textOf(lastmod) } : {}),
    };
  });
  return { body: res.body, entries };
}

/** The whole sitemap as a crawler reads it: the index, then every file it lists. */
export async function readSitemap(
  app: FastifyInstance,
  publicUrl: string,
  headers: Record<string, string> = {},
) {
  const index = await getSitemapFile(app, '/sitemap.xml', 'sitemapindex', headers);
  const files = new Map<string, SitemapFile>();
  for (const { loc } of index.entries) {
    expect(loc.startsWith(`${publicUrl}/`), loc).toBe(true);
    const path = loc.slice(publicUrl.length);
    files.set(path, await getSitemapFile(app, path, 'urlset', headers));
  }
  const recordPrefix = `${publicUrl}/metadata/`;
  const records = [...files.values()]
    .flatMap((file) => file.entries)
    .filter((entry) => entry.loc.startsWith(recordPrefix))
    .map((entry) => ({ id: decodeURIComponent(entry.loc.slice(recordPrefix.length)), ...entry }));
  return { index, files, records };
}
