import type { AccessControl } from '@geoportal/contract/object';
import { objectPath } from '../../../lib/api/object-path';
import { checkAnswer } from '../../../lib/http/answer-schema';
import type { HttpClient } from '../../../lib/http/http-client';
import { accessControlAnswer } from './get-access-control';

/**
 * Replaces the record's grants and `public` flag (`POST …/accessControl`) and answers what
 * the server keeps. Rejects with an `HttpRequestError`: 400 `request.validation`, 403/404.
 */
export async function saveAccessControl(
  client: HttpClient,
  id: string,
  accessControl: AccessControl,
): Promise<AccessControl> {
  const answer = await client.send('POST', objectPath(id, 'accessControl'), {
    body: accessControl,
    blocking: true,
  });
  // Some servers answer 204 (or nothing) to a replacement; then what was sent is what is kept.
  if (answer.data === undefined) return accessControl;
  return checkAnswer(answer.data, accessControlAnswer, answer.status);
}
