import type { Principal } from '@geoportal/contract/access';
import { Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useRevalidator } from 'react-router';
import { useAccess } from '../../../lib/auth/access';
import { pathTo } from '../../../route-paths';

/**
 * The content of the signed-in user's pop-over in the header (SPEC §2): display name, user
 * name, email, the profile link (not for read-only users) and logout.
 */
export function UserPanel({
  principal,
  name,
  onClose,
}: {
  principal: Principal;
  /** The display name. */
  name: string;
  /** Hides the pop-over. */
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { auth } = useAccess();
  const revalidator = useRevalidator();
  const handleLogout = async () => {
    // SPEC §4: the local session is cleared either way; on success the screen state reloads.
    if (await auth.logout()) await revalidator.revalidate();
  };
  return (
    <Stack gap={4} miw={200}>
      <Text fw={600} size="sm">
        {name}
      </Text>
      <Text size="sm" data-testid="user-menu-name">
        {principal.name}
      </Text>
      {principal.email ? (
        <Text size="xs" c="dimmed">
          {principal.email}
        </Text>
      ) : null}
      <Divider my="xs" />
      {principal.readonly ? null : (
        <Anchor
          component={Link}
          to={pathTo('management.profile', { name: principal.name })}
          size="sm"
          onClick={onClose}
        >
          {t('userMenu.profile')}
        </Anchor>
      )}
      <Button
        variant="subtle"
        color="dark"
        size="compact-sm"
        justify="flex-start"
        px={0}
        onClick={() => {
          onClose();
          void handleLogout();
        }}
      >
        {t('userMenu.logout')}
      </Button>
    </Stack>
  );
}
