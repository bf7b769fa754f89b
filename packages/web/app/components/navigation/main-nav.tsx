import { Button, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { DeferredMenu } from './deferred-menu';
import type { MenuItem } from './menu-items';
import { isActive, menuHref } from './menu-link';
import classes from './navigation.module.css';

/**
 * The main menu in the header on wider screens: links and drop-down groups. A group's menu
 * comes with the header-menus chunk on the first press of its button (deferred-menu.tsx).
 */
export function MainNav({ items }: { items: readonly MenuItem[] }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <nav aria-label={t('nav.main')} className={classes.desktop}>
      <Group gap={2} wrap="nowrap">
        {items.map(({ children, ...item }) =>
          children ? (
            <DeferredMenu
              key={item.id}
              trigger={
                <Button
                  variant="subtle"
                  color="dark"
                  className={classes.link}
                  data-active={children.some((c) => isActive(c, pathname)) || undefined}
                  rightSection={<Chevron />}
                >
                  {t(item.label)}
                </Button>
              }
            >
              {(menus, target) => (
                <menus.NavGroupMenu
                  target={target}
                  entries={children.map((entry) => ({
                    id: entry.id,
                    label: t(entry.label),
                    href: menuHref(entry),
                    current: isActive(entry, pathname),
                    divider: entry.divider === true,
                  }))}
                />
              )}
            </DeferredMenu>
          ) : (
            <Button
              key={item.id}
              component={Link}
              to={menuHref(item)}
              variant="subtle"
              color="dark"
              className={classes.link}
              data-active={isActive(item, pathname) || undefined}
              aria-current={isActive(item, pathname) ? 'page' : undefined}
            >
              {t(item.label)}
            </Button>
          ),
        )}
      </Group>
    </nav>
  );
}

export function Chevron() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}
