import { useEffect, useRef } from 'react';
import { useAuth } from './use-auth';

/**
 * Calls `reload` when someone signs in or out while the page is open (here or through a
 * 401), so what the page shows (drafts, permissions) follows the user. The first known state
 * after the page loaded is the one its data was loaded with, so it does not count.
 */
export function useReloadOnSessionChange(reload: () => void): void {
  const { token, status } = useAuth();
  const loadedWith = useRef<string | null | undefined>(undefined);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });

  useEffect(() => {
    // `unknown`: rendering on the server, hydrating, or the saved session is being checked.
    if (status === 'unknown') return;
    if (loadedWith.current === undefined) {
      loadedWith.current = token;
      return;
    }
    if (loadedWith.current !== token) {
      loadedWith.current = token;
      reloadRef.current();
    }
  }, [token, status]);
}
