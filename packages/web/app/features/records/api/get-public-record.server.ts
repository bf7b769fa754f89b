import { ObjectId, ObjectNormal } from '@geoportal/contract/object';
import { objectPath } from '../../../lib/api/object-path';
import { getJsonOrNull } from '../../../lib/http-client';

/**
 * Reads a record as a visitor sees it (no token, no key), while rendering on the server
 * (`ssrApiBase`, loopback), in the normal detail. Answers null when a visitor may not read
 * it (the API's 404 covers both "missing" and "not readable") or the id cannot be one; the
 * browser then tries again with the user's token or key. Other failures are thrown for the
 * route's error page.
 */
export function getPublicRecord(ssrApiBase: string, id: string): Promise<ObjectNormal | null> {
  if (!ObjectId.safeParse(id).success) return Promise.resolve(null);
  return getJsonOrNull(ssrApiBase, objectPath(id), {
    headers: { accept: 'application/json; detail=normal' },
    schema: ObjectNormal,
    invalid: 'an invalid record',
  });
}
