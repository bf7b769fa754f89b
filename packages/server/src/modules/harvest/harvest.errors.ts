import { ErrorCode, type FieldError } from '@geoportal/contract/errors';
import { HttpError, NotFoundError } from '../../http/errors.js';

/** What the harvester endpoints refuse to others: "Only administrators may …". */
export const MANAGE_HARVESTERS = 'manage harvesters';

export class HarvesterNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(ErrorCode.harvesterNotFound, `No harvester with the id "${id.slice(0, 64)}" exists.`);
  }
}

export function harvesterInvalid(message: string, fields: FieldError[]): HttpError {
  return new HttpError(400, ErrorCode.harvesterInvalid, message, fields);
}

export function harvesterRunning(): HttpError {
  return new HttpError(
    409,
    ErrorCode.harvesterRunning,
    'A run of this harvester is queued or running. Wait for it to end or cancel it first.',
  );
}

export function refusedUrl(reason: string): HttpError {
  return new HttpError(
    400,
    ErrorCode.harvesterRefusedUrl,
    `The portal does not request this address: ${reason}.`,
    [{ path: 'body.source.url', message: reason }],
  );
}

/** Edits of a harvested record: it belongs to its remote catalogue. */
export function objectHarvested(harvester: string): HttpError {
  return new HttpError(
    409,
    ErrorCode.objectHarvested,
    `This record was harvested by "${harvester.slice(0, 200)}" and is read-only here: change it at its source, and the next run brings the change.`,
  );
}
