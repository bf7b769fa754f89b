import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../../http/errors.js';

export class AuthRequiredError extends HttpError {
  constructor() {
    super(401, ErrorCode.authRequired, 'Sign in first: this needs a valid AccessToken.');
  }
}

/** A session signed in with a temporary password, before the password was changed. */
export class PasswordChangeRequiredError extends HttpError {
  constructor() {
    super(
      403,
      ErrorCode.passwordChangeRequired,
      'Choose a new password first (PUT /api/v1/access/profile/password): a temporary password only lets you change it or sign out.',
    );
  }
}

export class InvalidCredentialsError extends HttpError {
  constructor() {
    super(401, ErrorCode.invalidCredentials, 'The user name or password is wrong.');
  }
}

export class AccountDisabledError extends HttpError {
  constructor() {
    super(403, ErrorCode.accountDisabled, 'This account is disabled. Contact the administrators.');
  }
}

/**
 * Too many failed password checks for one account, from this address or overall; no password
 * was checked. `retryAfterSeconds` goes to `Retry-After`.
 */
export class TooManyLoginAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const wait =
      retryAfterSeconds < 120
        ? `${retryAfterSeconds} seconds`
        : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
    super(
      429,
      ErrorCode.tooManyLoginAttempts,
      `Too many failed password attempts for this account. Try again in ${wait}.`,
    );
  }
}

export class ReadonlyUserError extends HttpError {
  constructor() {
    super(
      403,
      ErrorCode.userReadonly,
      'This account is managed elsewhere and cannot be changed here.',
    );
  }
}

export class PasswordRefusedError extends HttpError {
  constructor(code: string) {
    const messages: Record<string, string> = {
      [ErrorCode.passwordTooShort]: 'The new password must have at least 8 characters.',
      [ErrorCode.passwordTooLong]: 'The new password may have at most 128 characters.',
      [ErrorCode.passwordCommon]:
        'The new password is too common or equals the user name. Choose another one.',
      [ErrorCode.passwordWrongCurrent]: 'The current password is wrong.',
    };
    super(400, code, messages[code] ?? 'The password was refused.', [
      {
        path: code === ErrorCode.passwordWrongCurrent ? 'body.currentPassword' : 'body.newPassword',
        message: messages[code] ?? 'refused',
      },
    ]);
  }
}
