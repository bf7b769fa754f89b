import type { HarvestRun } from '@geoportal/contract/harvester';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ColumnHeads } from '../../../components/layout/column-heads';
import { ScrollBox } from '../../../components/layout/scroll-box';
import { processLink } from '../model/run-format';
import { RunCounts } from './run-counts';
import { RunState } from './run-state';

const columns = [
  'harvesters.column.started',
  'harvesters.column.finished',
  'harvesters.column.state',
  'harvesters.column.counts',
  'harvesters.column.message',
  'harvesters.column.log',
];

/** The runs of a harvester, newest first, each with a link to its process and log. */
export function RunHistory({ runs }: { runs: HarvestRun[] | undefined }) {
  const intl = useIntl();
  const headingId = useId();
  const time = (value: string | null) =>
    value ? intl.formatDate(value, { dateStyle: 'short', timeStyle: 'medium' }) : '–';
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        <FormattedMessage id="harvesters.history.title" />
      </Title>
      {runs?.length === 0 && (
        <Text c="dimmed">
          <FormattedMessage id="harvesters.history.empty" />
        </Text>
      )}
      {runs && runs.length > 0 && (
        <ScrollBox minWidth={760} label={intl.formatMessage({ id: 'harvesters.history.title' })}>
          <Table striped data-testid="run-history">
            <ColumnHeads columns={columns} />
            <Table.Tbody>
              {runs.map((run) => (
                <Table.Tr key={run.process}>
                  <Table.Td>{time(run.started)}</Table.Td>
                  <Table.Td>{time(run.finished)}</Table.Td>
                  <Table.Td>
                    <RunState run={run} />
                  </Table.Td>
                  <Table.Td>
                    <RunCounts counts={run.counts} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{run.message ?? '–'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={processLink(run.process)}
                      aria-label={intl.formatMessage(
                        { id: 'harvesters.history.logOf' },
                        { time: time(run.started ?? run.finished) },
                      )}
                    >
                      <FormattedMessage id="harvesters.history.log" />
                    </Anchor>
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
