import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * How close to the window an element must come before `useNearWindow` says so: one window
 * height above or below it, so that what it starts is ready before it scrolls into view.
 */
export const NEAR_WINDOW_MARGIN = '100% 0px';

/**
 * Whether the element in `ref` has come near the window (`NEAR_WINDOW_MARGIN`); once true it
 * stays true. True at once where the browser cannot tell (no IntersectionObserver). An element
 * in a hidden part of the page (`display: none`) is near only once that part is shown.
 */
export function useNearWindow(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // What it starts (a map) renders beside input, not before it.
        startTransition(() => setNear(true));
      },
      { rootMargin: NEAR_WINDOW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
