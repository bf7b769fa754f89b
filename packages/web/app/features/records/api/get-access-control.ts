import { AccessControl } from '@geoportal/contract/object';
import { objectPath } from '../../../lib/api/object-path';
import type { AnswerCheck } from '../../../lib/http/answer-schema';
import type { HttpClient } from '../../../lib/http/http-client';

/** How answers of the access control calls are checked against the contract. */
export const accessControlAnswer: AnswerCheck<AccessControl> = {
  schema: AccessControl,
  invalid: 'invalid access control',
};

/** The record's explicit grants and its `public` flag; needs the accessControl permission. */
export function getAccessControl(client: HttpClient, id: string): Promise<AccessControl> {
  return client.get(objectPath(id, 'accessControl'), { noCache: true, ...accessControlAnswer });
}
