import type { ObjectDetailed, ObjectNormal } from '@geoportal/contract/object';
import type { AnswerCheck } from '../http/answer-schema';
import { objectSchemas } from '../http/contract-schemas';
import type { HttpClient } from '../http/http-client';
import { objectPath } from './object-path';
import { detailedRecordAnswer } from './record-answers';

/** A record as the page shows it: the normal view, or the detailed one with permissions. */
export type RecordView = ObjectNormal | ObjectDetailed;

/** Whether the record carries the caller's permissions and its history (detailed view). */
export function isDetailed(record: RecordView): record is ObjectDetailed {
  return 'permissions' in record;
}

/** The detailed view when the answer has permissions, else the normal one. */
const recordViewAnswer = async (): Promise<AnswerCheck<RecordView>> => {
  const { ObjectDetailed, ObjectNormal } = await objectSchemas();
  return {
    schema: {
      safeParse(data: unknown) {
        const detailed = ObjectDetailed.safeParse(data);
        return detailed.success ? detailed : ObjectNormal.safeParse(data);
      },
    },
    invalid: 'an invalid record',
  };
};

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
  return client.get<RecordView>(objectPath(id), {
    detail,
    noCache: true,
    ...(await recordViewAnswer()),
  });
}

/**
 * Reads a record in the detailed view (its permissions say whether the user may write it),
 * fresh from the server: the editor starts from, or compares with, the saved version.
 * Rejects with an `HttpRequestError`: 404 `object.not_found` also when it may not be read.
 */
export async function getEditableRecord(client: HttpClient, id: string): Promise<ObjectDetailed> {
  return client.get(objectPath(id), {
    detail: 'detailed',
    noCache: true,
    ...(await detailedRecordAnswer()),
  });
}
