import { ObjectDetailed, type StateChange } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { objectPath } from './object-path';

/**
 * Moves a record one workflow step (`PUT /object/{id}/state`). Rejects with an
 * `HttpRequestError`: 400 `object.incomplete` (with `fields`), 409
 * `object.transition_not_allowed`.
 */
export async function changeState(
  client: HttpClient,
  id: string,
  change: StateChange,
): Promise<ObjectDetailed> {
  const answer = await client.put(objectPath(id, 'state'), { body: change, blocking: true });
  const parsed = ObjectDetailed.safeParse(answer);
  if (!parsed.success) throw new Error('The server answered with an invalid record.');
  return parsed.data;
}
