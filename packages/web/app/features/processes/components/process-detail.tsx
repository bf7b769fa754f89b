import type { Process } from '@geoportal/contract/processes';
import { Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ScrollBox } from '../../../components/layout/scroll-box';
import { ProcessStateBadge } from '../../../components/processes/process-state-badge';
import { useAccess } from '../../../lib/auth/access';
import { errorText } from '../../../lib/http/error-text';
import { showToast } from '../../../lib/toast';
import { cancelProcess, retryProcess } from '../api/processes';
import { isFinished, kindKey } from '../model/format';
import { ProcessLogView } from './process-log';
import { ProcessProgress } from './process-progress';

/** One process: its facts, parameters and findings, cancel and retry, and the live log. */
export function ProcessDetail({
  process,
  onChange,
  onClose,
}: {
  process: Process;
  onChange: (process: Process) => void;
  onClose: () => void;
}) {
  const { client } = useAccess();
  const intl = useIntl();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const act = async (action: typeof cancelProcess) => {
    setBusy(true);
    try {
      onChange(await action(client, process.id));
    } catch (error) {
      showToast(
        'error',
        intl.formatMessage({ id: 'alert.type.error' }),
        errorText(error, intl.formatMessage, intl.messages),
      );
    } finally {
      setBusy(false);
    }
  };
  const time = (value: string | null) =>
    value ? intl.formatDate(value, { dateStyle: 'short', timeStyle: 'medium' }) : '–';
  const rows: [string, ReactNode][] = [
    [
      'processes.column.state',
      <FormattedMessage key="s" id={`processes.state.${process.state}`} />,
    ],
    ['processes.detail.message', process.message || '–'],
    [
      'processes.column.counters',
      process.total !== null ? `${process.done ?? 0} / ${process.total}` : '–',
    ],
    ['processes.detail.tries', `${process.tries} / ${process.maxTries}`],
    [
      'processes.column.startedBy',
      process.startedBy ?? intl.formatMessage({ id: 'processes.system' }),
    ],
    ['processes.column.queuedAt', time(process.queuedAt)],
    ['processes.detail.startedAt', time(process.startedAt)],
    ['processes.detail.finishedAt', time(process.finishedAt)],
  ];
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" data-testid="process-detail">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id={headingId} size="h3">
          <FormattedMessage id={kindKey(process.kind)} defaultMessage={process.kind} />{' '}
          <ProcessStateBadge state={process.state} />
        </Title>
        <Group gap="xs">
          {!isFinished(process) && (
            <Button
              color="red"
              variant="light"
              disabled={busy || process.cancelRequested}
              onClick={() => void act(cancelProcess)}
            >
              <FormattedMessage
                id={process.cancelRequested ? 'processes.canceling' : 'processes.cancel'}
              />
            </Button>
          )}
          {(process.state === 'failed' || process.state === 'canceled') && (
            <Button variant="light" disabled={busy} onClick={() => void act(retryProcess)}>
              <FormattedMessage id="processes.retry" />
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            <FormattedMessage id="processes.detail.close" />
          </Button>
        </Group>
      </Group>
      <ProcessProgress process={process} />
      <ScrollBox minWidth={260} label={intl.formatMessage({ id: 'processes.detail.facts' })}>
        <Table>
          <Table.Tbody>
            {rows.map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Th scope="row" w="40%">
                  <FormattedMessage id={key} />
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      {process.error && (
        <Text c="red" role="alert">
          {process.error}
        </Text>
      )}
      <Title order={3}>
        <FormattedMessage id="processes.detail.params" />
      </Title>
      <Code block>{JSON.stringify(process.params, null, 2)}</Code>
      {process.result && (
        <>
          <Title order={3}>
            <FormattedMessage id="processes.detail.result" />
          </Title>
          <Code block>{JSON.stringify(process.result, null, 2)}</Code>
        </>
      )}
      <ProcessLogView process={process} />
    </Stack>
  );
}
