import { useEffect, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { listRecords, type RecordListQuery } from '../api/list-records';

/**
 * How many records each query finds, for the tabs of "my records": asked once per mount, one
 * request of a single row per query (the list answers its count with every page). A count
 * stays undefined until it arrives, and when the server could not say: the tab then shows its
 * name alone, and its list says what went wrong.
 */
export function useRecordCounts<K extends string>(
  queries: Record<K, RecordListQuery>,
): Partial<Record<K, number>> {
  const { client } = useAccess();
  const [counts, setCounts] = useState<Partial<Record<K, number>>>({});
  // The queries as a value: a new object with the same queries asks nothing again.
  const key = JSON.stringify(queries);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `queries`.
  useEffect(() => {
    let active = true;
    setCounts({});
    for (const [name, query] of Object.entries(queries) as [K, RecordListQuery][]) {
      listRecords(client, query, 0, 1).then(
        ({ numFound }) => {
          if (active) setCounts((known) => ({ ...known, [name]: numFound }));
        },
        () => undefined,
      );
    }
    return () => {
      active = false;
    };
  }, [client, key]);
  return counts;
}
