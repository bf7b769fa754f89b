import { type ReactNode, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** True in the browser after hydration, false while rendering on the server and hydrating. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Renders `children` only in the browser. The server and the first client render show
 * `fallback`, which must take the same space so that nothing shifts (SPEC §2: the map is
 * loaded only in the browser).
 */
export function ClientOnly({
  children,
  fallback,
}: {
  children: () => ReactNode;
  fallback: ReactNode;
}) {
  return useHydrated() ? children() : fallback;
}
