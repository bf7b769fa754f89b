import type { SpatialSearchResponse } from '@geoportal/contract/search';
import type { HttpClient } from '../../../lib/http/http-client';
import { listAnswer } from './answer-shape';

/** The most footprints the map asks for at once (contract: searchLimits.spatialSizeMax). */
export const footprintPageSize = 10_000;

export interface FootprintRequest {
  /** The search text; empty for all records. */
  query: string;
  /** West, south, east, north in degrees. */
  bbox: [number, number, number, number];
  /** The map zoom, so the server simplifies the footprints to what the screen can show. */
  zoom: number;
  signal?: AbortSignal;
}

/** The `{query}` path segment: `*` for everything, the text otherwise. */
export const queryPath = (query: string) => encodeURIComponent(query.trim() || '*');

/**
 * Footprints of the records matching `query` in a box (DESIGN §4 spatial search), visible to
 * the caller, simplified for the zoom. A wrong answer fails (see answer-shape.ts).
 */
export function searchFootprints(
  client: HttpClient,
  request: FootprintRequest,
): Promise<SpatialSearchResponse> {
  const [west, south, east, north] = request.bbox.map((value) => Number(value.toFixed(5)));
  return client.get(
    `/index/search/objects/spatial/${queryPath(request.query)}/1/${footprintPageSize}`,
    {
      query: {
        fq: `bbox:${west},${south},${east},${north}`,
        zoom: Math.max(0, Math.min(20, Math.round(request.zoom))),
      },
      signal: request.signal,
      ...listAnswer<SpatialSearchResponse>('features', 'footprint collection'),
    },
  );
}
