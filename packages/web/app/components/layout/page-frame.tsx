import type { GitInfo } from '@geoportal/contract/system';
import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../route-paths';
import { Breadcrumbs } from '../navigation/breadcrumbs';
import classes from './page-frame.module.css';

/**
 * The page frame: header with the product name, the main region and a footer with the
 * running version. Menus, language and colour scheme controls join the header later.
 */
export function PageFrame({
  gitInfo,
  nav,
  drawer,
  controls,
  children,
}: {
  gitInfo: GitInfo;
  /** The main menu on wider screens. */
  nav?: ReactNode;
  /** The burger and sidebar with the main menu on small screens. */
  drawer?: ReactNode;
  /** Right-hand controls of the header: colour scheme, language, sign-in. */
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={classes.frame}>
      <a href="#main" className={`${classes.skipLink} visually-hidden-focusable`}>
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <header className={classes.header}>
        <Group justify="space-between" wrap="nowrap" h="100%" px="md" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {drawer}
            <Anchor
              component={Link}
              to={pathTo('home')}
              fw={700}
              size="lg"
              c="inherit"
              underline="never"
            >
              <FormattedMessage id="app.name" />
            </Anchor>
            {nav}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {controls}
          </Group>
        </Group>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Breadcrumbs />
        {children}
      </main>
      <footer className={classes.footer}>
        <Text size="xs" c="dimmed" component="p" m={0}>
          <FormattedMessage id="footer.version" values={{ version: gitInfo.version }} />
          {' · '}
          <FormattedMessage id="footer.build" values={{ commit: gitInfo.commit.slice(0, 7) }} />
        </Text>
      </footer>
    </div>
  );
}
