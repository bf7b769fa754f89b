import { ErrorCode } from '@geoportal/contract/errors';
import { HttpError } from '../../http/errors.js';

/**
 * `preview.unavailable`: no image can be rendered from this file. 415 when the file's type
 * has no image rendition at all (text, GeoJSON, video, audio, archives, …); 422 when the type
 * would have one but this file cannot be rendered (corrupt, too many pixels, too slow).
 */
export class PreviewUnavailableError extends HttpError {
  constructor(
    status: 415 | 422,
    readonly reason: string,
  ) {
    super(
      status,
      ErrorCode.previewUnavailable,
      status === 415
        ? 'This file type has no image preview. Download the file instead.'
        : `No preview can be rendered from this file (${reason}). Download the file instead.`,
    );
    this.name = 'PreviewUnavailableError';
  }
}
