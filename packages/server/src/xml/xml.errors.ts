import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../http/errors.js';

/**
 * XML bytes that are malformed, hostile (a DTD, an unknown entity) or in an unknown encoding.
 * Readers of a particular document type extend it, so a caller that only parses catches one
 * class whatever the document.
 */
export class XmlInvalidError extends HttpError {
  constructor(message: string) {
    super(400, ErrorCode.importInvalid, message);
    this.name = 'XmlInvalidError';
  }
}
