import type { Suggestion } from '@geoportal/contract/search';
import { searchLimits } from '@geoportal/contract/search-fields';
import { searchSchemas } from '../../../lib/http/contract-schemas';
import type { HttpClient } from '../../../lib/http/http-client';

/** Suggestions asked for per input: the API's default, enough for a short list. */
export const SUGGESTION_ROWS = searchLimits.suggestRowsDefault;

/**
 * Record titles and keywords for search-as-you-type (`GET /index/suggest/objects/{text}`),
 * typo tolerant, as the caller may read them. Inputs shorter than the API's minimum answer
 * nothing without a request.
 */
export async function getSuggestions(
  client: HttpClient,
  text: string,
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const input = text.trim();
  if (input.length < searchLimits.suggestMin) return [];
  const answer = await client.get(
    `index/suggest/objects/${encodeURIComponent(input.slice(0, searchLimits.suggestMax))}`,
    {
      query: { rows: SUGGESTION_ROWS },
      signal,
      schema: (await searchSchemas()).SuggestResponse,
      invalid: 'invalid suggestions',
    },
  );
  return answer.suggestions;
}
