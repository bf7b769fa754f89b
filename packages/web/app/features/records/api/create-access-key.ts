import { type CreateAccessKey, CreatedAccessKey } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { objectPath } from './object-path';

/**
 * Creates an access key and answers it with its secret, which the server shows this once
 * and never again. Rejects with an `HttpRequestError`: 400 `request.validation`, 403/404.
 */
export async function createAccessKey(
  client: HttpClient,
  id: string,
  body: CreateAccessKey,
): Promise<CreatedAccessKey> {
  const answer = await client.post(objectPath(id, 'accessKeys'), { body, blocking: true });
  const parsed = CreatedAccessKey.safeParse(answer);
  if (!parsed.success) throw new Error('The server answered with an invalid access key.');
  return parsed.data;
}
