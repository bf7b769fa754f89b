import { objectPath } from '../../../lib/api/object-path';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Deletes a record with its files (`DELETE /object/{id}`). Rejects with an
 * `HttpRequestError` when the caller may not (403) or the record is gone (404).
 */
export async function deleteRecord(client: HttpClient, id: string): Promise<void> {
  await client.delete(objectPath(id), { blocking: true });
}
