import { objectPath } from '../../../lib/api/object-path';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Whether an access key would open the record for the caller (DESIGN §4): GET asks about
 * reading, PUT about writing; true only when the caller lacks that right and an active key
 * of that kind exists. A question, not an action: any failure answers false and a 401 does
 * not send anyone to the login.
 */
export async function isAccessKeyRequired(
  client: HttpClient,
  id: string,
  kind: 'read' | 'write' = 'read',
): Promise<boolean> {
  try {
    const path = objectPath(id, 'accessKey', 'required');
    const answer = await client.send(kind === 'read' ? 'GET' : 'PUT', path, {
      handlesAuth: true,
      noCache: true,
    });
    return answer.data === true;
  } catch {
    return false;
  }
}
