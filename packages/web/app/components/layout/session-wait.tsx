import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import classes from './session-wait.module.css';

/**
 * The wait in place of a page that needs the session, which only the browser knows: the
 * server renders it, and it stays until the saved sign-in has been checked. It fills the
 * window below the header, so the footer starts below the fold and the page that replaces
 * the wait (an editor, a list) moves nothing in view. A wait of its own height let the
 * footer stand at the window's bottom until the page pushed it out: a layout shift of 0.05
 * on the editor on a phone, the whole of Lighthouse's allowance.
 */
export function SessionWait() {
  const intl = useIntl();
  return (
    <Center role="status" className={classes.wait}>
      <Loader aria-label={intl.formatMessage({ id: 'guard.checking' })} />
    </Center>
  );
}

/**
 * What replaces the wait when it is shorter (the login form of a page that needs a sign-in),
 * filling the window as the wait did: the footer stays below the fold.
 */
export function WindowHigh({ children }: { children: ReactNode }) {
  return <div className={classes.wait}>{children}</div>;
}
