import type { Process, ProcessLogLine } from '@geoportal/contract/processes';
import { Button, Code, Group, ScrollArea, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { readProcessLog } from '../../../lib/api/process-stream';
import { useAccess } from '../../../lib/auth/access';
import { saveBlob } from '../../../lib/save-download';
import { isFinished } from '../model/format';

/** Lines kept on screen; the download fetches the whole log again. */
const SHOWN_MAX = 2000;

const lineText = (line: ProcessLogLine) => `${line.at} ${line.level.toUpperCase()} ${line.text}`;

/**
 * The log of one process: follows new lines while the process runs (it can be paused, so a
 * reader is not pulled away from a line) and downloads the whole log as text.
 */
export function ProcessLogView({ process }: { process: Process }) {
  const { client } = useAccess();
  const intl = useIntl();
  const headingId = useId();
  const [lines, setLines] = useState<ProcessLogLine[]>([]);
  const [following, setFollowing] = useState(true);
  const after = useRef(0);
  const viewport = useRef<HTMLDivElement>(null);
  const finished = isFinished(process);

  // A new process starts a new log.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a change of id only
  useEffect(() => {
    after.current = 0;
    setLines([]);
  }, [process.id]);

  // Reads on while following: at once when the process reports more lines, and every second.
  // biome-ignore lint/correctness/useExhaustiveDependencies: logLines triggers a read
  useEffect(() => {
    if (!following) return;
    let stopped = false;
    const read = async () => {
      for (;;) {
        const page = await readProcessLog(client, process.id, after.current).catch(() => undefined);
        if (!page || stopped || page.items.length === 0) return;
        after.current = page.next;
        setLines((old) => [...old, ...page.items].slice(-SHOWN_MAX));
      }
    };
    void read();
    const timer = finished ? undefined : setInterval(() => void read(), 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client, process.id, following, finished, process.logLines]);

  useEffect(() => {
    if (following && lines.length > 0) {
      viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
    }
  }, [lines, following]);

  const download = async () => {
    const all: ProcessLogLine[] = [];
    let from = 0;
    for (;;) {
      const page = await readProcessLog(client, process.id, from);
      all.push(...page.items);
      if (page.items.length === 0) break;
      from = page.next;
    }
    saveBlob(
      new Blob([all.map(lineText).join('\n')], { type: 'text/plain;charset=utf-8' }),
      `process-${process.id}.log`,
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} id={headingId}>
          <FormattedMessage id="processes.log.title" />
        </Title>
        <Group gap="xs">
          {!finished && (
            <Button
              size="xs"
              variant="default"
              aria-pressed={!following}
              onClick={() => setFollowing((f) => !f)}
            >
              <FormattedMessage id={following ? 'processes.log.pause' : 'processes.log.follow'} />
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => void download()}>
            <FormattedMessage id="processes.log.download" />
          </Button>
        </Group>
      </Group>
      <ScrollArea.Autosize
        mah={320}
        viewportRef={viewport}
        type="auto"
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        viewportProps={{
          tabIndex: 0,
          'aria-label': intl.formatMessage({ id: 'processes.log.title' }),
          role: 'log',
        }}
      >
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            <FormattedMessage id="processes.log.empty" />
          </Text>
        ) : (
          <Code block data-testid="process-log">
            {lines.map(lineText).join('\n')}
          </Code>
        )}
      </ScrollArea.Autosize>
    </section>
  );
}
