import { ErrorCode, type FieldError } from '@geoportal/contract/errors';

/**
 * An error that answers the request with its status, stable code and readable message.
 * Services throw these (or the named subclasses); the error handler turns them into the
 * uniform error body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class NotFoundError extends HttpError {
  constructor(code: string, message: string) {
    super(404, code, message);
    this.name = 'NotFoundError';
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, fields?: FieldError[], code: string = ErrorCode.validation) {
    super(400, code, message, fields);
    this.name = 'BadRequestError';
  }
}
