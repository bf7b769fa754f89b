import { AccessKey } from '@geoportal/contract/object';
import { objectPath } from '../../../lib/api/object-path';
import type { HttpClient } from '../../../lib/http/http-client';

/** The record's access keys, revoked ones included (never their secrets). */
export function listAccessKeys(client: HttpClient, id: string): Promise<AccessKey[]> {
  return client.get(objectPath(id, 'accessKeys'), {
    noCache: true,
    schema: AccessKey.array(),
    invalid: 'invalid access keys',
  });
}
