import { ObjectDetailed } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { objectPath } from './object-path';

/**
 * Reads a record in the detailed view (its permissions say whether the user may write it),
 * fresh from the server: the editor starts from, or compares with, the saved version.
 * Rejects with an `HttpRequestError`: 404 `object.not_found` also when it may not be read.
 */
export async function getEditableRecord(client: HttpClient, id: string): Promise<ObjectDetailed> {
  const parsed = ObjectDetailed.safeParse(
    await client.get(objectPath(id), { detail: 'detailed', noCache: true }),
  );
  if (!parsed.success) throw new Error('The server answered with an invalid record.');
  return parsed.data;
}
