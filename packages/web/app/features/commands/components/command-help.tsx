import type { CommandInfo } from '@geoportal/contract/commands';
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The help panel: the commands that fit the line being typed (all of them on an empty
 * line), each with its syntax, its help and whether it runs as a process.
 */
export function CommandHelp({
  commands,
  onUse,
}: {
  commands: readonly CommandInfo[];
  onUse: (name: string) => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} size="h4" id={headingId}>
        <FormattedMessage id="commands.help.title" />
      </Title>
      <Box
        mah={360}
        style={{ overflowY: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={intl.formatMessage({ id: 'commands.help.title' })}
      >
        <Stack component="dl" gap={8} m={0}>
          {commands.map((command) => (
            <div key={command.name}>
              <Group component="dt" gap={6} wrap="wrap">
                <Text component="code" ff="monospace" size="sm" fw={600}>
                  {command.syntax}
                </Text>
                {command.process && (
                  <Badge size="xs" variant="light" tt="none">
                    <FormattedMessage id="commands.help.process" />
                  </Badge>
                )}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onUse(command.name)}
                  aria-label={intl.formatMessage(
                    { id: 'commands.help.use' },
                    { command: command.name },
                  )}
                >
                  <FormattedMessage id="commands.help.useShort" />
                </Button>
              </Group>
              <Text component="dd" size="sm" m={0} ps="md">
                {command.help}
              </Text>
            </div>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
