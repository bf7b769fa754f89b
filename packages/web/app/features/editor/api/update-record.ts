import type { ObjectNormal, UpdateObject } from '@geoportal/contract/object';
import { normalRecordAnswer } from '../../../lib/api/record-answers';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Saves a record (`PUT /object`) from the version the editor started with, and answers the
 * saved object with its new version. Rejects with an `HttpRequestError`: 409
 * `object.version_conflict` when someone saved in between, 400 with `fields`, 403, 404.
 */
export async function updateRecord(client: HttpClient, body: UpdateObject): Promise<ObjectNormal> {
  return client.put('/object', {
    body,
    blocking: true,
    ...(await normalRecordAnswer()),
  });
}
