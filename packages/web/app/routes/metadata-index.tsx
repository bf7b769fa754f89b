import { Navigate } from 'react-router';
import { SessionWait } from '../components/layout/session-wait';
import { useAuth } from '../lib/auth/use-auth';
import { pathTo } from '../route-paths';

/**
 * `/metadata` has no page of its own: signed-in users go to their records, visitors to the
 * map. Who is signed in is known only in the browser, so the server renders a wait.
 */
export default function MetadataIndexRoute() {
  const { status, isLoggedIn } = useAuth();
  if (status === 'unknown') return <SessionWait />;
  return <Navigate to={pathTo(isLoggedIn ? 'metadata.mine' : 'home')} replace />;
}
