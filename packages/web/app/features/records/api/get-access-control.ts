import { AccessControl } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { objectPath } from './object-path';

/** Checks an answer against the contract. */
export function validAccessControl(data: unknown): AccessControl {
  const parsed = AccessControl.safeParse(data);
  if (!parsed.success) throw new Error('The server answered with invalid access control.');
  return parsed.data;
}

/** The record's explicit grants and its `public` flag; needs the accessControl permission. */
export async function getAccessControl(client: HttpClient, id: string): Promise<AccessControl> {
  return validAccessControl(await client.get(objectPath(id, 'accessControl'), { noCache: true }));
}
