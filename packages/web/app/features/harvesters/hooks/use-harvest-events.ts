import type { Process } from '@geoportal/contract/processes';
import { useEffect, useRef, useState } from 'react';
import { useProcessEvents } from '../../../lib/hooks/use-process-events';

/** Reads again at most this often while a run reports progress (its counters change often). */
const RELOAD_PAUSE_MS = 700;

/** The harvester a harvest process works for (`params.harvester`), if it is one. */
export function harvesterOf(process: Process): string | undefined {
  if (!process.kind.startsWith('harvest.')) return undefined;
  const id = process.params.harvester;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Follows the processes' live stream for harvest runs (of one harvester, or of all): keeps
 * the newest process of each harvester, for its progress bar, and asks for a fresh read of
 * the harvesters (`reload`) when one changes, at most every 0.7 s and once more at the end.
 * Answers whether the stream is connected and the processes by harvester id.
 */
export function useHarvestEvents(reload: () => void, harvester?: string) {
  const [processes, setProcesses] = useState<Record<string, Process>>({});
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => () => clearTimeout(pending.current), []);

  const live = useProcessEvents((process) => {
    const id = harvesterOf(process);
    if (!id || (harvester && id !== harvester)) return;
    setProcesses((old) => ({ ...old, [id]: process }));
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      reloadRef.current();
    }, RELOAD_PAUSE_MS);
  });
  return { live, processes };
}
