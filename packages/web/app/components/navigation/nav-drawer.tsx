import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { MenuItem } from './menu-items';
import classes from './navigation.module.css';

// The sidebar itself is its own chunk, asked for on the first press of the burger: a closed
// drawer renders nothing, so the server's page and the first paint are the same without it.
const NavDrawerPanel = lazy(() => import('./nav-drawer-panel'));

/**
 * The main menu on small screens: a burger button opens a sidebar that closes on every
 * navigation (SPEC §2).
 */
export function NavDrawer({ items }: { items: readonly MenuItem[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [opened, { toggle, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location
  useEffect(() => {
    close();
  }, [location.key, close]);

  return (
    <div className={classes.mobile}>
      <Burger
        opened={opened}
        onClick={() => {
          setWanted(true);
          toggle();
        }}
        size="sm"
        aria-label={t(opened ? 'nav.close' : 'nav.open')}
        aria-expanded={opened}
        aria-controls="main-nav-drawer"
      />
      {wanted && (
        <Suspense fallback={null}>
          <NavDrawerPanel items={items} opened={opened} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
