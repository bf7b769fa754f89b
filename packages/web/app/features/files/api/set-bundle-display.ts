import type { HttpClient } from '../../../lib/http/http-client';
import { displayPath } from './file-paths';

/** `PUT /object/{id}/{bundle}/display` with `true` (shown to visitors) or `false`. */
export async function setBundleDisplay(
  client: HttpClient,
  id: string,
  bundle: string,
  display: boolean,
): Promise<void> {
  await client.put(displayPath(id, bundle), { body: display });
}
