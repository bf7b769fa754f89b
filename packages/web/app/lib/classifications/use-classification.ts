import type { Classification } from '@geoportal/contract/classification';
import { useEffect, useState } from 'react';
import { useAccess } from '../auth/access';
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
  const [state, setState] = useState<ClassificationState>({
    classification: initial,
    error: undefined,
  });
  useEffect(() => {
    if (initial) return;
    let current = true;
    loadClassification(client, id).then(
      (classification) => current && setState({ classification, error: undefined }),
      (error: unknown) =>
        current &&
        setState({
          classification: undefined,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      current = false;
    };
  }, [client, id, initial]);
  return state;
}
