import {
  type Process,
  type ProcessState,
  processKinds,
  processStates,
  type Schedule,
  startableKinds,
} from '@geoportal/contract/processes';
import {
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ColumnHeads } from '../../../components/layout/column-heads';
import { ScrollBox } from '../../../components/layout/scroll-box';
import { ProcessStateBadge } from '../../../components/processes/process-state-badge';
import { useAccess } from '../../../lib/auth/access';
import { useProcessEvents } from '../../../lib/hooks/use-process-events';
import { errorText } from '../../../lib/http/error-text';
import { showToast } from '../../../lib/toast';
import { getProcess, listProcesses, listSchedules, startProcess } from '../api/processes';
import { durationSeconds, formatDuration, isFinished, kindKey } from '../model/format';
import { ProcessDetail } from './process-detail';
import { ProcessProgress } from './process-progress';

const ROWS = 20;

/**
 * The processes page (SPEC §2 management.processes, issue 20): a live list with filters, a
 * start form, the detail of the chosen process with its log, and the schedules.
 */
export function ProcessesPage() {
  const { client } = useAccess();
  const intl = useIntl();
  const [state, setState] = useState<ProcessState | ''>('');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ total: number; items: Process[] } | undefined>();
  const [selected, setSelected] = useState<Process | undefined>();
  const [schedules, setSchedules] = useState<Schedule[]>([]);
  const [reload, setReload] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const listHeading = useId();
  // `?process=<id>` opens that process (links from the command console).
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('process');

  const fail = useCallback(
    (error: unknown) =>
      showToast(
        'error',
        intl.formatMessage({ id: 'alert.type.error' }),
        errorText(error, intl.formatMessage, intl.messages),
      ),
    [intl],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload asks for a fresh read
  useEffect(() => {
    let current = true;
    listProcesses(client, {
      state: state || undefined,
      kind: kind || undefined,
      start: (page - 1) * ROWS,
      rows: ROWS,
    }).then((answer) => {
      if (!current) return;
      setList(answer);
      setSelected((old) => (old && answer.items.find((p) => p.id === old.id)) || old);
    }, fail);
    return () => {
      current = false;
    };
  }, [client, state, kind, page, reload, fail]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload asks for a fresh read
  useEffect(() => {
    listSchedules(client).then((answer) => setSchedules(answer.items), fail);
  }, [client, reload, fail]);

  useEffect(() => {
    if (!linked) return;
    getProcess(client, linked).then(setSelected, fail);
  }, [client, linked, fail]);

  // The stream may miss a change made while it (re)connects: the open process is read
  // again every few seconds until it has finished.
  const openId = selected && !isFinished(selected) ? selected.id : undefined;
  useEffect(() => {
    if (!openId) return;
    const timer = setInterval(() => {
      getProcess(client, openId).then(
        (process) => setSelected((old) => (old?.id === process.id ? process : old)),
        () => undefined,
      );
    }, 2000);
    return () => clearInterval(timer);
  }, [client, openId]);

  // Durations of running processes count on.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const live = useProcessEvents((process) => {
    setSelected((old) => (old?.id === process.id ? process : old));
    setList((old) => {
      if (!old) return old;
      if (old.items.some((p) => p.id === process.id)) {
        return { ...old, items: old.items.map((p) => (p.id === process.id ? process : p)) };
      }
      // A process this page has not seen: read the list again (filters and order apply).
      setReload((n) => n + 1);
      return old;
    });
  });

  const kindLabel = (k: string) => intl.formatMessage({ id: kindKey(k), defaultMessage: k });
  const stateOptions = [
    { value: '', label: intl.formatMessage({ id: 'processes.filter.all' }) },
    ...processStates.map((s) => ({
      value: s,
      label: intl.formatMessage({ id: `processes.state.${s}` }),
    })),
  ];
  const kindOptions = [
    { value: '', label: intl.formatMessage({ id: 'processes.filter.all' }) },
    ...processKinds.map((k) => ({ value: k, label: kindLabel(k) })),
  ];

  return (
    <Stack gap="lg">
      <StartForm
        onStarted={(process) => {
          setSelected(process);
          setReload((n) => n + 1);
        }}
        onError={fail}
      />

      <Stack component="section" aria-labelledby={listHeading} gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} id={listHeading} size="h3">
            <FormattedMessage id="processes.list.title" />
          </Title>
          <Badge color={live ? 'green' : 'gray'} variant="dot" role="status">
            <FormattedMessage id={live ? 'processes.live' : 'processes.offline'} />
          </Badge>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            label={intl.formatMessage({ id: 'processes.filter.state' })}
            data={stateOptions}
            value={state}
            allowDeselect={false}
            onChange={(value) => {
              setState((value ?? '') as ProcessState | '');
              setPage(1);
            }}
            w={180}
          />
          <Select
            label={intl.formatMessage({ id: 'processes.filter.kind' })}
            data={kindOptions}
            value={kind}
            allowDeselect={false}
            onChange={(value) => {
              setKind(value ?? '');
              setPage(1);
            }}
            w={220}
          />
        </Group>
        {list && list.items.length === 0 && (
          <Text c="dimmed">
            <FormattedMessage id="processes.empty" />
          </Text>
        )}
        {list && list.items.length > 0 && (
          <ScrollBox minWidth={640} label={intl.formatMessage({ id: 'processes.list.title' })}>
            <Table striped highlightOnHover data-testid="process-list">
              <ColumnHeads
                columns={[
                  'processes.column.kind',
                  'processes.column.state',
                  'processes.column.progress',
                  'processes.column.counters',
                  'processes.column.startedBy',
                  'processes.column.duration',
                ]}
              />
              <Table.Tbody>
                {list.items.map((process) => {
                  const seconds = durationSeconds(process, now);
                  return (
                    <Table.Tr key={process.id} data-process-id={process.id}>
                      <Table.Td>
                        <UnstyledButton
                          td="underline"
                          onClick={() => setSelected(process)}
                          aria-label={intl.formatMessage(
                            { id: 'processes.open' },
                            {
                              kind: kindLabel(process.kind),
                              time: intl.formatDate(process.queuedAt, {
                                dateStyle: 'short',
                                timeStyle: 'medium',
                              }),
                            },
                          )}
                        >
                          {kindLabel(process.kind)}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        <ProcessStateBadge state={process.state} />
                      </Table.Td>
                      <Table.Td miw={120}>
                        <ProcessProgress process={process} />
                        <Text size="xs">{Math.round(process.progress)} %</Text>
                      </Table.Td>
                      <Table.Td>
                        {process.total !== null ? `${process.done ?? 0} / ${process.total}` : '–'}
                      </Table.Td>
                      <Table.Td>
                        {process.startedBy ?? intl.formatMessage({ id: 'processes.system' })}
                      </Table.Td>
                      <Table.Td>{seconds === null ? '–' : formatDuration(seconds)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollBox>
        )}
        {list && list.total > ROWS && (
          <Pagination
            total={Math.ceil(list.total / ROWS)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': intl.formatMessage({ id: `processes.page.${control}` }),
            })}
            getItemProps={(n) => ({
              'aria-label': intl.formatMessage({ id: 'processes.page.number' }, { page: n }),
            })}
          />
        )}
      </Stack>

      {selected && (
        <ProcessDetail
          process={selected}
          onChange={(process) => {
            setSelected(process);
            setReload((n) => n + 1);
          }}
          onClose={() => setSelected(undefined)}
        />
      )}

      <ScheduleTable schedules={schedules} kindLabel={kindLabel} />
    </Stack>
  );
}

function StartForm({
  onStarted,
  onError,
}: {
  onStarted: (process: Process) => void;
  onError: (error: unknown) => void;
}) {
  const { client } = useAccess();
  const intl = useIntl();
  const headingId = useId();
  const [kind, setKind] = useState<string>(startableKinds[0] as string);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onStarted(await startProcess(client, kind));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby={headingId}>
      <Title order={2} id={headingId} size="h3" mb="xs">
        <FormattedMessage id="processes.start.title" />
      </Title>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={intl.formatMessage({ id: 'processes.start.kind' })}
          data={startableKinds.map((k) => ({
            value: k,
            label: intl.formatMessage({ id: kindKey(k) }),
          }))}
          value={kind}
          allowDeselect={false}
          onChange={(value) => value && setKind(value)}
          w={260}
        />
        <Button type="submit" loading={busy}>
          <FormattedMessage id="processes.start.submit" />
        </Button>
      </Group>
    </form>
  );
}

