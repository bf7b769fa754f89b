import { SearchResponse } from '@geoportal/contract/search';
import type { HttpClient } from '../../../lib/http/http-client';
import { withQuery } from '../../../lib/http/url';
import { getJson } from '../../../lib/http-client';
import { searchRequestOf } from '../model/search-request';
import type { SearchState } from '../model/search-state';

/** Checks an answer against the contract, so a wrong answer fails instead of half a list. */
export function validSearchResponse(data: unknown): SearchResponse {
  const parsed = SearchResponse.safeParse(data);
  if (!parsed.success) throw new Error('The server answered with an invalid search result.');
  return parsed.data;
}

/**
 * The hits, facets and count of a state, read with the caller's token (their drafts and shared
 * records count too). Rejects with an `HttpRequestError`, e.g. 400 `search.query_invalid`.
 */
export async function searchRecords(
  client: HttpClient,
  state: SearchState,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const request = searchRequestOf(state);
  return validSearchResponse(await client.get(request.path, { query: request.query, signal }));
}

/** The same as a visitor sees it, while rendering on the server (`ssrApiBase`, loopback). */
export async function searchRecordsOnServer(
  ssrApiBase: string,
  state: SearchState,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const request = searchRequestOf(state);
  return validSearchResponse(
    await getJson<unknown>(ssrApiBase, withQuery(request.path, request.query), { signal }),
  );
}
