import { Drawer, NavLink, ScrollArea } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from './menu-items';
import { isActive, menuHref } from './menu-link';

/**
 * The sidebar of the main menu on small screens (nav-drawer.tsx). Its own chunk: Mantine's
 * drawer (focus trap, scroll lock, portal) is loaded when the burger is first pressed, not
 * with every page.
 */
export default function NavDrawerPanel({
  items,
  opened,
  onClose,
}: {
  items: readonly MenuItem[];
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const location = useLocation();
  return (
    <Drawer
      id="main-nav-drawer"
      opened={opened}
      onClose={onClose}
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
  );
}
