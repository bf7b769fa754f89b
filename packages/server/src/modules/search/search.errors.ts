import { ErrorCode } from '@geoportal/contract/errors';
import { BadRequestError, HttpError } from '../../http/errors.js';

/** 400 `search.query_invalid`: the query, a filter, a sort or a paging value cannot be used. */
export class SearchQueryInvalidError extends BadRequestError {
  constructor(message: string, field: string) {
    super(message, [{ path: field, message }], ErrorCode.searchQueryInvalid);
    this.name = 'SearchQueryInvalidError';
  }
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
