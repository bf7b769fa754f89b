import type { GroupDetail, Group as GroupEntry } from '@geoportal/contract/users';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/layout/confirm-dialog';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import { useLoaded } from '../../../lib/hooks/use-loaded';
import { errorText } from '../../../lib/http/error-text';
import { deleteGroup, getGroup, listGroups, listRoles } from '../api/groups-api';
import { GroupFormDialog } from './group-form-dialog';
import { GroupMembersDialog } from './group-members-dialog';

/**
 * `/management/groups`: every group with its label, roles and number of members; create,
 * edit labels and roles, manage members and delete (after asking).
 */
export function GroupsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { client } = useAccess();
  const load = useCallback(
    async () => ({ groups: await listGroups(client), roles: await listRoles(client) }),
    [client],
  );
  const list = useLoaded(load);
  const action = useAdminAction();
  const [editing, setEditing] = useState<{ group?: GroupDetail } | null>(null);
  const [members, setMembers] = useState<GroupDetail | null>(null);
  const [deleting, setDeleting] = useState<GroupEntry | null>(null);

  const roleLabel = (name: string) =>
    intl.formatMessage({ id: `users.role.${name}`, defaultMessage: name });
  const roleOptions = (list.data?.roles ?? []).map((r) => ({
    value: r.name,
    label: roleLabel(r.name),
  }));
  const label = (group: GroupEntry) =>
    group.label[intl.locale === 'de' ? 'de' : 'en'] || group.name;

  const open = async (group: GroupEntry, then: (detail: GroupDetail) => void) => {
    const detail = await action.run(() => getGroup(client, group.name), null);
    if (detail) then(detail);
  };

  const handleDelete = async () => {
    if (!deleting) return;
    const done = await action.run(() => deleteGroup(client, deleting.name), 'groups.delete.done', {
      name: deleting.name,
    });
    if (done !== undefined) {
      setDeleting(null);
      list.reload();
    }
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing({})}>
          <FormattedMessage id="groups.create" />
        </Button>
      </Group>
      {list.error !== undefined && !list.data && (
        <Alert color="red" title={t('groups.loadFailed')}>
          <Stack gap="sm" align="flex-start">
            {errorText(list.error, intl.formatMessage, intl.messages)}
            <Button variant="light" onClick={list.reload}>
              <FormattedMessage id="users.retry" />
            </Button>
          </Stack>
        </Alert>
      )}
      {!list.data && list.error === undefined && (
        <Center py="lg">
          <Loader role="status" aria-label={t('groups.loading')} />
        </Center>
      )}
      {list.data && list.data.groups.length === 0 && (
        <Text>
          <FormattedMessage id="groups.empty" />
        </Text>
      )}
      {list.data && list.data.groups.length > 0 && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={640}>
            <Table.Caption>{t('groups.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('groups.column.name')}</Table.Th>
                <Table.Th scope="col">{t('groups.column.label')}</Table.Th>
                <Table.Th scope="col">{t('groups.column.roles')}</Table.Th>
                <Table.Th scope="col">{t('groups.column.members')}</Table.Th>
                <Table.Th scope="col">{t('users.column.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.groups.map((group) => (
                <Table.Tr key={group.name}>
                  <Table.Th scope="row" fw={500}>
                    {group.name}
                  </Table.Th>
                  <Table.Td>{label(group)}</Table.Td>
                  <Table.Td>{group.roles.map(roleLabel).join(', ') || '–'}</Table.Td>
                  <Table.Td>{group.members}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => void open(group, (detail) => setEditing({ group: detail }))}
                        aria-label={t('groups.edit.label', { name: group.name })}
                      >
                        <FormattedMessage id="groups.edit" />
                      </Button>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => void open(group, setMembers)}
                        aria-label={t('groups.members.label', { name: group.name })}
                      >
                        <FormattedMessage id="groups.members" />
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        onClick={() => {
                          action.clearFailure();
                          setDeleting(group);
                        }}
                        aria-label={t('groups.delete.label', { name: group.name })}
                      >
                        <FormattedMessage id="groups.delete" />
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <GroupFormDialog
        opened={editing !== null}
        group={editing?.group}
        roles={roleOptions}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <GroupMembersDialog
        group={members}
        onClose={() => setMembers(null)}
        onChanged={(group) => {
          setMembers(group);
          list.reload();
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('groups.delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('groups.delete.submit')}
        danger
        busy={action.busy}
        failure={action.failure}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      >
        <Text>
          <FormattedMessage
            id="groups.delete.confirm"
            values={{ name: deleting?.name ?? '', count: deleting?.members ?? 0 }}
          />
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
