import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import {
  createRedirectTracker,
  isRedirectLocation,
  MAX_REDIRECTS,
  type RedirectTracker,
  type RouterError,
} from './router-errors';

/**
 * Stops redirect loops (SPEC §5, §9: a redirect chain over 20 fails). React Router follows
 * loader redirects without a limit, so this hook counts the redirect hops of pending
 * navigations; on the 21st in a row it reports a `RouterError('tooManyRedirects')` to
 * `onError` (default: `console.error`) and ends the chain by navigating back to the page on
 * screen, which the visitor keeps. Call it once, in the root layout.
 *
 * It counts the hops React renders; every hop of a real loop waits for the server, so each
 * one renders. Should React batch some, the loop is stopped a few hops later, never missed.
 */
export function useRedirectLimit(
  onError: (error: RouterError) => void = (error) => console.error(error),
  max: number = MAX_REDIRECTS,
): void {
  const target = useNavigation().location;
  const location = useLocation();
  const navigate = useNavigate();
  const tracker = useRef<RedirectTracker | null>(null);
  tracker.current ??= createRedirectTracker(max);
  // The effect must see the latest page and handler without re-running when they change.
  const latest = useRef({ location, onError, navigate });
  latest.current = { location, onError, navigate };

  useEffect(() => {
    if (!target) return;
    try {
      tracker.current?.record(isRedirectLocation(target), target.pathname);
    } catch (error) {
      const { location: shown, onError: report, navigate: go } = latest.current;
      report(error as RouterError);
      // A new navigation cancels the pending one, which ends the loop.
      void go(`${shown.pathname}${shown.search}${shown.hash}`, {
        replace: true,
        preventScrollReset: true,
      });
    }
  }, [target]);
}
