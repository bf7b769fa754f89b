import type { HttpClient } from '../../../lib/http/http-client';
import { type FileRef, indexPath } from './file-paths';

/**
 * `PUT /object/{id}/{bundle}/index/{path}` with `true` or `false`. A bundle has at most one
 * index file; the server clears the previous one when another is set.
 */
export async function setIndexFile(client: HttpClient, ref: FileRef, index: boolean) {
  await client.put(indexPath(ref), { body: index });
}
