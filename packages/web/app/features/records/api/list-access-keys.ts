import { AccessKey } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { objectPath } from './object-path';

/** The record's access keys, revoked ones included (never their secrets). */
export async function listAccessKeys(client: HttpClient, id: string): Promise<AccessKey[]> {
  const parsed = AccessKey.array().safeParse(
    await client.get(objectPath(id, 'accessKeys'), { noCache: true }),
  );
  if (!parsed.success) throw new Error('The server answered with invalid access keys.');
  return parsed.data;
}
