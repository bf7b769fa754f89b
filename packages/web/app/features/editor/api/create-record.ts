import type { CreateObject, ObjectNormal } from '@geoportal/contract/object';
import { normalRecordAnswer } from '../../../lib/api/record-answers';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Creates a draft (`POST /object`) and answers it. Rejects with an `HttpRequestError`:
 * 400 `request.validation` or `record.unknown_code` (with `fields`), 401, 403.
 */
export async function createRecord(client: HttpClient, body: CreateObject): Promise<ObjectNormal> {
  return client.post('/object', {
    body,
    blocking: true,
    ...(await normalRecordAnswer()),
  });
}
