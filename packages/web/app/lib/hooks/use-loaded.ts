import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads data; the signal aborts when a newer load starts or the component unmounts. */
export type Load<T> = (signal: AbortSignal) => Promise<T>;

/** The state of data a component loads itself. */
export interface Loaded<T> {
  /** The last answer; undefined until one arrived, and again once `load` is another one. */
  data: T | undefined;
  /** Why the last load failed; undefined while loading and after a success. */
  error: unknown;
  /** Whether a load is under way. */
  loading: boolean;
  /** Loads again with the same `load`, keeping the data shown meanwhile (after a change). */
  reload: () => void;
  /** Replaces the data with what a save answered, without a request. */
  set: (data: T) => void;
}

interface State<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
}

/**
 * The result of `load` for the current inputs: loads on mount and whenever `load` changes
 * (the caller memoises it); `null` loads nothing. Only the newest load counts: an older one is
 * aborted and its answer dropped, as is any answer after unmounting. A new `load` (other
 * inputs) forgets the old data, so nothing of the previous inputs shows meanwhile; `reload`
 * keeps it, so a list does not flicker after a change.
 */
export function useLoaded<T>(load: Load<T> | null): Loaded<T> {
  const [state, setState] = useState<State<T>>({ loading: load !== null });
  const [round, setRound] = useState(0);
  const loadedWith = useRef(load);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for a reload
  useEffect(() => {
    const fresh = loadedWith.current !== load;
    loadedWith.current = load;
    if (!load) {
      setState({ loading: false });
      return;
    }
    const controller = new AbortController();
    setState((before) => ({ data: fresh ? undefined : before.data, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false });
      },
      (error: unknown) => {
        // A rejection without a reason still counts as a failure.
        if (!controller.signal.aborted) setState({ error: error ?? new Error(), loading: false });
      },
    );
    return () => controller.abort();
  }, [load, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  const set = useCallback((data: T) => setState((before) => ({ ...before, data })), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, set };
}
