import type { ObjectDetailed, ObjectNormal } from '@geoportal/contract/object';
import type { AnswerCheck } from '../http/answer-schema';
import { objectSchemas } from '../http/contract-schemas';

/** A record as the API answers it by default (`detail=normal`), checked against the contract. */
export const normalRecordAnswer = async (): Promise<AnswerCheck<ObjectNormal>> => ({
  schema: (await objectSchemas()).ObjectNormal,
  invalid: 'an invalid record',
});

/** A record with its permissions and history (`detail=detailed`), checked. */
export const detailedRecordAnswer = async (): Promise<AnswerCheck<ObjectDetailed>> => ({
  schema: (await objectSchemas()).ObjectDetailed,
  invalid: 'an invalid record',
});
