import { Burger, Drawer, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from './menu-items';
import { isActive, menuHref } from './menu-link';
import classes from './navigation.module.css';

/**
 * The main menu on small screens: a burger button opens a sidebar that closes on every
 * navigation (SPEC §2).
 */
export function NavDrawer({ items }: { items: readonly MenuItem[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location
  useEffect(() => {
    close();
  }, [location.key, close]);

  return (
    <div className={classes.mobile}>
      <Burger
        opened={opened}
        onClick={toggle}
        size="sm"
        aria-label={t(opened ? 'nav.close' : 'nav.open')}
        aria-expanded={opened}
        aria-controls="main-nav-drawer"
      />
      <Drawer
        id="main-nav-drawer"
        opened={opened}
        onClose={close}
        title={t('app.name')}
        size="xs"
        closeButtonProps={{ 'aria-label': t('nav.close') }}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <nav aria-label={t('nav.main')}>
          {items.map((item) =>
            item.children ? (
              <NavLink
                key={item.id}
                label={t(item.label)}
                defaultOpened={item.children.some((c) => isActive(c, location.pathname))}
                childrenOffset="md"
              >
                {item.children.map((entry) => (
                  <NavLink
                    key={entry.id}
                    component={Link}
                    to={menuHref(entry)}
                    label={t(entry.label)}
                    active={isActive(entry, location.pathname)}
                    aria-current={isActive(entry, location.pathname) ? 'page' : undefined}
                  />
                ))}
              </NavLink>
            ) : (
              <NavLink
                key={item.id}
                component={Link}
                to={menuHref(item)}
                label={t(item.label)}
                active={isActive(item, location.pathname)}
                aria-current={isActive(item, location.pathname) ? 'page' : undefined}
              />
            ),
          )}
        </nav>
      </Drawer>
    </div>
  );
}
