import { useCallback, useEffect, useRef } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';

/** What the editor needs to warn before unsaved changes are lost. */
export interface LeaveGuard {
  /** The router's blocker: `blocked` while the "leave without saving?" question is open. */
  blocker: Blocker;
  /** Lets the next navigation pass, for the editor's own moves after a save. */
  allowNextNavigation: () => void;
}

/**
 * Warns before unsaved changes are lost: in-app navigation to another page is held by React
 * Router's blocker (the page asks in a dialog), closing or reloading the tab by the browser's
 * own `beforeunload` question. Changes of the hash or search alone stay on the page and pass.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const dirtyRef = useRef(dirty);
  const allowed = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) allowed.current = false;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  const allowNextNavigation = useCallback(() => {
    allowed.current = true;
  }, []);

  return { blocker, allowNextNavigation };
}
