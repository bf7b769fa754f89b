import type { Bundle } from '@geoportal/contract/files';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAccess } from '../../../lib/auth/access';
import { getBundles, parseBundles } from '../api/get-bundles';

export interface BundlesState {
  /** The bundles; null until the first read has answered. */
  bundles: Bundle[] | null;
  /** The last read's failure, if it failed. */
  error: unknown;
  /** Reads the bundles again (after an upload, a deletion or a setting). */
  reload: () => Promise<void>;
}

/**
 * The object's bundles. The record page's detailed view brings them along (`initial`); a
 * page with only the normal view (visitors) reads the detailed view here, in the browser.
 * When the page loads the record again, its bundles replace the ones held here. Of several
 * reads in flight only the last one counts.
 */
export function useBundles(id: string, initial: readonly unknown[] | undefined): BundlesState {
  const { client } = useAccess();
  const [bundles, setBundles] = useState<Bundle[] | null>(() =>
    initial ? parseBundles(initial) : null,
  );
  const [error, setError] = useState<unknown>(null);
  const sequence = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++sequence.current;
    try {
      const next = await getBundles(client, id);
      if (ticket !== sequence.current) return;
      setBundles(next);
      setError(null);
    } catch (failure) {
      if (ticket === sequence.current) setError(failure);
    }
  }, [client, id]);

  useEffect(() => {
    if (initial) {
      sequence.current += 1;
      setBundles(parseBundles(initial));
      setError(null);
    } else {
      void reload();
    }
  }, [initial, reload]);

  return { bundles, error, reload };
}
