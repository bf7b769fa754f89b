import { Button, Group, Menu } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from './menu-items';
import { isActive, menuHref } from './menu-link';
import classes from './navigation.module.css';

/** The main menu in the header on wider screens: links and drop-down groups. */
export function MainNav({ items }: { items: readonly MenuItem[] }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <nav aria-label={t('nav.main')} className={classes.desktop}>
      <Group gap={2} wrap="nowrap">
        {items.map((item) =>
          item.children ? (
            <Menu key={item.id} position="bottom-start" withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="dark"
                  className={classes.link}
                  data-active={item.children.some((c) => isActive(c, pathname)) || undefined}
                  rightSection={<Chevron />}
                >
                  {t(item.label)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {item.children.map((entry) => [
                  entry.divider ? <Menu.Divider key={`${entry.id}-divider`} /> : null,
                  <Menu.Item
                    key={entry.id}
                    component={Link}
                    to={menuHref(entry)}
                    aria-current={isActive(entry, pathname) ? 'page' : undefined}
                  >
                    {t(entry.label)}
                  </Menu.Item>,
                ])}
              </Menu.Dropdown>
            </Menu>
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
