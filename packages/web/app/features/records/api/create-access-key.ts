import { type CreateAccessKey, CreatedAccessKey } from '@geoportal/contract/object';
import { objectPath } from '../../../lib/api/object-path';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Creates an access key and answers it with its secret, which the server shows this once
 * and never again. Rejects with an `HttpRequestError`: 400 `request.validation`, 403/404.
 */
export function createAccessKey(
  client: HttpClient,
  id: string,
  body: CreateAccessKey,
): Promise<CreatedAccessKey> {
  return client.post(objectPath(id, 'accessKeys'), {
    body,
    blocking: true,
    schema: CreatedAccessKey,
    invalid: 'an invalid access key',
  });
}
