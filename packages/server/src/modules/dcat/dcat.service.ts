import type { ObjectNormal } from '@geoportal/contract/object';
import type { Quad } from '@rdfjs/types';
import type { Config } from '../../config.js';
import { BadRequestError, HttpError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { visibleFilesOf } from '../files/bundle-view.js';
import { listVisibleFiles } from '../files/file.service.js';
import { getObject } from '../objects/object.service.js';
import { type ObjectContext, readablePage } from '../objects/object-kernel.js';
import { can, viewerOf } from '../objects/policy.js';
import { matchingIds } from '../search/search.service.js';
import { writeCatalog } from './dcat-catalog.js';
import { type DcatSite, writeDataset } from './dcat-dataset.js';
import { Graph, type Subject } from './dcat-graph.js';
import { extensions, type RdfFormat, serialize } from './dcat-serialize.js';

/**
 * DCAT-AP.de for harvesters: the catalogue page by page, and one record. The catalogue finds
 * records through the search module (the same index and visibility as `/index/search`: a
 * visitor gets the published records, a signed-in caller also what their account may read)
 * and reads a page at once through the object kernel (`readablePage`: the same access rule as
 * `GET /object/{id}`), so nothing the policy denies is listed, counted or written.
 */

type Context = Pick<RequestContext, 'db' | 'now' | 'auth' | 'config'>;

/** The site as the DCAT writers see it. */
export function siteOf(config: Config): DcatSite {
  return {
    publicUrl: config.publicUrl,
    publisherName: config.dcat.publisherName,
    contributorId: config.dcat.contributorId,
  };
}

/** The catalogue's IRI. */
export const catalogIri = (config: Config) => `${config.publicUrl}/dcat/catalog`;

/**
 * The datasets of a page of records as the caller reads them: of `ids`, each record the
 * caller's account may read (`readablePage`, no access key: the catalogue lists what the
 * search finds), in that order, with the files its reader sees (hidden bundles only where the
 * caller may write the record, as `listVisibleFiles`). Two statements whatever the page's size.
 */
async function readDatasets(ctx: Pick<ObjectContext, 'db' | 'auth'>, ids: readonly string[]) {
  const page = await readablePage(ctx, ids);
  const files = await visibleFilesOf(
    ctx.db,
    page.map(({ record, subject, facts }) => ({
      id: record.id,
      mayWrite: can(subject, facts, 'write'),
    })),
  );
  return page.map(({ record }) => ({ object: record, files: files.get(record.id) ?? [] }));
}

/** The quads of one record's dataset, read with the caller's rights (404 like the JSON view). */
export async function recordQuads(ctx: ObjectContext & { config: Config }, id: string) {
  const object = (await getObject(ctx, id, 'normal')) as ObjectNormal;
  const graph = new Graph();
  writeDataset(graph, object, await listVisibleFiles(ctx, id), siteOf(ctx.config));
  return graph.quads();
}

/** One record as DCAT-AP.de in the format. */
export async function exportDcat(
  ctx: ObjectContext & { config: Config },
  id: string,
  format: RdfFormat,
): Promise<string> {
  return serialize(await recordQuads(ctx, id), format);
}

/**
 * The quads of each record of `ids` that visitors may read, by id (the others are absent):
 * a page of datasets for other protocols (OAI-PMH), as a visitor reads them.
 */
export async function publicRecordQuads(
  ctx: Pick<RequestContext, 'db' | 'config'>,
  ids: readonly string[],
): Promise<Map<string, Quad[]>> {
  const site = siteOf(ctx.config);
  const quads = new Map<string, Quad[]>();
  for (const { object, files } of await readDatasets({ db: ctx.db, auth: null }, ids)) {
    const graph = new Graph();
    writeDataset(graph, object, files, site);
    quads.set(object.id, graph.quads());
  }
  return quads;
}

/** The 1-based page number of `?page`; anything else is 400. */
export function pageNumber(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw new BadRequestError(
      `The page "${value.slice(0, 40)}" is not a page number: use a whole number from 1.`,
      [{ path: 'page', message: 'must be a whole number from 1' }],
    );
  }
  return Number(value);
}

/** One page of the catalogue in the format. */
export async function catalogPage(ctx: Context, page: number, format: RdfFormat): Promise<string> {
  const { config } = ctx;
  const pageSize = config.dcat.pageSize;
  const found = await matchingIds(
    { db: ctx.db, timeoutMs: config.searchTimeoutMs },
    {
      query: { kind: 'all' },
      filters: [],
      // Oldest first: new records join the end, so harvesters paging through miss none.
      sorts: [{ field: 'created', direction: 'asc' }],
      start: (page - 1) * pageSize,
      rows: pageSize,
      facets: false,
    },
    viewerOf(ctx.auth),
  );
  const last = Math.max(1, Math.ceil(found.numFound / pageSize));
  if (page > last) {
    throw new HttpError(
      404,
      'dcat.page_not_found',
      `The catalogue has ${last} page${last === 1 ? '' : 's'} of ${pageSize} records; page ${page} does not exist.`,
    );
  }
  const graph = new Graph();
  const site = siteOf(config);
  const datasets: Subject[] = (await readDatasets(ctx, found.ids)).map(({ object, files }) =>
    writeDataset(graph, object, files, site),
  );
  const texts = config.catalogue.texts;
  writeCatalog(
    graph,
    {
      title: { de: texts.de.title, en: texts.en.title },
      description: { de: texts.de.abstract, en: texts.en.abstract },
      publisherName: config.dcat.publisherName,
      homepage: config.catalogue.providerSite ?? config.publicUrl,
    },
    {
      catalogIri: catalogIri(config),
      pageUrl: (n) => `${catalogIri(config)}.${extensions[format]}?page=${n}`,
      page,
      pageSize,
      total: found.numFound,
    },
    datasets,
  );
  return serialize(graph.quads(), format);
}
