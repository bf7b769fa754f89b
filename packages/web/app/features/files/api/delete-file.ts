import type { HttpClient } from '../../../lib/http/http-client';
import { deletePath, type FileRef } from './file-paths';

/** `DELETE /object/{id}/{bundle}/delete/{path}`. */
export async function deleteFile(client: HttpClient, ref: FileRef): Promise<void> {
  await client.delete(deletePath(ref));
}
