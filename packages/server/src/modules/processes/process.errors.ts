import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError, NotFoundError } from '../../http/errors.js';

export class ProcessNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(ErrorCode.processNotFound, `No process with the id "${id.slice(0, 64)}" exists.`);
  }
}

export class ScheduleNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(ErrorCode.scheduleNotFound, `No schedule with the id "${id.slice(0, 64)}" exists.`);
  }
}

export function unknownKind(kind: string, known: readonly string[]): HttpError {
  return new HttpError(
    400,
    ErrorCode.processUnknownKind,
    `There is no job kind "${kind.slice(0, 64)}". Known kinds: ${known.join(', ')}.`,
    [{ path: 'body.kind', message: 'is not a known job kind' }],
  );
}

export function cronInvalid(cron: string, reason: string): HttpError {
  return new HttpError(
    400,
    ErrorCode.cronInvalid,
    `"${cron.slice(0, 120)}" is not a cron expression: ${reason}. Use five fields (minute hour day month weekday), e.g. "0 3 * * *".`,
    [{ path: 'body.cron', message: reason }],
  );
}

export function notCancelable(state: string): HttpError {
  return new HttpError(
    409,
    ErrorCode.processNotCancelable,
    `This process has already ended (${state}); there is nothing to cancel.`,
  );
}

export function notRetryable(state: string): HttpError {
  return new HttpError(
    409,
    ErrorCode.processNotRetryable,
    `Only failed or canceled processes can be retried; this one is ${state}.`,
  );
}

/** 401 for visitors (a sign-in may help), 403 for signed-in users without the role. */
export function administratorsOnly(signedIn: boolean): HttpError {
  return signedIn
    ? new HttpError(403, ErrorCode.forbidden, 'Only administrators may see and control processes.')
    : new HttpError(401, ErrorCode.authRequired, 'Sign in first: this needs a valid AccessToken.');
}
