import { data } from 'react-router';
import { loadClassificationOnServer } from '../../../lib/classifications/classification-api';
import type { ClientConfig } from '../../../lib/web-config-context';
import { searchRecordsOnServer } from '../api/search-records';
import { loadSearchClassifications } from '../model/facet-labels';
import { parseSearchState } from '../model/search-state';
import { failureOf, type SearchPageData } from './search-page-data';

/**
 * The search page as a visitor sees it, rendered on the server: crawlers and the first paint
 * get the hits, facets and labels of the address's state. A failed search (a query the API
 * refuses) still renders the page with its error, answering the API's status; it is not
 * thrown, because a failed server loader would keep the `clientLoader` from running.
 */
export async function loadSearchPageOnServer(
  request: Request,
  ssrApiBase: string,
  client: Pick<ClientConfig, 'apiBase'>,
) {
  const url = new URL(request.url);
  const state = parseSearchState(url.searchParams);
  const [outcome, classifications] = await Promise.all([
    searchRecordsOnServer(ssrApiBase, state, request.signal).then(
      (result) => ({ result, failure: null }),
      (error: unknown) => ({ result: null, failure: failureOf(error) }),
    ),
    loadSearchClassifications((id) => loadClassificationOnServer(ssrApiBase, id)),
  ]);
  const page: SearchPageData = {
    apiBase: client.apiBase,
    search: url.searchParams.toString(),
    classifications,
    ...outcome,
  };
  const status = outcome.failure && outcome.failure.status >= 400 ? outcome.failure.status : 200;
  return data(page, { status });
}
