import { useSyncExternalStore } from 'react';

/**
 * The in-place login of SPEC §4: when the server answers 401, the page shows the login
 * form instead of its content while the visible address stays the same. The gate holds
 * the path it was raised for, so navigating elsewhere leaves it behind.
 */
export interface LoginGate {
  /** The path that needs a sign-in, or null. */
  getSnapshot(): string | null;
  subscribe(listener: () => void): () => void;
  require(path: string): void;
  clear(): void;
}

export function createLoginGate(): LoginGate {
  let path: string | null = null;
  const listeners = new Set<() => void>();
  const set = (next: string | null) => {
    path = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => path,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    require: (next) => set(next),
    clear: () => set(null),
  };
}

const serverSnapshot = () => null;

/** The path the gate was raised for, or null. */
export function useLoginGate(gate: LoginGate): string | null {
  return useSyncExternalStore(gate.subscribe, gate.getSnapshot, serverSnapshot);
}
