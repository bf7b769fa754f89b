import { useCallback, useEffect, useRef, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { listRecords, type RecordListEntry, type RecordListQuery } from '../api/list-records';

/** Entries per request of a record list ("load more" fetches the next as many). */
export const RECORD_PAGE_SIZE = 20;

/** A record list loaded page by page. */
export interface RecordListState {
  /** The entries loaded so far; undefined until the first page arrived. */
  docs: RecordListEntry[] | undefined;
  numFound: number;
  loading: boolean;
  error: unknown;
  /** Appends the next page. */
  loadMore: () => void;
  /** Starts again from the first page (also after an error). */
  reload: () => void;
  /** Drops an entry that no longer exists (a deleted record) without loading again. */
  remove: (id: string) => void;
}

/**
 * The records of one query, the first page on mount and one more per `loadMore`. A page that
 * arrives after the query changed or the list was reloaded is dropped.
 */
export function useRecordList(
  { owner, ownerName, state, sort }: RecordListQuery,
  rows = RECORD_PAGE_SIZE,
): RecordListState {
  const { client } = useAccess();
  const [docs, setDocs] = useState<RecordListEntry[]>();
  const [numFound, setNumFound] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (start: number, current: number) => {
      setLoading(true);
      setError(null);
      try {
        const page = await listRecords(client, { owner, ownerName, state, sort }, start, rows);
        if (current !== generation.current) return;
        setDocs((before) => [...(start === 0 ? [] : (before ?? [])), ...page.docs]);
        setNumFound(page.numFound);
      } catch (failure) {
        if (current === generation.current) setError(failure ?? new Error());
      } finally {
        if (current === generation.current) setLoading(false);
      }
    },
    [client, owner, ownerName, state, sort, rows],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    setDocs(undefined);
    void fetchPage(0, generation.current);
  }, [fetchPage]);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload]);

  const loadMore = useCallback(() => {
    if (loading) return;
    void fetchPage(docs?.length ?? 0, generation.current);
  }, [fetchPage, docs, loading]);

  const remove = useCallback((id: string) => {
    setDocs((before) => before?.filter((doc) => doc.id !== id));
    setNumFound((before) => Math.max(0, before - 1));
  }, []);

  return { docs, numFound, loading, error, loadMore, reload, remove };
}
