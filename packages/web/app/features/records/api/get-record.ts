import { ObjectDetailed, ObjectNormal } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';
import { objectPath } from './object-path';

/** A record as the page shows it: the normal view, or the detailed one with permissions. */
export type RecordView = ObjectNormal | ObjectDetailed;

/** Whether the record carries the caller's permissions and its history (detailed view). */
export function isDetailed(record: RecordView): record is ObjectDetailed {
  return 'permissions' in record;
}

/**
 * Checks an answer against the contract, so a wrong answer fails the call instead of showing
 * half a record.
 */
export function validRecord(data: unknown): RecordView {
  const detailed = ObjectDetailed.safeParse(data);
  if (detailed.success) return detailed.data;
  const normal = ObjectNormal.safeParse(data);
  if (!normal.success) throw new Error('The server answered with an invalid record.');
  return normal.data;
}

/**
 * Reads a record with the caller's token and any access key held for it. Fresh from the
 * server (no cache), because the page reads it again right after a workflow step. Rejects
 * with an `HttpRequestError`: 404 `object.not_found` also when the caller may not read it.
 */
export async function getRecord(
  client: HttpClient,
  id: string,
  detail: 'normal' | 'detailed' = 'detailed',
): Promise<RecordView> {
  return validRecord(await client.get(objectPath(id), { detail, noCache: true }));
}
