import { ObjectId, type ObjectNormal } from '@geoportal/contract/object';
import { HttpError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { getObject } from '../objects/object.service.js';
import { viewerOf } from '../objects/policy.js';
import { SearchQueryInvalidError, SearchTimeoutError } from '../search/search.errors.js';
import { type MatchingIds, matchingIds } from '../search/search.service.js';
import { invalidParameter, notFound, OgcApiError } from './ogcapi.errors.js';
import { EXTERNAL_IDS_MAX, idsByResourceIdentifier } from './ogcapi.repository.js';
import type { ItemsQuery } from './ogcapi-params.js';
import { type ApiRecord, type Language, type Places, toRecord } from './ogcapi-record.js';

/**
 * The records of the collection `metadata`. They are found by the search module (the same
 * index and visibility as `/index/search`) and read through the objects service (the same
 * access rule as `GET /object/{id}`), so a record the caller may not read is neither found,
 * counted nor written. Access keys are not used: as the search, the API shows what the
 * caller's account may read.
 */

type Context = Pick<RequestContext, 'db' | 'now' | 'auth' | 'config'>;

export const placesOf = (ctx: Context): Places => ({
  publicUrl: ctx.config.publicUrl,
  api: `${ctx.config.publicUrl}/ogcapi`,
});

/** The object if the caller may read it; undefined when it is unknown or hidden. */
async function readable(ctx: Context, id: string): Promise<ObjectNormal | undefined> {
  if (!ObjectId.safeParse(id).success) return undefined;
  try {
    return (await getObject(
      { db: ctx.db, now: ctx.now, auth: ctx.auth },
      id,
      'normal',
    )) as ObjectNormal;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
}

/** One record; 404 when it does not exist or the caller may not read it. */
export async function getItem(ctx: Context, id: string, lang: Language): Promise<ApiRecord> {
  const object = await readable(ctx, id);
  if (!object) throw notFound(`There is no record "${id.slice(0, 80)}".`);
  return toRecord(object, placesOf(ctx), lang);
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
  // Read side by side (a PostgreSQL pool serves them at once), kept in the search's order.
  const objects = await Promise.all(found.ids.map((id) => readable(ctx, id)));
  const places = placesOf(ctx);
  return {
    numberMatched: found.numFound,
    more: found.more,
    records: objects.flatMap((object) => (object ? [toRecord(object, places, lang)] : [])),
  };
}
