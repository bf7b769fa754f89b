import type { Process } from '@geoportal/contract/processes';
import { useEffect, useRef, useState } from 'react';
import { followProcessEvents } from '../api/process-stream';
import { useAccess } from '../auth/access';
import { useAuth } from '../auth/use-auth';

/**
 * Follows the live stream of process changes while the page is open; reconnects after a
 * pause when the stream breaks. Answers whether the stream is connected.
 */
export function useProcessEvents(onProcess: (process: Process) => void): boolean {
  const { apiBase } = useAccess();
  const { token } = useAuth();
  const [live, setLive] = useState(false);
  const handler = useRef(onProcess);
  handler.current = onProcess;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      setLive(true);
      followProcessEvents(apiBase, token, (p) => handler.current(p), controller.signal)
        .catch(() => undefined)
        .finally(() => {
          setLive(false);
          if (!controller.signal.aborted) retry = setTimeout(connect, 3000);
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [apiBase, token]);
  return live;
}
