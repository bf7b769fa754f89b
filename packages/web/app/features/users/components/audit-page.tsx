import type { AuditQuery } from '@geoportal/contract/users';
import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { errorText } from '../../../lib/http/error-text';
import { listAudit } from '../api/audit-api';
import { actionsByKind } from '../model/audit-actions';
import { detailLines } from '../model/audit-details';

const ROWS = 50;

/** A day field's value as the start of that day (or of the next one) in local time. */
function dayStart(day: string, next = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (next) date.setDate(date.getDate() + 1);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * `/management/audit`: the audit log, newest first, filtered by who, what, which target and
 * when. Read only: entries cannot be changed.
 */
export function AuditPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { client } = useAccess();
  const [actor, setActor] = useState('');
  const [target, setTarget] = useState('');
  const [action, setAction] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<AuditQuery>({});

  // The text filters apply when typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      const fromAt = dayStart(from);
      const toAt = dayStart(to, true);
      setFilter({
        ...(actor.trim() ? { actor: actor.trim() } : {}),
        ...(target.trim() ? { target: target.trim() } : {}),
        ...(action ? { action } : {}),
        ...(fromAt ? { from: fromAt } : {}),
        ...(toAt ? { to: toAt } : {}),
      });
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [actor, target, action, from, to]);

  const key = JSON.stringify([filter, page]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query
  const load = useCallback(
    () => listAudit(client, { ...filter, start: (page - 1) * ROWS, rows: ROWS }),
    [client, key],
  );
  const list = useLoaded(load);
  const docs = list.data?.docs;
  const pages = Math.max(1, Math.ceil((list.data?.numFound ?? 0) / ROWS));

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label={t('audit.filter.actor')}
          value={actor}
          onChange={(e) => setActor(e.currentTarget.value)}
          w={170}
        />
        <Select
          label={t('audit.filter.action')}
          data={actionsByKind().map(({ kind, actions }) => ({
            group: t(`audit.kind.${kind}`),
            items: actions.map((value) => ({ value, label: t(`audit.action.${value}`) })),
          }))}
          value={action}
          onChange={setAction}
          clearable
          placeholder={t('users.filter.any')}
          w={220}
        />
        <TextInput
          label={t('audit.filter.target')}
          value={target}
          onChange={(e) => setTarget(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="date"
          label={t('audit.filter.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="date"
          label={t('audit.filter.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={170}
        />
      </Group>
      {list.error !== undefined && !docs && (
        <Alert color="red" title={t('audit.loadFailed')}>
          <Stack gap="sm" align="flex-start">
            {errorText(list.error, intl.formatMessage, intl.messages)}
            <Button variant="light" onClick={list.reload}>
              <FormattedMessage id="users.retry" />
            </Button>
          </Stack>
        </Alert>
      )}
      {!docs && list.error === undefined && (
        <Center py="lg">
          <Loader role="status" aria-label={t('audit.loading')} />
        </Center>
      )}
      {docs && (
        <>
          <Text size="sm" role="status">
            <FormattedMessage id="audit.count" values={{ count: list.data?.numFound ?? 0 }} />
          </Text>
          <ScrollArea type="auto">
            <Table striped miw={760}>
              <Table.Caption>{t('audit.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('audit.column.at')}</Table.Th>
                  <Table.Th scope="col">{t('audit.column.actor')}</Table.Th>
                  <Table.Th scope="col">{t('audit.column.action')}</Table.Th>
                  <Table.Th scope="col">{t('audit.column.target')}</Table.Th>
                  <Table.Th scope="col">{t('audit.column.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docs.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'medium' })}
                    </Table.Td>
                    <Table.Td>{entry.actor}</Table.Td>
                    <Table.Td>
                      {intl.formatMessage({
                        id: `audit.action.${entry.action}`,
                        defaultMessage: entry.action,
                      })}
                    </Table.Td>
                    <Table.Td>{entry.target}</Table.Td>
                    <Table.Td>
                      {detailLines(entry).map((line) => (
                        <Code key={line} block={false} display="block">
                          {line}
                        </Code>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('users.page.number', { page: item }) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
