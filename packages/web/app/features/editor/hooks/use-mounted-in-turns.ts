import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts are mounted: `first` at first, then one more per render, each
 * render a transition of its own started after the previous one was committed. React
 * runs a transition's effects in a later task and renders it in slices, so a long list of
 * heavy parts never makes one long task; input and clicks go first meanwhile.
 */
export function useMountedInTurns(total: number, first = 1): number {
  const [mounted, setMounted] = useState(Math.min(first, total));
  useEffect(() => {
    if (mounted < total) startTransition(() => setMounted(mounted + 1));
  }, [mounted, total]);
  return mounted;
}
