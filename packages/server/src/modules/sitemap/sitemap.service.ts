import {
  contentPagePath,
  HOME_PATH,
  recordPagePath,
  SEARCH_PATH,
} from '@geoportal/contract/public-pages';
import { SITEMAP_MAX_URLS } from '../../config.js';
import type { AppContext } from '../../http/request-context.js';
import { listContentPages } from '../content/content.service.js';
import * as repo from './sitemap.repository.js';
import type { SitemapFiles } from './sitemap-files.js';
import { sitemapIndex, URLSET_END, URLSET_START, type UrlEntry, urlEntry } from './sitemap-xml.js';

/**
 * The sitemap of the sitemaps.org protocol for search engines: `/sitemap.xml`, an index of
 * `/sitemap-pages.xml` (home, search and the static pages) and `/sitemap-1.xml`, … with the
 * public records' pages, at most `SITEMAP_PAGE_SIZE` each. Everyone gets the visitor's view,
 * as search engines see the site: a signed-in caller's drafts never appear.
 */

/** What the sitemap needs: the app's context, the cut of the record files, the page folder. */
export interface SitemapContext extends AppContext {
  files: SitemapFiles;
}

/** Records read from the database per statement while a file is written. */
const BATCH = 1000;

/** Name of the file with the pages that are not records. */
export const PAGES_FILE = 'sitemap-pages.xml';

/** Name of the n-th file of record pages (from 1). */
export const recordFileName = (n: number) => `sitemap-${n}.xml`;

/** `/sitemap.xml`: the files of the sitemap, cut afresh, each with its newest change. */
export async function indexDocument(ctx: SitemapContext): Promise<string> {
  const files = await ctx.files.recut(ctx.db, ctx.now);
  const base = ctx.config.publicUrl;
  return sitemapIndex([
    { loc: `${base}/${PAGES_FILE}` },
    ...files.map((file, i) => ({
      loc: `${base}/${recordFileName(i + 1)}`,
      lastmod: file.lastModified,
    })),
  ]);
}

/** `/sitemap-pages.xml`: home, search and the static pages every visitor can open. */
export async function pagesDocument(ctx: AppContext): Promise<string> {
  const base = ctx.config.publicUrl;
  const entries: UrlEntry[] = [
    { loc: `${base}${HOME_PATH}` },
    { loc: `${base}${SEARCH_PATH}` },
    ...(await listContentPages(ctx.config.contentDir)).map((page) => ({
      loc: `${base}${contentPagePath(page.fileName)}`,
      lastmod: page.modified,
    })),
  ];
  return `${URLSET_START}${entries.map(urlEntry).join('')}${URLSET_END}`;
}

/**
 * `/sitemap-{n}.xml` as parts to stream, or undefined when the sitemap has no such file.
 * The file's records are read in batches by keyset, so memory stays small however many
 * records a file holds; every part is written by the time the consumer asks for it.
 */
export async function recordDocument(
  ctx: SitemapContext,
  n: number,
): Promise<AsyncIterable<string> | undefined> {
  const range = await ctx.files.range(ctx.db, ctx.now, n);
  if (!range) return undefined;
  const { db } = ctx;
  const base = ctx.config.publicUrl;
  return (async function* () {
    yield URLSET_START;
    let after = range.after;
    // A file may have grown past the page size since the cut, never past the protocol's limit.
    let left = SITEMAP_MAX_URLS;
    while (left > 0) {
      const records = await repo.listRecords(
        db,
        { after, upTo: range.upTo },
        Math.min(BATCH, left),
      );
      if (records.length === 0) break;
      yield records
        .map((record) =>
          urlEntry({ loc: `${base}${recordPagePath(record.id)}`, lastmod: record.modified }),
        )
        .join('');
      left -= records.length;
      after = records.at(-1)?.id;
    }
    yield URLSET_END;
  })();
}
