import type { HttpClient } from '../../../lib/http/http-client';
import { descriptionPath } from './file-paths';

/** `PUT /object/{id}/{bundle}/description` with the text as a JSON string. */
export async function setBundleDescription(
  client: HttpClient,
  id: string,
  bundle: string,
  description: string,
): Promise<void> {
  await client.put(descriptionPath(id, bundle), { body: description });
}
