import type { Classification } from '@geoportal/contract/classification';
import { useCallback } from 'react';
import { useAccess } from '../auth/access';
import { useLoaded } from '../hooks/use-loaded';
import { loadClassification } from './classification-api';

export interface ClassificationState {
  classification: Classification | undefined;
  error: Error | undefined;
}

/**
 * A classification for the current page: `initial` (e.g. from a server loader) at once, else
 * loaded (and cached) in the browser. While loading both fields are undefined.
 */
export function useClassification(id: string, initial?: Classification): ClassificationState {
  const { client } = useAccess();
  const load = useCallback(() => loadClassification(client, id), [client, id]);
  const loaded = useLoaded(initial ? null : load);
  if (initial) return { classification: initial, error: undefined };
  const { error } = loaded;
  return {
    classification: loaded.data,
    // Pickers show the message of an Error; anything else thrown becomes one.
    error:
      error === undefined ? undefined : error instanceof Error ? error : new Error(String(error)),
  };
}
