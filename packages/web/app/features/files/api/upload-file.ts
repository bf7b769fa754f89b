import { UploadResult } from '@geoportal/contract/files';
import type { Transfer, TransferOptions } from '../../../lib/http/transfer';
import { uploadPath } from './file-paths';

/**
 * `POST /object/{id}/{bundle}/upload` (multipart): `filename` (the stored path) first, then
 * `file`, because the server streams the file part to disk and must know the name before it.
 * A bundle that does not exist yet is created by its first upload.
 */
export async function uploadFile(
  transfer: Transfer,
  id: string,
  bundle: string,
  file: Blob,
  path: string,
  options: TransferOptions,
): Promise<UploadResult | undefined> {
  const form = new FormData();
  form.append('filename', path);
  form.append('file', file, path.split('/').pop() ?? path);
  const answer = await transfer.upload(uploadPath(id, bundle), form, options);
  const parsed = UploadResult.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}
