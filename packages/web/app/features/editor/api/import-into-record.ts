import type { ObjectNormal } from '@geoportal/contract/object';
import { normalRecordAnswer } from '../../../lib/api/record-answers';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Saves the ISO 19139 file as a new version of record `id` (`PUT /object/{id}/import`),
 * over the `version` the user chose to replace. Rejects with 409 `object.version_conflict`
 * when someone saved the record in between.
 */
export async function importIntoRecord(
  client: HttpClient,
  id: string,
  version: number,
  file: Blob,
): Promise<ObjectNormal> {
  return client.put(`/object/${encodeURIComponent(id)}/import?version=${version}`, {
    body: file,
    headers: { 'Content-Type': 'application/xml' },
    blocking: true,
    ...(await normalRecordAnswer()),
  });
}