function ScheduleTable({
  schedules,
  kindLabel,
}: {
  schedules: Schedule[];
  kindLabel: (kind: string) => string;
}) {
  const intl = useIntl();
  const headingId = useId();
  const time = (value: string | null) =>
    value ? intl.formatDate(value, { dateStyle: 'short', timeStyle: 'short' }) : '–';
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} size="h3">
        <FormattedMessage id="processes.schedules.title" />
      </Title>
      {schedules.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="processes.schedules.empty" />
        </Text>
      ) : (
        <ScrollBox minWidth={480} label={intl.formatMessage({ id: 'processes.schedules.title' })}>
          <Table data-testid="schedule-list">
            <ColumnHeads
              columns={[
                'processes.column.kind',
                'processes.schedules.cron',
                'processes.schedules.next',
                'processes.schedules.last',
                'processes.column.state',
              ]}
            />
            <Table.Tbody>
              {schedules.map((schedule) => (
                <Table.Tr key={schedule.id}>
                  <Table.Td>{kindLabel(schedule.kind)}</Table.Td>
                  <Table.Td>
                    <code>{schedule.cron}</code> (UTC)
                  </Table.Td>
                  <Table.Td>{time(schedule.nextRunAt)}</Table.Td>
                  <Table.Td>{time(schedule.lastRunAt)}</Table.Td>
                  <Table.Td>
                    <FormattedMessage
                      id={
                        schedule.enabled
                          ? 'processes.schedules.enabled'
                          : 'processes.schedules.disabled'
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
      )}
    </Stack>
  );
}
