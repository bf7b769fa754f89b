import { Button, Checkbox, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The queue: lines gathered with Shift+Enter (or the button) and run in order as one
 * process, stopping at the first failure unless "continue if one fails" is ticked.
 */
export function CommandQueue({
  lines,
  onRemove,
  onClear,
  onRun,
}: {
  lines: readonly string[];
  onRemove: (index: number) => void;
  onClear: () => void;
  onRun: (continueOnFailure: boolean) => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const [continueOnFailure, setContinueOnFailure] = useState(false);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} size="h4" id={headingId}>
        <FormattedMessage id="commands.queue.title" />
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="commands.queue.empty" />
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} ps="md" data-testid="command-queue">
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same line may be queued twice
            <li key={index}>
              <Group gap={6} wrap="nowrap">
                <Text component="code" ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                  {line}
                </Text>
                <CloseButton
                  size="sm"
                  onClick={() => onRemove(index)}
                  aria-label={intl.formatMessage({ id: 'commands.queue.remove' }, { line })}
                />
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Checkbox
        label={intl.formatMessage({ id: 'commands.queue.continue' })}
        checked={continueOnFailure}
        onChange={(event) => setContinueOnFailure(event.currentTarget.checked)}
      />
      <Group gap="xs" wrap="wrap">
        <Button size="sm" disabled={lines.length === 0} onClick={() => onRun(continueOnFailure)}>
          <FormattedMessage id="commands.queue.run" values={{ count: lines.length }} />
        </Button>
        <Button size="sm" variant="default" disabled={lines.length === 0} onClick={onClear}>
          <FormattedMessage id="commands.queue.clear" />
        </Button>
      </Group>
    </Stack>
  );
}
