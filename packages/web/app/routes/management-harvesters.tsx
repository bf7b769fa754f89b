import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { ErrorPage } from '../components/layout/error-page';
import { useAuth } from '../lib/auth/use-auth';

/** Breadcrumb label key and the roles the harvesters' pages need (administrators only). */
export const handle = {
  breadcrumb: 'menu.management.harvesters',
  guard: { roles: ['administrator'] },
};

/**
 * The harvesters (issue 25): the list, creating one, and one harvester's page. They render
 * in the browser, where the session is known (the live stream of runs needs it).
 */
export default function ManagementHarvestersRoute() {
  return <Outlet />;
}

/** Shows the page once the session is confirmed, a loader until then. */
export function WhenSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const intl = useIntl();
  if (status === 'authenticated') return children;
  return (
    <Center py="xl">
      <Loader role="status" aria-label={intl.formatMessage({ id: 'harvesters.loading' })} />
    </Center>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
