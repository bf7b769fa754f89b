import type { SearchResponse } from '@geoportal/contract/search';
import { HttpRequestError } from '../../../lib/http/http-error';
import type { SearchClassifications } from '../model/facet-labels';

/**
 * A failed search as route data can carry it (an `HttpRequestError` does not survive the trip
 * from the server loader to the browser): status 0 for a network failure.
 */
export interface SearchFailure {
  status: number;
  code?: string;
  message: string;
  /** For a refused query: what is wrong, as a reason to translate (`search.problem.<reason>`). */
  problem?: SearchProblem;
}

/** The first problem of a refused search, as the API's field error names it. */
export interface SearchProblem {
  reason: string;
  values: Record<string, string | number>;
  position?: number;
}

/** The data of the search page, from the server loader and then from the `clientLoader`. */
export interface SearchPageData {
  /** The API base the browser uses, for its own requests after hydration. */
  apiBase: string;
  /** The query string the answer belongs to (without `?`). */
  search: string;
  /** The answer; null when the search failed. */
  result: SearchResponse | null;
  failure: SearchFailure | null;
  /** The classifications that label type, topic, INSPIRE theme and licence values. */
  classifications: SearchClassifications;
}

/** Turns whatever a search threw into a `SearchFailure`. */
export function failureOf(error: unknown): SearchFailure {
  if (error instanceof HttpRequestError) {
    const body = typeof error.body === 'object' ? error.body : undefined;
    const field = body?.fields?.[0];
    const problem: SearchProblem | undefined = field?.reason
      ? {
          reason: field.reason,
          values: field.values ?? {},
          ...(field.position === undefined ? {} : { position: field.position }),
        }
      : undefined;
    return {
      status: error.status,
      ...(body?.code ? { code: body.code } : {}),
      message: error.message,
      ...(problem ? { problem } : {}),
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** The failure as the error the shared `errorText` understands. */
export function errorOfFailure(failure: SearchFailure): Error {
  if (failure.status === 0) return new Error(failure.message);
  return new HttpRequestError(
    failure.status,
    { status: failure.status, code: failure.code, message: failure.message },
    failure.message,
  );
}
