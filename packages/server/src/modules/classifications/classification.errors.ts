import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError, NotFoundError } from '../../http/errors.js';

export class ClassificationNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(
      ErrorCode.classificationNotFound,
      `No classification with the id "${id.slice(0, 64)}" exists.`,
    );
  }
}

/** 401 for visitors (a sign-in may help), 403 for signed-in users without the role. */
export function administratorsOnly(signedIn: boolean): HttpError {
  return signedIn
    ? new HttpError(403, ErrorCode.forbidden, 'Only administrators may change classifications.')
    : new HttpError(401, ErrorCode.authRequired, 'Sign in first: this needs a valid AccessToken.');
}
