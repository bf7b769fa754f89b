import type { SearchResponse } from '@geoportal/contract/search';
import type { AnswerCheck } from '../../../lib/http/answer-schema';
import { searchSchemas } from '../../../lib/http/contract-schemas';
import type { HttpClient } from '../../../lib/http/http-client';
import { withQuery } from '../../../lib/http/url';
import { getJson } from '../../../lib/http-client';
import { searchRequestOf } from '../model/search-request';
import type { SearchState } from '../model/search-state';

/** Answers are checked against the contract, so a wrong answer fails instead of half a list. */
const searchAnswer = async (): Promise<AnswerCheck<SearchResponse>> => ({
  schema: (await searchSchemas()).SearchResponse,
  invalid: 'an invalid search result',
});

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
  return client.get(request.path, { query: request.query, signal, ...(await searchAnswer()) });
}

/** The same as a visitor sees it, while rendering on the server (`ssrApiBase`, loopback). */
export async function searchRecordsOnServer(
  ssrApiBase: string,
  state: SearchState,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const request = searchRequestOf(state);
  return getJson(ssrApiBase, withQuery(request.path, request.query), {
    signal,
    ...(await searchAnswer()),
  });
}
