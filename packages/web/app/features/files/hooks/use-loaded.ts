import { useEffect, useState } from 'react';

export interface Loaded<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
}

/**
 * The result of `load` for the current inputs (`load` is memoised by the caller). A newer
 * load or unmounting aborts the older one, whose answer is then ignored.
 */
export function useLoaded<T>(load: ((signal: AbortSignal) => Promise<T>) | null): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ loading: load !== null });
  useEffect(() => {
    if (!load) {
      setState({ loading: false });
      return;
    }
    const controller = new AbortController();
    setState({ loading: true });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error, loading: false });
      },
    );
    return () => controller.abort();
  }, [load]);
  return state;
}
