import { ErrorCode } from '@geoportal/contract/errors';
import { normaliseFilePath } from '@geoportal/contract/files';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { FilePathInvalidError, UploadInvalidError, UploadTooLargeError } from './files.errors.js';
import { type BlobStore, LimitExceededError, type Received } from './store.js';

/**
 * Paths a GET under `/object/{id}/{bundle}/` answers with an endpoint instead of a file;
 * refused on upload so that every stored file can be downloaded.
 */
const reservedPaths = new Set(['try', 'accessKey/required']);

/** The stored form of a path, or 400 `file.path_invalid` naming the problem. */
export function checkFilePath(raw: string, where = 'path'): string {
  const result = normaliseFilePath(raw);
  if (!result.ok) throw new FilePathInvalidError(result.problem, where);
  if (reservedPaths.has(result.path)) throw new FilePathInvalidError('reservedPath', where);
  return result.path;
}

/** A multipart upload received into a temporary, with the path it is to be stored under. */
export interface ReceivedUpload {
  received: Received;
  path: string;
}

/**
 * Reads the multipart body of `POST …/upload`: a `file` part (streamed into a temporary of
 * the store) and an optional `filename` field (the path, sub-folders allowed; without it the
 * part's own file name). A `filename` sent before the file is checked before any byte is
 * stored. Over `limit` bytes is 413; a malformed body, a second file or a client that goes
 * away ends the upload. Whatever fails, no temporary remains.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: BlobStore,
  limit: number,
): Promise<ReceivedUpload> {
  let fieldPath: string | undefined;
  let partName: string | undefined;
  let received: Received | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: limit, files: 1, fields: 10, fieldSize: 8 * 1024, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'filename') continue;
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw new FilePathInvalidError('tooLong', 'filename');
        }
        fieldPath = checkFilePath(part.value, 'filename');
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        throw new UploadInvalidError('Send exactly one file, in the part named "file".');
      }
      partName = part.filename;
      // Stop reading at the first byte over the limit rather than discarding the rest.
      part.file.once('limit', () => part.file.destroy(new LimitExceededError(limit)));
      received = await store.receive(part.file, { limit });
      if ((part.file as { truncated?: boolean }).truncated) throw new LimitExceededError(limit);
    }
    if (!received) {
      throw new UploadInvalidError('The upload has no file. Send it in the part named "file".');
    }
    const path = fieldPath ?? checkFilePath(partName ?? '', 'filename');
    return { received, path };
  } catch (error) {
    if (received) await store.discard(received);
    throw uploadError(error, limit);
  }
}

/** Maps what can go wrong while reading a multipart body to a stable answer. */
function uploadError(error: unknown, limit: number): unknown {
  if (error instanceof HttpError) return error;
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (error instanceof LimitExceededError || code === 'FST_REQ_FILE_TOO_LARGE') {
    return new UploadTooLargeError(limit);
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new HttpError(
      507,
      ErrorCode.unavailable,
      'The server has no room for this file now. Nothing was stored; try again later.',
    );
  }
  // File-system and other system errors are the server's problem: a logged 500.
  if (syscall !== undefined) return error;
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new UploadInvalidError(
      'The upload ended before the file was complete. Nothing was stored.',
    );
  }
  if (code?.startsWith('FST_') || (error instanceof Error && error.constructor === Error)) {
    // The plugin's limit errors and the parser's plain errors ("Unexpected end of form",
    // "Malformed part header", "Boundary not found"): the body is not a usable upload.
    return new UploadInvalidError(
      `The multipart body cannot be read (${(error as Error).message}). Send one "file" part and an optional "filename" field.`,
    );
  }
  return error;
}
