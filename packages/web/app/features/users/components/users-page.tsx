import { displayName } from '@geoportal/contract/access-names';
import type { UserDetail, UserListQuery } from '@geoportal/contract/users';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { errorText } from '../../../lib/http/error-text';
import { listUsers } from '../api/users-api';
import { useChoices } from '../hooks/use-choices';
import { UserActions } from './user-actions';
import { UserFormDialog } from './user-form-dialog';

const ROWS = 20;
type SortField = 'name' | 'email' | 'created' | 'lastLogin';
type State = 'all' | 'enabled' | 'disabled';

/** Waits until typing pauses before searching, so each key does not cost a request. */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * `/management/users`: the users, searched by name, names and e-mail, filtered by role,
 * group and state, sorted by a column and paged; create, edit and the per-user actions.
 */
export function UsersPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { client } = useAccess();
  const choices = useChoices();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [role, setRole] = useState<string | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const [state, setState] = useState<State>('all');
  const [sort, setSort] = useState<{ field: SortField; descending: boolean }>({
    field: 'name',
    descending: false,
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ user?: UserDetail } | null>(null);

  // A new filter starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [q, role, group, state, sort]);

  const query: UserListQuery = {
    ...(q ? { q } : {}),
    ...(role ? { role } : {}),
    ...(group ? { group } : {}),
    ...(state !== 'all' ? { disabled: state === 'disabled' } : {}),
    sort: `${sort.descending ? '-' : ''}${sort.field}`,
    start: (page - 1) * ROWS,
    rows: ROWS,
  };
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the query
  const load = useCallback(() => listUsers(client, query), [client, key]);
  const list = useLoaded(load);
  const docs = list.data?.docs;
  const pages = Math.max(1, Math.ceil((list.data?.numFound ?? 0) / ROWS));

  const sortHeader = (field: SortField) => {
    const active = sort.field === field;
    return (
      <Table.Th
        aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
        scope="col"
      >
        <UnstyledButton
          fw={700}
          onClick={() => setSort({ field, descending: active ? !sort.descending : false })}
          aria-label={t('users.sortBy', { column: t(`users.column.${field}`) })}
        >
          {t(`users.column.${field}`)} {active ? (sort.descending ? '▼' : '▲') : ''}
        </UnstyledButton>
      </Table.Th>
    );
  };

  const dateText = (iso?: string) =>
    iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '–';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
        />
        <Button onClick={() => setEditing({})}>
          <FormattedMessage id="users.create" />
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Select
          label={t('users.filter.role')}
          data={(choices.data?.roles ?? []).map((r) => ({
            value: r.name,
            label: intl.formatMessage({ id: `users.role.${r.name}`, defaultMessage: r.name }),
          }))}
          value={role}
          onChange={setRole}
          clearable
          placeholder={t('users.filter.any')}
          w={180}
        />
        <Select
          label={t('users.filter.group')}
          data={(choices.data?.groups ?? []).map((g) => g.name)}
          value={group}
          onChange={setGroup}
          clearable
          searchable
          placeholder={t('users.filter.any')}
          w={180}
        />
        <Select
          label={t('users.filter.state')}
          data={(['all', 'enabled', 'disabled'] as const).map((value) => ({
            value,
            label: t(`users.filter.state.${value}`),
          }))}
          value={state}
          onChange={(value) => setState((value as State | null) ?? 'all')}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {list.error !== undefined && !docs && (
        <Alert color="red" title={t('users.loadFailed')}>
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
          <Loader role="status" aria-label={t('users.loading')} />
        </Center>
      )}
      {docs && (
        <>
          <Text size="sm" role="status">
            <FormattedMessage id="users.count" values={{ count: list.data?.numFound ?? 0 }} />
          </Text>
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={760}>
              <Table.Caption>{t('users.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {sortHeader('name')}
                  <Table.Th scope="col">{t('users.column.displayName')}</Table.Th>
                  {sortHeader('email')}
                  <Table.Th scope="col">{t('users.column.groups')}</Table.Th>
                  <Table.Th scope="col">{t('users.column.roles')}</Table.Th>
                  <Table.Th scope="col">{t('users.column.state')}</Table.Th>
                  {sortHeader('lastLogin')}
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('users.column.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docs.map((user) => (
                  <Table.Tr key={user.name}>
                    <Table.Th scope="row" fw={500}>
                      {user.name}
                    </Table.Th>
                    <Table.Td>{displayName(user)}</Table.Td>
                    <Table.Td>{user.email ?? '–'}</Table.Td>
                    <Table.Td>{user.groups.join(', ') || '–'}</Table.Td>
                    <Table.Td>
                      {user.effectiveRoles
                        .map((r) =>
                          intl.formatMessage({ id: `users.role.${r}`, defaultMessage: r }),
                        )
                        .join(', ') || '–'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge color={user.disabled ? 'gray' : 'green'} variant="dot" tt="none">
                          {t(user.disabled ? 'users.state.disabled' : 'users.state.enabled')}
                        </Badge>
                        {user.locked && (
                          <Badge color="orange" variant="dot" tt="none">
                            {t('users.state.locked')}
                          </Badge>
                        )}
                        {user.readonly && (
                          <Badge color="blue" variant="dot" tt="none">
                            {t('users.state.readonly')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{dateText(user.lastLogin)}</Table.Td>
                    <Table.Td>
                      <UserActions
                        user={user}
                        onEdit={(detail) => setEditing({ user: detail })}
                        onChanged={list.reload}
                      />
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
              getControlProps={(control) => ({
                'aria-label': t(`users.page.${control}`),
              })}
              getItemProps={(item) => ({ 'aria-label': t('users.page.number', { page: item }) })}
            />
          )}
        </>
      )}
      <UserFormDialog
        opened={editing !== null}
        user={editing?.user}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </Stack>
  );
}
