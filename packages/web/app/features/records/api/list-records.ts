import { ObjectList, type ObjectListSort, type ObjectState } from '@geoportal/contract/object';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * Which records a list shows: the own ones (`owner: 'me'`) or another owner's (`ownerName`),
 * and/or one workflow state, in an order (last change first unless said otherwise).
 */
export interface RecordListQuery {
  owner?: 'me';
  ownerName?: string;
  state?: ObjectState;
  sort?: ObjectListSort;
}

/** One entry of a record list. */
export type RecordListEntry = ObjectList['docs'][number];

/**
 * A page of records the caller may read (`GET /object`): own records by state, the review
 * queue (`state: 'submitted'` without owner, which editors see in full, longest waiting
 * first), or every record an editor manages by state and owner. Read fresh, since the lists
 * change with every workflow step.
 */
export function listRecords(
  client: HttpClient,
  query: RecordListQuery,
  start: number,
  rows: number,
): Promise<ObjectList> {
  return client.get('/object', {
    query: {
      owner: query.owner,
      ownerName: query.ownerName,
      state: query.state,
      sort: query.sort,
      start,
      rows,
    },
    noCache: true,
    schema: ObjectList,
    invalid: 'an invalid record list',
  });
}
