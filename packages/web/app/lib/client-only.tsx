import { type ReactNode, useEffect, useSyncExternalStore } from 'react';

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
 * Marks the document once the application has hydrated (`<html data-hydrated>`): before that,
 * the server's buttons and menus are only drawn and a click on them does nothing. End-to-end
 * tests wait for the mark before they use a control; scripts and monitoring may as well.
 */
export function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
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
