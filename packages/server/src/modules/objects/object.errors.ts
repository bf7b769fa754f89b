import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError, NotFoundError } from '../../http/errors.js';

/** Missing, or not to be seen by the caller: both answer alike so existence does not leak. */
export class ObjectNotFoundError extends NotFoundError {
  constructor() {
    super(ErrorCode.objectNotFound, 'No record with this id exists, or you may not see it.');
  }
}

/** 401 for visitors (a sign-in may help), 403 for signed-in users. */
export function deniedError(signedIn: boolean): HttpError {
  return signedIn
    ? new HttpError(403, ErrorCode.forbidden, 'You are not allowed to do this with this record.')
    : new HttpError(401, ErrorCode.authRequired, 'Sign in first: this needs a valid AccessToken.');
}

export class VersionConflictError extends HttpError {
  constructor() {
    super(
      409,
      ErrorCode.versionConflict,
      'Someone else saved this record in the meantime. Reload it and repeat your change.',
    );
  }
}

export class TransitionNotAllowedError extends HttpError {
  constructor(from: string, to: string) {
    super(
      409,
      ErrorCode.transitionNotAllowed,
      `You may not move this record from ${from} to ${to} now.`,
    );
  }
}

export class CommentRequiredError extends HttpError {
  constructor() {
    super(400, ErrorCode.commentRequired, 'Returning a record needs a comment that says why.', [
      { path: 'body.comment', message: 'is required for this step' },
    ]);
  }
}
