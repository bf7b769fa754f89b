import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth/use-auth';
import { pathTo } from '../route-paths';

/**
 * `/metadata` has no page of its own: signed-in users go to their records, visitors to the
 * map. Who is signed in is known only in the browser, so the server renders a wait.
 */
export default function MetadataIndexRoute() {
  const intl = useIntl();
  const { status, isLoggedIn } = useAuth();
  if (status === 'unknown') {
    return (
      <Center py="xl" role="status">
        <Loader aria-label={intl.formatMessage({ id: 'guard.checking' })} />
      </Center>
    );
  }
  return <Navigate to={pathTo(isLoggedIn ? 'metadata.mine' : 'home')} replace />;
}
