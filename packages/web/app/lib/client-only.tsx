import { startTransition, useEffect, useState } from 'react';
import { whenIdleAfterLoad } from './idle';

/**
 * Milliseconds after hydration by which a deferred part (a small map) starts even if the
 * browser never falls idle.
 */
const CLIENT_ONLY_START_LATEST_MS = 1500;

/** Set once the application has hydrated: later pages come from client-side navigations. */
let pageHydrated = false;

/** Whether the page has hydrated, i.e. whether a component now mounts after a navigation. */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/**
 * Marks the document once the application has hydrated (`<html data-hydrated>`): before that,
 * the server's buttons and menus are only drawn and a click on them does nothing. End-to-end
 * tests wait for the mark before they use a control; scripts and monitoring may as well.
 */
export function useHydratedMark(): void {
  useEffect(() => {
    pageHydrated = true;
    document.documentElement.dataset.hydrated = '';
  }, []);
}

/**
 * False on the server and while the page hydrates; true once the page has loaded and the
 * browser is idle (at the latest `CLIENT_ONLY_START_LATEST_MS` after hydration), or at once
 * on a page reached by a client-side navigation.
 *
 * The switch is a transition. A hydration-time switch (`useSyncExternalStore`, as before)
 * re-rendered synchronously inside hydration's commit: together with the lazy map's start
 * that was one main-thread task of about 300 ms on a phone (bench:lighthouse, issue 22).
 */
export function useStartedAfterLoad(): boolean {
  const [started, setStarted] = useState(isPageHydrated);
  useEffect(() => {
    if (started) return;
    return whenIdleAfterLoad(
      () => startTransition(() => setStarted(true)),
      CLIENT_ONLY_START_LATEST_MS,
    );
  }, [started]);
  return started;
}
