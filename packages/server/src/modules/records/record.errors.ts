import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../../http/errors.js';

/** An uploaded ISO 19139 file that is malformed, hostile or not a metadata record. */
export class ImportInvalidError extends HttpError {
  constructor(message: string) {
    super(400, ErrorCode.importInvalid, message);
    this.name = 'ImportInvalidError';
  }
}

/** The client asked for a representation this endpoint cannot produce. */
export class NotAcceptableError extends HttpError {
  constructor(message: string) {
    super(406, ErrorCode.notAcceptable, message);
    this.name = 'NotAcceptableError';
  }
}
