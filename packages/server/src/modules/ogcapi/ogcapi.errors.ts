/**
 * Errors of OGC API Records as its exception schema has them (OGC API Common, `exception.yaml`):
 * `{ code, description }` with the HTTP status, never the JSON error body of `/api/v1`.
 */

export type OgcApiErrorCode =
  | 'InvalidParameterValue'
  | 'NotFound'
  | 'NotAcceptable'
  | 'ServiceUnavailable'
  | 'ServerError';

export class OgcApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: OgcApiErrorCode,
    description: string,
  ) {
    super(description);
    this.name = 'OgcApiError';
  }
}

/** 400: a parameter the API cannot use; the description names it and what to send. */
export const invalidParameter = (description: string) =>
  new OgcApiError(400, 'InvalidParameterValue', description);

export const notFound = (description: string) => new OgcApiError(404, 'NotFound', description);

/** The exception document of an error. */
export const exceptionBody = (error: OgcApiError) => ({
  code: error.code,
  description: error.message,
});
