import type { Place, PlaceSearchResult } from '@geoportal/contract/geo';
import { geoUrl } from '../../../lib/http/geo-url';
import type { HttpClient } from '../../../lib/http/http-client';
import { listAnswer } from './answer-shape';

export type { Place };

/**
 * Searches the offline place names (`GET /geoth/places?q=&limit=&lang=`), best first, each
 * named in the page language.
 */
export async function searchPlaces(
  client: HttpClient,
  apiBase: string,
  query: string,
  language: string,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<Place[]> {
  const answer = await client.get(
    geoUrl(apiBase, '/places', {
      q: query,
      limit: options.limit ?? 10,
      lang: language === 'en' ? 'en' : 'de',
    }),
    { signal: options.signal, ...listAnswer<PlaceSearchResult>('places', 'place list') },
  );
  return answer.places;
}
