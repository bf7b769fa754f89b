import type { CommandRunInput } from '@geoportal/contract/commands';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { readProcessLog } from '../../../lib/api/process-stream';
import { useAccess } from '../../../lib/auth/access';
import { useProcessEvents } from '../../../lib/hooks/use-process-events';
import { errorText } from '../../../lib/http/error-text';
import { HttpRequestError } from '../../../lib/http/http-error';
import { runCommands } from '../api/commands';
import { OutputBuffer, type OutputLine } from '../model/output';

/** A run that became a process, read on from the last log line seen. */
interface Follower {
  after: number;
  reading: boolean;
}

/**
 * The console's runs and their output. A short command's output arrives with its answer; a
 * run that became a process is followed through its log, read whenever the process stream
 * reports a change of it (and every second, in case the stream is reconnecting).
 */
export function useCommandConsole() {
  const { client } = useAccess();
  const intl = useIntl();
  const buffer = useRef(new OutputBuffer()).current;
  const [version, setVersion] = useState(0);
  const followers = useRef(new Map<string, Follower>());
  const [following, setFollowing] = useState(0);

  const append = useCallback(
    (lines: readonly OutputLine[]) => {
      buffer.append(lines);
      setVersion(buffer.version);
    },
    [buffer],
  );

  const clear = useCallback(() => {
    buffer.clear();
    setVersion(buffer.version);
  }, [buffer]);

  const readOn = useCallback(
    async (id: string) => {
      const follower = followers.current.get(id);
      if (!follower || follower.reading) return;
      follower.reading = true;
      try {
        for (;;) {
          const page = await readProcessLog(client, id, follower.after);
          follower.after = page.next;
          append(page.items.map((line) => ({ level: line.level, text: line.text })));
          if (page.items.length > 0) continue;
          if (page.finished) {
            followers.current.delete(id);
            setFollowing(followers.current.size);
            append([
              {
                level: 'info',
                text: intl.formatMessage({ id: 'commands.run.ended' }),
                processId: id,
              },
            ]);
          }
          return;
        }
      } catch {
        // The next event or tick reads again.
      } finally {
        follower.reading = false;
      }
    },
    [client, append, intl],
  );

  useProcessEvents((process) => {
    if (followers.current.has(process.id)) void readOn(process.id);
  });

  useEffect(() => {
    if (following === 0) return;
    const timer = setInterval(() => {
      for (const id of followers.current.keys()) void readOn(id);
    }, 1000);
    return () => clearInterval(timer);
  }, [following, readOn]);

  /** Runs one line or a queue; answers whether the server took it. */
  const run = useCallback(
    async (input: CommandRunInput, echo: string | undefined): Promise<boolean> => {
      if (echo !== undefined) append([{ level: 'command', text: `> ${echo}` }]);
      try {
        const answer = await runCommands(client, input);
        if ('process' in answer) {
          const id = answer.process.id;
          append([
            {
              level: 'info',
              text: intl.formatMessage({ id: 'commands.run.queued' }),
              processId: id,
            },
          ]);
          followers.current.set(id, { after: 0, reading: false });
          setFollowing(followers.current.size);
          void readOn(id);
        } else {
          append(answer.output);
        }
        return true;
      } catch (error) {
        const text = errorText(error, intl.formatMessage, intl.messages);
        const detail = error instanceof HttpRequestError ? error.body : undefined;
        const message = typeof detail === 'object' ? detail?.message : undefined;
        append([
          { level: 'error', text },
          // The server's sentence names the expected syntax or the service's reason.
          ...(message && message !== text ? [{ level: 'error' as const, text: message }] : []),
        ]);
        return false;
      }
    },
    [client, append, intl, readOn],
  );

  return { lines: buffer.lines, version, run, clear, append };
}
