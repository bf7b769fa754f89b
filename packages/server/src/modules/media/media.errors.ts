import { ErrorCode } from '@geoportal/contract/errors';
import { NotFoundError } from '../../http/errors.js';

/**
 * No visible media file of the asked type. `file.not_found`: for the caller it is a missing
 * file, and the code is already translated.
 */
export class MediaSourceNotFoundError extends NotFoundError {
  constructor(mediaType: string) {
    super(
      ErrorCode.fileNotFound,
      `The record has no ${mediaType} file you may see (GET /media/sources/{id} lists them).`,
    );
  }
}
