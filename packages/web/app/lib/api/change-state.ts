import type { ObjectDetailed, StateChange } from '@geoportal/contract/object';
import type { HttpClient } from '../http/http-client';
import { objectPath } from './object-path';
import { detailedRecordAnswer } from './record-answers';

/**
 * Moves a record one workflow step (`PUT /object/{id}/state`, DESIGN §5) and answers it in
 * the detailed view; the editor and the record page both use it. Rejects with an
 * `HttpRequestError`: 409 `object.transition_not_allowed`, 400 `object.comment_required`
 * (returning a submitted record needs a reason), 400 `object.incomplete` (submitting a record
 * that lacks required fields, with `fields`).
 */
export async function changeState(
  client: HttpClient,
  id: string,
  change: StateChange,
): Promise<ObjectDetailed> {
  return client.put(objectPath(id, 'state'), {
    body: change,
    blocking: true,
    ...(await detailedRecordAnswer()),
  });
}
