import { displayName } from '@geoportal/contract/access-names';
import { ActionIcon, Button, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { DeferredMenu } from '../../../components/navigation/deferred-menu';
import { useAuth } from '../../../lib/auth/use-auth';
import { pathTo } from '../../../route-paths';
import classes from './user-controls.module.css';
import { UserPanel } from './user-panel';

/**
 * The right-hand sign-in control (SPEC §2) in a room of its own size. Who is signed in is
 * known only in the browser, after the first paint: the room is already there when the
 * control appears, so the header's other controls do not move (a layout shift on every page).
 */
export function UserControls({ formLogin }: { formLogin: boolean }) {
  return (
    <div className={classes.room}>
      <UserControl formLogin={formLogin} />
    </div>
  );
}

/**
 * A login icon link when form login is on and nobody is signed in, otherwise the user menu
 * with display name, user name, email, the profile link (not for read-only users) and logout.
 * The pop-over comes with the header-menus chunk on the first press of the button
 * (deferred-menu.tsx).
 */
function UserControl({ formLogin }: { formLogin: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const state = useAuth();

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
  return (
    <DeferredMenu
      popup="dialog"
      trigger={
        <Button variant="default" aria-label={t('userMenu.label', { name })} maw={220} px="xs">
          {/* Initials on phones, where the header has no room for a name. */}
          <Text hiddenFrom="sm" size="sm" fw={700} component="span" aria-hidden="true">
            {initialsOf(name)}
          </Text>
          <Text visibleFrom="sm" truncate="end" size="sm" component="span">
            {name}
          </Text>
        </Button>
      }
    >
      {(menus, target) => (
        // A disclosure, not an ARIA menu: it holds text (name, email) besides links and buttons.
        <menus.DisclosurePopover target={target} label={t('userMenu.label', { name })}>
          {(close) => <UserPanel principal={principal} name={name} onClose={close} />}
        </menus.DisclosurePopover>
      )}
    </DeferredMenu>
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
