import type { Harvester } from '@geoportal/contract/harvester';
import type { Process } from '@geoportal/contract/processes';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useAccess } from '../../../lib/auth/access';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { errorText } from '../../../lib/http/error-text';
import { isHttpRequestError } from '../../../lib/http/http-error';
import { pathTo } from '../../../route-paths';
import { getHarvester, listHarvestRuns } from '../api/harvesters-api';
import { useHarvestEvents } from '../hooks/use-harvest-events';
import { processLink } from '../model/run-format';
import { DeleteHarvesterButton } from './delete-harvester-button';
import { HarvesterForm } from './harvester-form';
import { RunCounts } from './run-counts';
import { RunHistory } from './run-history';
import { RunNowButton } from './run-now-button';
import { RunProgress } from './run-progress';
import { RunState } from './run-state';

/**
 * One harvester (`/management/harvesters/{id}`): its last run with live progress and
 * counters, "run now" and delete, its settings to edit, and the history of its runs.
 */
export function HarvesterDetail({ id }: { id: string }) {
  const intl = useIntl();
  const { client } = useAccess();
  const navigate = useNavigate();
  const harvester = useLoaded(
    useCallback((signal: AbortSignal) => getHarvester(client, id, signal), [client, id]),
  );
  const runs = useLoaded(
    useCallback((signal: AbortSignal) => listHarvestRuns(client, id, signal), [client, id]),
  );
  const reload = useCallback(() => {
    harvester.reload();
    runs.reload();
  }, [harvester.reload, runs.reload]);
  const { live, processes } = useHarvestEvents(reload, id);
  const settingsId = useId();

  if (harvester.error !== undefined) {
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {isHttpRequestError(harvester.error, 404)
              ? intl.formatMessage({ id: 'error.harvester.not_found' })
              : errorText(harvester.error, intl.formatMessage, intl.messages)}
          </Text>
          <Anchor component={Link} to={pathTo('management.harvesters')} size="sm">
            <FormattedMessage id="harvesters.detail.back" />
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const current = harvester.data;
  if (!current) return null;
  const started = (_: Process) => reload();
  const deleted = () => void navigate(pathTo('management.harvesters'));

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} to={pathTo('management.harvesters')} size="sm">
          <FormattedMessage id="harvesters.detail.back" />
        </Anchor>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {current.name}
          </Title>
          <Badge color={live ? 'green' : 'gray'} variant="dot" role="status" tt="none">
            <FormattedMessage id={live ? 'processes.live' : 'processes.offline'} />
          </Badge>
        </Group>
        <Text size="sm" data-testid="harvester-records">
          <FormattedMessage
            id="harvesters.records"
            values={{ count: current.records, n: intl.formatNumber(current.records) }}
          />
        </Text>
        <Group gap="sm">
          <RunNowButton harvester={current} onStarted={started} />
          <DeleteHarvesterButton harvester={current} onDeleted={deleted} />
        </Group>
      </Stack>

      <LastRun harvester={current} process={processes[current.id]} />

      <Stack component="section" aria-labelledby={settingsId} gap="sm">
        <Title order={2} size="h3" id={settingsId}>
          <FormattedMessage id="harvesters.edit.title" />
        </Title>
        {/* Keyed by id only: a run's new counters must not throw away unsaved input. */}
        <HarvesterForm key={current.id} harvester={current} onSaved={harvester.set} />
      </Stack>

      <RunHistory runs={runs.data?.runs} />
    </Stack>
  );
}

function LastRun({ harvester, process }: { harvester: Harvester; process: Process | undefined }) {
  const intl = useIntl();
  const headingId = useId();
  const run = harvester.lastRun;
  const time = (value: string | null) =>
    value ? intl.formatDate(value, { dateStyle: 'short', timeStyle: 'medium' }) : '–';
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" data-testid="last-run">
      <Group gap="sm">
        <Title order={2} size="h3" id={headingId}>
          <FormattedMessage id="harvesters.lastRun.title" />
        </Title>
        <RunState run={run} />
      </Group>
      {run && (
        <>
          {process && process.id === run.process && <RunProgress process={process} />}
          <RunCounts counts={run.counts} />
          <Text size="sm">
            <FormattedMessage
              id="harvesters.lastRun.times"
              values={{ started: time(run.started), finished: time(run.finished) }}
            />
          </Text>
          {run.message && <Text size="sm">{run.message}</Text>}
          <Anchor component={Link} to={processLink(run.process)} size="sm">
            <FormattedMessage id="harvesters.lastRun.log" />
          </Anchor>
        </>
      )}
    </Stack>
  );
}
