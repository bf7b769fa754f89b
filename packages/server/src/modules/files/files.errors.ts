import { ErrorCode } from '@geoportal/contract/errors';
import type { PathProblem } from '@geoportal/contract/files';
import { fileLimits } from '@geoportal/contract/files';
import { HttpError, NotFoundError } from '../../http/errors.js';

/** Missing, or hidden from the caller: both answer alike so that existence does not leak. */
export class BundleNotFoundError extends NotFoundError {
  constructor() {
    super(ErrorCode.bundleNotFound, 'No file bundle of this name exists, or you may not see it.');
  }
}

/** Missing, or in a bundle the caller may not see. */
export class FileNotFoundError extends NotFoundError {
  constructor() {
    super(ErrorCode.fileNotFound, 'No file exists at this path, or you may not see it.');
  }
}

/** Why a path is refused, in words; the problem codes are those of `normaliseFilePath`. */
const problemTexts: Record<PathProblem | 'reservedPath', string> = {
  empty: 'it is empty',
  absolute: 'it is absolute (starts with / or a drive letter)',
  dotSegment: 'it contains a . or .. segment',
  emptySegment: 'it contains an empty segment (//, or / at the start or end)',
  forbiddenCharacter:
    'it contains a control character, a backslash or one of < > : " | ? * (not allowed in file names)',
  reservedName: 'it contains a name Windows reserves (CON, PRN, AUX, NUL, COM1…, LPT1…)',
  trailingDotOrSpace: 'a segment ends with a dot or a space',
  tooLong: `it is longer than ${fileLimits.pathBytesMax} bytes`,
  segmentTooLong: `a segment is longer than ${fileLimits.segmentBytesMax} bytes`,
  tooDeep: `it has more than ${fileLimits.segmentsMax} segments`,
  malformedUnicode: 'it is not well-formed Unicode (or not valid percent-encoded UTF-8)',
  reservedPath: 'it is the name of a bundle endpoint (try, accessKey/required)',
};

/** 400 `file.path_invalid`; the message names the problem code and explains it. */
export class FilePathInvalidError extends HttpError {
  constructor(
    readonly problem: PathProblem | 'reservedPath',
    where = 'path',
  ) {
    super(
      400,
      ErrorCode.filePathInvalid,
      `The file path is not allowed (${problem}): ${problemTexts[problem]}.`,
      [{ path: where, message: problem }],
    );
  }
}

/** 400 `file.upload_invalid`: the multipart body is not what the endpoint takes. */
export class UploadInvalidError extends HttpError {
  constructor(message: string) {
    super(400, ErrorCode.uploadInvalid, message);
  }
}

/** 413 `request.too_large`: nothing of the upload is kept. */
export class UploadTooLargeError extends HttpError {
  constructor(limit: number) {
    super(
      413,
      ErrorCode.payloadTooLarge,
      `The file is larger than this server accepts (at most ${limit} bytes). Nothing was stored.`,
    );
  }
}

/** 416 `file.range_not_satisfiable`. */
export class RangeNotSatisfiableError extends HttpError {
  constructor(readonly size: number) {
    super(
      416,
      ErrorCode.rangeNotSatisfiable,
      `The requested range does not lie within the file (${size} bytes).`,
    );
  }
}
