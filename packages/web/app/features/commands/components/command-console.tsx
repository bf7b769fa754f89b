import type { CommandInfo } from '@geoportal/contract/commands';
import { Button, FileButton, Grid, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { appStorage } from '../../../lib/storage';
import { listCommands, uploadCommandFile } from '../api/commands';
import { useCommandConsole } from '../hooks/use-command-console';
import { commandsOf, completable } from '../model/completion';
import { CommandHelp } from './command-help';
import { CommandInput } from './command-input';
import { CommandQueue } from './command-queue';
import { OutputView } from './output-view';

/**
 * The command console (SPEC §2 management.command, issue 23): a command line with
 * completion, a help panel, a queue, the streamed output and the history of the last lines.
 */
export function CommandConsole() {
  const { client } = useAccess();
  const intl = useIntl();
  const [catalogue, setCatalogue] = useState<CommandInfo[]>([]);
  const [line, setLine] = useState('');
  const [queue, setQueue] = useState<string[]>([]);
  const [history, setHistory] = useState<string[]>([]);
  const output = useCommandConsole();
  const historyHeading = useId();

  useEffect(() => {
    setHistory(appStorage.getCommandHistory());
    listCommands(client).then(
      (answer) => setCatalogue(answer.items),
      (error: unknown) =>
        output.append([
          { level: 'error', text: errorText(error, intl.formatMessage, intl.messages) },
        ]),
    );
  }, [client, intl, output.append]);

  const commands = useMemo(() => completable(catalogue), [catalogue]);
  const fitting = useMemo(() => {
    const named = commandsOf(commands, line);
    return named.length > 0 ? named : catalogue;
  }, [commands, catalogue, line]);

  const remember = (text: string) => setHistory(appStorage.addCommandHistory(text));

  const runLine = async (text: string) => {
    remember(text);
    setLine('');
    // A process run echoes its lines in its own log; a short one is echoed here.
    const asProcess = commandsOf(commands, text).some((c) => c.process);
    await output.run({ line: text }, asProcess ? undefined : text);
  };
  const addToQueue = (text: string) => {
    remember(text);
    setQueue((old) => [...old, text]);
    setLine('');
  };
  const runQueue = async (continueOnFailure: boolean) => {
    const lines = queue;
    if (await output.run({ lines, continueOnFailure }, undefined)) setQueue([]);
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      const answer = await uploadCommandFile(client, file);
      setLine((old) => `${old.trimEnd()}${old.trim() ? ' ' : ''}${answer.upload}`);
      output.append([
        {
          level: 'info',
          text: intl.formatMessage({ id: 'commands.upload.done' }, { name: file.name }),
        },
      ]);
    } catch (error) {
      output.append([
        { level: 'error', text: errorText(error, intl.formatMessage, intl.messages) },
      ]);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (line.trim()) void runLine(line.trim());
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'commands.input.label' })}>
            <Stack gap="xs">
              <CommandInput
                commands={commands}
                value={line}
                onChange={setLine}
                onRun={(text) => void runLine(text)}
                onQueue={addToQueue}
                history={history}
              />
              <Group gap="xs" wrap="wrap">
                <Button type="submit" disabled={!line.trim()}>
                  <FormattedMessage id="commands.run" />
                </Button>
                <Button
                  variant="default"
                  disabled={!line.trim()}
                  onClick={() => addToQueue(line.trim())}
                >
                  <FormattedMessage id="commands.queue.add" />
                </Button>
                <FileButton onChange={(file) => void upload(file)} accept=".zip,application/zip">
                  {(props) => (
                    <Button {...props} variant="default">
                      <FormattedMessage id="commands.upload.button" />
                    </Button>
                  )}
                </FileButton>
              </Group>
            </Stack>
          </form>
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                <FormattedMessage id="commands.output.title" />
              </Title>
              <Button size="xs" variant="subtle" onClick={output.clear}>
                <FormattedMessage id="commands.output.clear" />
              </Button>
            </Group>
            <OutputView lines={output.lines} version={output.version} />
          </Stack>
          <CommandQueue
            lines={queue}
            onRemove={(index) => setQueue((old) => old.filter((_, i) => i !== index))}
            onClear={() => setQueue([])}
            onRun={(continueOnFailure) => void runQueue(continueOnFailure)}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <CommandHelp commands={fitting} onUse={(name) => setLine(`${name} `)} />
          <Stack component="section" aria-labelledby={historyHeading} gap="xs">
            <Title order={2} size="h4" id={historyHeading}>
              <FormattedMessage id="commands.history.title" />
            </Title>
            {history.length === 0 ? (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="commands.history.empty" />
              </Text>
            ) : (
              <Stack component="ol" gap={2} m={0} ps="md" data-testid="command-history">
                {[...history].reverse().map((entry) => (
                  <li key={entry}>
                    <UnstyledButton
                      ff="monospace"
                      fz="sm"
                      td="underline"
                      style={{ wordBreak: 'break-all' }}
                      onClick={() => setLine(entry)}
                      aria-label={intl.formatMessage(
                        { id: 'commands.history.use' },
                        { line: entry },
                      )}
                    >
                      {entry}
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
