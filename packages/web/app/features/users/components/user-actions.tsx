import type { User, UserDetail } from '@geoportal/contract/users';
import { Button, Menu, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/layout/confirm-dialog';
import { useAccess } from '../../../lib/auth/access';
import { useAdminAction } from '../../../lib/hooks/use-admin-action';
import {
  deleteUser,
  getUser,
  listUsers,
  resetPassword,
  setUserDisabled,
  unlockUser,
} from '../api/users-api';
import { TemporaryPasswordDialog } from './temporary-password-dialog';

type Asking = 'disable' | 'enable' | 'reset' | 'delete' | null;

export interface UserActionsProps {
  user: User;
  onEdit: (user: UserDetail) => void;
  /** Called after any change, so the list shows the state as it is now. */
  onChanged: () => void;
}

/**
 * The actions menu of one user: edit, disable or enable, unlock, reset the password and
 * delete. Each asks first where it locks someone out or cannot be undone, and ends in a toast.
 */
export function UserActions({ user, onEdit, onChanged }: UserActionsProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { client } = useAccess();
  const action = useAdminAction();
  const [asking, setAsking] = useState<Asking>(null);
  const [password, setPassword] = useState<string | null>(null);
  const [owned, setOwned] = useState(0);
  const [successor, setSuccessor] = useState<string | null>(null);
  const [candidates, setCandidates] = useState<string[]>([]);
  const values = { name: user.name };

  const ask = async (what: Asking) => {
    action.clearFailure();
    if (what === 'delete') {
      const detail = await action.run(() => getUser(client, user.name), null);
      if (!detail) return;
      setOwned(detail.ownedRecords);
      setSuccessor(null);
      if (detail.ownedRecords > 0) {
        // Enabled users can take the records over; the first 200 by name cover most portals.
        const others = await action.run(
          () => listUsers(client, { disabled: false, rows: 200, sort: 'name' }),
          null,
        );
        if (!others) return;
        setCandidates(others.docs.map((u) => u.name).filter((name) => name !== user.name));
      }
    }
    setAsking(what);
  };

  const handleEdit = async () => {
    const detail = await action.run(() => getUser(client, user.name), null);
    if (detail) onEdit(detail);
  };

  const handleConfirm = async () => {
    let done: unknown;
    if (asking === 'disable' || asking === 'enable') {
      done = await action.run(
        () => setUserDisabled(client, user.name, asking === 'disable'),
        asking === 'disable' ? 'users.disabled.done' : 'users.enabled.done',
        values,
      );
    } else if (asking === 'reset') {
      const answer = await action.run(
        () => resetPassword(client, user.name),
        'users.reset.done',
        values,
      );
      if (answer) setPassword(answer.password);
      done = answer;
    } else if (asking === 'delete') {
      if (owned > 0 && !successor) return;
      done = await action.run(
        () => deleteUser(client, user.name, owned > 0 ? (successor ?? undefined) : undefined),
        'users.delete.done',
        values,
      );
    }
    if (done !== undefined) {
      setAsking(null);
      onChanged();
    }
  };

  const handleUnlock = async () => {
    if (await action.run(() => unlockUser(client, user.name), 'users.unlock.done', values)) {
      onChanged();
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle" size="compact-sm" aria-label={t('users.actions.label', values)}>
            <FormattedMessage id="users.actions" />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void handleEdit()}>
            <FormattedMessage id="users.actions.edit" />
          </Menu.Item>
          {user.disabled ? (
            <Menu.Item onClick={() => void ask('enable')}>
              <FormattedMessage id="users.actions.enable" />
            </Menu.Item>
          ) : (
            <Menu.Item onClick={() => void ask('disable')}>
              <FormattedMessage id="users.actions.disable" />
            </Menu.Item>
          )}
          {user.locked && (
            <Menu.Item onClick={() => void handleUnlock()}>
              <FormattedMessage id="users.actions.unlock" />
            </Menu.Item>
          )}
          {!user.readonly && (
            <Menu.Item onClick={() => void ask('reset')}>
              <FormattedMessage id="users.actions.reset" />
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void ask('delete')}>
            <FormattedMessage id="users.actions.delete" />
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? t(`users.${asking}.title`, values) : ''}
        confirmLabel={asking ? t(`users.${asking}.submit`) : ''}
        danger={asking === 'delete' || asking === 'disable'}
        busy={action.busy}
        failure={action.failure}
        onConfirm={() => void handleConfirm()}
        onClose={() => setAsking(null)}
      >
        <Stack gap="sm">
          <Text>{asking ? t(`users.${asking}.confirm`, values) : ''}</Text>
          {asking === 'delete' && owned > 0 && (
            <Select
              label={t('users.delete.successor', { count: owned })}
              data={candidates}
              value={successor}
              onChange={setSuccessor}
              searchable
              required
              nothingFoundMessage={t('users.delete.noSuccessor')}
            />
          )}
        </Stack>
      </ConfirmDialog>
      <TemporaryPasswordDialog
        user={user.name}
        password={password}
        onClose={() => setPassword(null)}
      />
    </>
  );
}
