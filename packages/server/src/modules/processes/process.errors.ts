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

/** A retry of work that must not wait or run twice, while another job of it does. */
export function notRetryableWhileHeld(): HttpError {
  return new HttpError(
    409,
    ErrorCode.processNotRetryable,
    'Another process of the same work waits or runs; retry this one when that has ended.',
  );
}

/** What the process endpoints refuse to others: "Only administrators may …". */
export const CONTROL_PROCESSES = 'see and control processes';
