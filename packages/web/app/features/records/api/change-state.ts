import { ObjectDetailed, type StateChange } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { objectPath } from './object-path';

/**
 * Moves a record one workflow step (DESIGN §5) and answers it in the detailed view. Rejects
 * with an `HttpRequestError`: 409 `object.transition_not_allowed`, 400
 * `object.comment_required` (returning a submitted record needs a reason), 400
 * `object.incomplete` (submitting a record that lacks required fields).
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
