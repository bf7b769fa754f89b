import { ObjectId, ObjectNormal } from '@geoportal/contract/object';
import { getJson, HttpRequestError } from '../../../lib/http-client';
import { objectPath } from './object-path';

/**
 * Reads a record as a visitor sees it (no token, no key), while rendering on the server
 * (`ssrApiBase`, loopback), in the normal detail. Answers null when a visitor may not read
 * it (the API's 404 covers both "missing" and "not readable") or the id cannot be one; the
 * browser then tries again with the user's token or key. Other failures are thrown for the
 * route's error page.
 */
export async function getPublicRecord(
  ssrApiBase: string,
  id: string,
): Promise<ObjectNormal | null> {
  if (!ObjectId.safeParse(id).success) return null;
  let data: unknown;
  try {
    data = await getJson<unknown>(ssrApiBase, objectPath(id), {
      headers: { accept: 'application/json; detail=normal' },
    });
  } catch (error) {
    if (error instanceof HttpRequestError && (error.status === 404 || error.status === 400)) {
      return null;
    }
    throw error;
  }
  const parsed = ObjectNormal.safeParse(data);
  if (!parsed.success) throw new Error('The server answered with an invalid record.');
  return parsed.data;
}
