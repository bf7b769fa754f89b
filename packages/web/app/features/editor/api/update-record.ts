import { ObjectNormal, type UpdateObject } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Saves a record (`PUT /object`) from the version the editor started with, and answers the
 * saved object with its new version. Rejects with an `HttpRequestError`: 409
 * `object.version_conflict` when someone saved in between, 400 with `fields`, 403, 404.
 */
export async function updateRecord(client: HttpClient, body: UpdateObject): Promise<ObjectNormal> {
  const parsed = ObjectNormal.safeParse(await client.put('/object', { body, blocking: true }));
  if (!parsed.success) throw new Error('The server answered with an invalid record.');
  return parsed.data;
}
