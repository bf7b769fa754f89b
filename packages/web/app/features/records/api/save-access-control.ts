import type { AccessControl } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { validAccessControl } from './get-access-control';
import { objectPath } from './object-path';

/**
 * Replaces the record's grants and `public` flag (`POST …/accessControl`) and answers what
 * the server keeps. Rejects with an `HttpRequestError`: 400 `request.validation`, 403/404.
 */
export async function saveAccessControl(
  client: HttpClient,
  id: string,
  accessControl: AccessControl,
): Promise<AccessControl> {
  const answer = await client.post(objectPath(id, 'accessControl'), {
    body: accessControl,
    blocking: true,
  });
  // Some servers answer 204 to a replacement; then what was sent is what is kept.
  return answer === undefined ? accessControl : validAccessControl(answer);
}
