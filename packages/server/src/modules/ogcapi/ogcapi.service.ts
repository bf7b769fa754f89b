import { ObjectId } from '@geoportal/contract/object';
import type { RequestContext } from '../../http/request-context.js';
import { readablePage } from '../objects/object-kernel.js';
import { viewerOf } from '../objects/policy.js';
import { SearchQueryInvalidError, SearchTimeoutError } from '../search/search.errors.js';
import { type MatchingIds, matchingIds } from '../search/search.service.js';
import { invalidParameter, notFound, OgcApiError } from './ogcapi.errors.js';
import { EXTERNAL_IDS_MAX, idsByResourceIdentifier } from './ogcapi.repository.js';
import type { ItemsQuery } from './ogcapi-params.js';
import { type ApiRecord, type Language, type Places, toRecord } from './ogcapi-record.js';

/**
 * The records of the collection `metadata`. They are found by the search module (the same
 * index and visibility as `/index/search`) and read a page at once through the object kernel
 * (`readablePage`: the same access rule as `GET /object/{id}`), so a record the caller may
 * not read is neither found, counted nor written. Access keys are not used: as the search,
 * the API shows what the caller's account may read.
 */

type Context = Pick<RequestContext, 'db' | 'now' | 'auth' | 'config'>;

export const placesOf = (ctx: Context): Places => ({
  publicUrl: ctx.config.publicUrl,
  api: `${ctx.config.publicUrl}/ogcapi`,
});

/** One record; 404 when it does not exist or the caller may not read it. */
export async function getItem(ctx: Context, id: string, lang: Language): Promise<ApiRecord> {
  const [object] = ObjectId.safeParse(id).success ? await readablePage(ctx, [id]) : [];
  if (!object) throw notFound(`There is no record "${id.slice(0, 80)}".`);
  return toRecord(object.record, placesOf(ctx), lang);
}

export interface ItemsPage {
  numberMatched: number;
  records: ApiRecord[];
  /** Whether records follow this page (read, not estimated from the count). */
  more: boolean;
}

/** The record ids the answer is kept to: `ids` and `externalIds` together. */
async function restriction(ctx: Context, query: ItemsQuery): Promise<string[] | undefined> {
  let only = query.ids?.filter((id) => ObjectId.safeParse(id).success);
  if (query.externalIds) {
    if (query.externalIds.length > EXTERNAL_IDS_MAX) {
      throw invalidParameter(`externalIds names at most ${EXTERNAL_IDS_MAX} identifiers.`);
    }
    const found = await idsByResourceIdentifier(ctx.db, query.externalIds);
    only = only === undefined ? found : only.filter((id) => found.includes(id));
  }
  return only;
}

/** One page of the records the caller may read that match the query. */
export async function getItems(
  ctx: Context,
  query: ItemsQuery,
  lang: Language,
): Promise<ItemsPage> {
  const only = await restriction(ctx, query);
  let found: MatchingIds;
  try {
    found = await matchingIds(
      { db: ctx.db, timeoutMs: ctx.config.searchTimeoutMs },
      {
        query: query.query,
        filters: query.filters,
        sorts: query.sorts,
        start: query.offset,
        rows: query.limit,
        facets: false,
      },
      viewerOf(ctx.auth),
      only,
    );
  } catch (error) {
    if (error instanceof SearchQueryInvalidError) throw invalidParameter(error.message);
    if (error instanceof SearchTimeoutError) {
      throw new OgcApiError(503, 'ServiceUnavailable', error.message);
    }
    throw error;
  }
  // The page at once, in the search's order (a record changed since it was found is left out).
  const page = await readablePage(ctx, found.ids);
  const places = placesOf(ctx);
  return {
    numberMatched: found.numFound,
    more: found.more,
    records: page.map(({ record }) => toRecord(record, places, lang)),
  };
}
