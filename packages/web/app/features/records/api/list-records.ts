import { ObjectList, type ObjectState } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';

/** Which records a list shows: the own ones (`owner: 'me'`) and/or one workflow state. */
export interface RecordListQuery {
  owner?: 'me';
  state?: ObjectState;
}

/** One entry of a record list. */
export type RecordListEntry = ObjectList['docs'][number];

/**
 * A page of records the caller may read (`GET /object`): own records by state, or the review
 * queue (`state: 'submitted'` without owner, which editors see in full). Read fresh, since
 * the lists change with every workflow step.
 */
export function listRecords(
  client: HttpClient,
  query: RecordListQuery,
  start: number,
  rows: number,
): Promise<ObjectList> {
  return client.get('/object', {
    query: { owner: query.owner, state: query.state, start, rows },
    noCache: true,
    schema: ObjectList,
    invalid: 'an invalid record list',
  });
}
