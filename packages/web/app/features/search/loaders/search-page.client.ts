import {
  loadClassification,
  primeClassification,
} from '../../../lib/classifications/classification-api';
import type { HttpClient } from '../../../lib/http/http-client';
import { loaderClient } from '../../../lib/http/loader-client';
import { appStorage } from '../../../lib/storage';
import { searchRecords } from '../api/search-records';
import { loadSearchClassifications } from '../model/facet-labels';
import { parseSearchState } from '../model/search-state';
import { failureOf, type SearchPageData } from './search-page-data';

/**
 * Searches in the browser with the user's token (their drafts and shared records count), for
 * the address `url`, reusing the classifications already known.
 */
export async function loadSearchInBrowser(
  url: URL,
  base: Pick<SearchPageData, 'apiBase' | 'classifications'>,
  client: HttpClient,
  signal?: AbortSignal,
): Promise<SearchPageData> {
  for (const classification of Object.values(base.classifications)) {
    if (classification) primeClassification(classification);
  }
  const state = parseSearchState(url.searchParams);
  const [outcome, classifications] = await Promise.all([
    searchRecords(client, state, signal).then(
      (result) => ({ result, failure: null }),
      (error: unknown) => {
        // A newer navigation replaced this one; its own answer follows.
        if (signal?.aborted) throw error;
        return { result: null, failure: failureOf(error) };
      },
    ),
    loadSearchClassifications((id) => loadClassification(client, id)),
  ]);
  return { ...base, search: url.searchParams.toString(), classifications, ...outcome };
}

// The browser's API base, learnt from the first server answer; it never changes in a page.
let knownApiBase: string | undefined;

/** Remembers the browser's API base from the page the server rendered (see routes/search). */
export function rememberSearchApiBase(apiBase: string): void {
  knownApiBase ??= apiBase;
}

/**
 * The `clientLoader` of the search page, for navigations (a new query, a facet, a page) and
 * revalidations: they ask the API straight from the browser, with the user's token. Before
 * the API base is known (a first navigation here from another page) `serverLoader` answers,
 * and a signed-in user then searches again with their token.
 */
export async function clientLoadSearchPage(
  request: Request,
  serverLoader: () => Promise<SearchPageData>,
): Promise<SearchPageData> {
  const url = new URL(request.url);
  const hasToken = Boolean(appStorage.getAccessToken());
  if (!knownApiBase) {
    // The server's answer names the address it was asked with: on a navigation from another
    // page that is the data request's, with the router's own parameters (`_routes`).
    const server = { ...(await serverLoader()), search: url.searchParams.toString() };
    knownApiBase = server.apiBase;
    if (!hasToken) return server;
    return loadSearchInBrowser(url, server, loaderClient(server.apiBase), request.signal);
  }
  return loadSearchInBrowser(
    url,
    { apiBase: knownApiBase, classifications: {} },
    loaderClient(knownApiBase),
    request.signal,
  );
}
