import { objectPath } from '../../../lib/api/object-path';
import type { HttpClient } from '../../../lib/http/http-client';

/** Revokes an access key: it stays listed, inactive, and opens nothing any more. */
export async function revokeAccessKey(client: HttpClient, id: string, keyId: string) {
  await client.delete(objectPath(id, 'accessKeys', encodeURIComponent(keyId)), {
    blocking: true,
  });
}
