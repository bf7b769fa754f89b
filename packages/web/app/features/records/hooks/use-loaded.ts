import { useCallback, useEffect, useState } from 'react';

/** The state of data a component loads itself. */
export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  /** Loads again, e.g. after a change or to retry after an error. */
  reload: () => void;
  /** Replaces the data with what a save answered, without a request. */
  set: (data: T) => void;
}

/**
 * Loads data with `load` when mounted and whenever `load` changes (memoise it). An answer
 * that arrives after unmounting or after a newer load is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for a reload
  useEffect(() => {
    let current = true;
    setError(null);
    load().then(
      (answer) => {
        if (current) setData(answer);
      },
      (failure: unknown) => {
        if (current) setError(failure ?? new Error());
      },
    );
    return () => {
      current = false;
    };
  }, [load, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, error, reload, set: setData };
}
