import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../../http/errors.js';
import { XmlInvalidError } from '../../xml/xml.errors.js';

/** An uploaded ISO 19139 file that is malformed, hostile or not a metadata record. */
export class ImportInvalidError extends XmlInvalidError {
  constructor(message: string) {
    super(message);
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

/**
 * The imported file's identifier names a record that exists. The message names the record
 * only when the caller may read it (`id`); otherwise it says no more than that one exists.
 */
export class RecordExistsError extends HttpError {
  constructor(fileIdentifier: string, id?: string) {
    super(
      409,
      ErrorCode.recordExists,
      id
        ? `A record with the file identifier "${fileIdentifier}" exists already (record ${id}). ` +
            `Update it with PUT /object/${id}/import, or import the file as a copy with ?as=copy.`
        : `A record with the file identifier "${fileIdentifier}" exists already, and you may not ` +
            'see it. Import the file as a copy with ?as=copy.',
    );
    this.name = 'RecordExistsError';
  }
}
