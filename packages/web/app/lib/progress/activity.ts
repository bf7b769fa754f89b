/**
 * Counts work in flight (requests, route loads) so that progress indicators can follow it
 * without knowing where the work comes from. Framework-agnostic: React reads it through
 * `useSyncExternalStore(counter.subscribe, counter.getSnapshot, () => 0)`.
 */
export interface ActivityCounter {
  /**
   * Marks one piece of work as started and answers the function that marks it as done.
   * Calling that function more than once counts once, so it can sit in a `finally` and in
   * an abort handler at the same time.
   */
  start(): () => void;
  /** Calls `listener` whenever the count changes; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The number of pieces of work in flight. */
  getSnapshot(): number;
}

/** Creates an independent counter (tests and the two page-wide counters below). */
export function createActivityCounter(): ActivityCounter {
  let count = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    start() {
      count += 1;
      notify();
      let finished = false;
      return () => {
        if (finished) return;
        finished = true;
        count -= 1;
        notify();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => count,
  };
}

/**
 * Every request and route load of the page; drives the loading bar (SPEC §2, §9). Module
 * state: in the browser there is one page; on the server nothing renders from it, because
 * the components use a server snapshot of 0.
 */
export const pageActivity: ActivityCounter = createActivityCounter();

/**
 * Requests sent with `blocking: true` (the user waits for their answer, e.g. a save); drives
 * the full-screen spinner. Background reads never count here, so they cannot flash a
 * full-screen spinner.
 */
export const blockingActivity: ActivityCounter = createActivityCounter();
