import { displayName } from '@geoportal/contract/access-names';
import { ActionIcon, Anchor, Button, Divider, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useRevalidator } from 'react-router';
import { useAccess } from '../../../lib/auth/access';
import { useAuth } from '../../../lib/auth/use-auth';
import { pathTo } from '../../../route-paths';

/**
 * The right-hand sign-in control (SPEC §2): a login icon link when form login is on and
 * nobody is signed in, otherwise the user menu with display name, user name, email, the
 * profile link (not for read-only users) and logout.
 */
export function UserControls({ formLogin }: { formLogin: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { auth } = useAccess();
  const state = useAuth();
  const revalidator = useRevalidator();
  const [opened, setOpened] = useState(false);

  if (!state.isLoggedIn || !state.principal) {
    if (!formLogin || state.status === 'unknown') return null;
    return (
      <ActionIcon
        component={Link}
        to={pathTo('login')}
        variant="subtle"
        size="lg"
        aria-label={t('login.link')}
        title={t('login.link')}
      >
        <SignInIcon />
      </ActionIcon>
    );
  }

  const principal = state.principal;
  const name = displayName(principal);
  const handleLogout = async () => {
    // SPEC §4: the local session is cleared either way; on success the screen state reloads.
    if (await auth.logout()) await revalidator.revalidate();
  };
  const close = () => setOpened(false);
  // A disclosure, not an ARIA menu: it holds text (name, email) besides links and buttons.
  return (
    <Popover position="bottom-end" withinPortal opened={opened} onChange={setOpened} shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          aria-label={t('userMenu.label', { name })}
          aria-expanded={opened}
          maw={220}
          px="xs"
          onClick={() => setOpened((o) => !o)}
        >
          {/* Initials on phones, where the header has no room for a name. */}
          <Text hiddenFrom="sm" size="sm" fw={700} component="span" aria-hidden="true">
            {initialsOf(name)}
          </Text>
          <Text visibleFrom="sm" truncate="end" size="sm" component="span">
            {name}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('userMenu.label', { name })} role="dialog">
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
              onClick={close}
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
              close();
              void handleLogout();
            }}
          >
            {t('userMenu.logout')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Up to two initials of a display name, e.g. "SS" for "Sina Submitter". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
}

/** A door with an arrow, drawn inline so that no icon font is needed. */
function SignInIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
      <path d="M10 17l5-5-5-5" />
      <path d="M15 12H3" />
    </svg>
  );
}
