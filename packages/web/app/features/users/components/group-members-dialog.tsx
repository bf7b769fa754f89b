import type { GroupDetail } from '@geoportal/contract/users';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import { setMember } from '../api/groups-api';
import { listUsers } from '../api/users-api';

export interface GroupMembersDialogProps {
  group: GroupDetail | null;
  onClose: () => void;
  /** Called with the group after each change of its members. */
  onChanged: (group: GroupDetail) => void;
}

/**
 * The members of a group: each with a remove button, and a user picker that searches the
 * users by name, names and e-mail as one types.
 */
export function GroupMembersDialog({ group, onClose, onChanged }: GroupMembersDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { client } = useAccess();
  const action = useAdminAction();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<string[]>([]);
  const [picked, setPicked] = useState<string | null>(null);

  useEffect(() => {
    if (!group) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      listUsers(client, { ...(search.trim() ? { q: search.trim() } : {}), rows: 50 })
        .then((list) => {
          if (!controller.signal.aborted) setFound(list.docs.map((u) => u.name));
        })
        .catch(() => {
          // The picker keeps its earlier choices; the next keystroke tries again.
        });
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, group, search]);

  if (!group) return null;
  const options = found.filter((name) => !group.memberNames.includes(name));

  const change = async (user: string, member: boolean) => {
    const next = await action.run(
      () => setMember(client, group.name, user, member),
      member ? 'groups.members.added' : 'groups.members.removed',
      { user, group: group.name },
    );
    if (next) {
      setPicked(null);
      setSearch('');
      onChanged(next);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('groups.members.title', { name: group.name })}
      closeButtonProps={{ 'aria-label': t('users.dialog.close') }}
    >
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('groups.members.pick')}
            data={options}
            value={picked}
            onChange={setPicked}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            nothingFoundMessage={t('groups.members.nobody')}
            style={{ flex: '1 1 12rem' }}
            data-autofocus
          />
          <Button
            onClick={() => picked && void change(picked, true)}
            disabled={!picked}
            loading={action.busy}
          >
            <FormattedMessage id="groups.members.add" />
          </Button>
        </Group>
        {action.failure && (
          <Alert color="red" role="alert">
            {action.failure}
          </Alert>
        )}
        {group.memberNames.length === 0 ? (
          <Text>
            <FormattedMessage id="groups.members.none" />
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.memberNames.map((name) => (
              <Group component="li" key={name} justify="space-between" wrap="nowrap">
                <Text>{name}</Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => void change(name, false)}
                  aria-label={t('groups.members.removeLabel', { user: name, group: group.name })}
                >
                  <FormattedMessage id="groups.members.remove" />
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
