import type { Harvester } from '@geoportal/contract/harvester';
import type { Process } from '@geoportal/contract/processes';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ColumnHeads } from '../../../components/layout/column-heads';
import { ScrollBox } from '../../../components/layout/scroll-box';
import { useAccess } from '../../../lib/auth/access';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { errorText } from '../../../lib/http/error-text';
import { pathTo } from '../../../route-paths';
import { listHarvesters } from '../api/harvesters-api';
import { useHarvestEvents } from '../hooks/use-harvest-events';
import { RunCounts } from './run-counts';
import { RunNowButton } from './run-now-button';
import { RunProgress } from './run-progress';
import { RunState } from './run-state';

const columns = [
  'harvesters.column.name',
  'harvesters.column.source',
  'harvesters.column.schedule',
  'harvesters.column.lastRun',
  'harvesters.column.counts',
  'harvesters.column.records',
  'harvesters.column.actions',
];

/**
 * `/management/harvesters`: every harvester with its source, schedule, last run (state,
 * counters, live progress while it runs) and the records it holds; "run now" per row and a
 * way to create one.
 */
export function HarvestersPage() {
  const intl = useIntl();
  const { client } = useAccess();
  const list = useLoaded(
    useCallback((signal: AbortSignal) => listHarvesters(client, signal), [client]),
  );
  const { live, processes } = useHarvestEvents(list.reload);
  const started = (_: Process) => list.reload();

  return (
    <Stack gap="md">
      <Text>
        <FormattedMessage id="harvesters.intro" />
      </Text>
      <Group justify="space-between" wrap="wrap">
        <Button component={Link} to={pathTo('management.harvesters.create')}>
          <FormattedMessage id="harvesters.create" />
        </Button>
        <Badge color={live ? 'green' : 'gray'} variant="dot" role="status" tt="none">
          <FormattedMessage id={live ? 'processes.live' : 'processes.offline'} />
        </Badge>
      </Group>
      {list.error !== undefined && (
        <Alert color="red" role="alert">
          {errorText(list.error, intl.formatMessage, intl.messages)}
        </Alert>
      )}
      {list.data?.harvesters.length === 0 && (
        <Text c="dimmed">
          <FormattedMessage id="harvesters.empty" />
        </Text>
      )}
      {list.data && list.data.harvesters.length > 0 && (
        <ScrollBox minWidth={900} label={intl.formatMessage({ id: 'harvesters.list.label' })}>
          <Table striped data-testid="harvester-list">
            <ColumnHeads columns={columns} />
            <Table.Tbody>
              {list.data.harvesters.map((harvester) => (
                <HarvesterRow
                  key={harvester.id}
                  harvester={harvester}
                  process={processes[harvester.id]}
                  onStarted={started}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
      )}
    </Stack>
  );
}

function HarvesterRow({
  harvester,
  process,
  onStarted,
}: {
  harvester: Harvester;
  process: Process | undefined;
  onStarted: (process: Process) => void;
}) {
  const intl = useIntl();
  const run = harvester.lastRun;
  return (
    <Table.Tr data-harvester-id={harvester.id}>
      <Table.Td>
        <Anchor component={Link} to={pathTo('management.harvesters.detail', { id: harvester.id })}>
          {harvester.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <FormattedMessage id={`harvesters.type.${harvester.source.type}`} />
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {harvester.source.url}
        </Text>
      </Table.Td>
      <Table.Td>
        {harvester.schedule ? (
          <code>{harvester.schedule}</code>
        ) : (
          <FormattedMessage id="harvesters.schedule.none" />
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <RunState run={run} />
          {run?.finished && (
            <Text size="xs">
              {intl.formatDate(run.finished, { dateStyle: 'short', timeStyle: 'short' })}
            </Text>
          )}
          {process && run?.process === process.id && <RunProgress process={process} />}
        </Stack>
      </Table.Td>
      <Table.Td>{run ? <RunCounts counts={run.counts} /> : '–'}</Table.Td>
      <Table.Td>{intl.formatNumber(harvester.records)}</Table.Td>
      <Table.Td>
        <RunNowButton harvester={harvester} onStarted={onStarted} named />
      </Table.Td>
    </Table.Tr>
  );
}
