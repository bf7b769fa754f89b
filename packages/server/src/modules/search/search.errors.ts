import { ErrorCode } from '@geoportal/contract/errors';
import {
  type ProblemValues,
  problemMessage,
  type QueryProblemReason,
} from '@geoportal/contract/query-problems';
import type { QueryProblem } from '@geoportal/contract/search-query';
import { BadRequestError, HttpError } from '../../http/errors.js';

/**
 * 400 `search.query_invalid`: the query, a filter, a sort or a paging value cannot be used.
 * The field error carries the problem's reason and values, so clients can translate it.
 */
export class SearchQueryInvalidError extends BadRequestError {
  constructor(field: string, problem: QueryProblem) {
    const at = problem.position === undefined ? '' : ` (at character ${problem.position + 1})`;
    const message = `${field}: ${problem.message}${at}`;
    super(message, [{ path: field, ...problem }], ErrorCode.searchQueryInvalid);
    this.name = 'SearchQueryInvalidError';
  }
}

/** A problem of the request's parameters rather than of the query text. */
export function parameterProblem(
  reason: QueryProblemReason,
  values: ProblemValues = {},
): QueryProblem {
  return { reason, values, message: problemMessage(reason, values) };
}

/** 503 `search.timeout`: the database cancelled a search that ran too long. */
export class SearchTimeoutError extends HttpError {
  constructor() {
    super(
      503,
      ErrorCode.searchTimeout,
      'The search took too long and was stopped. Narrow it: add words, a filter or a map extent.',
    );
    this.name = 'SearchTimeoutError';
  }
}
