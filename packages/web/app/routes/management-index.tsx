import { Navigate } from 'react-router';
import { hasAnyRole } from '../lib/auth/role-check';
import { useAuth } from '../lib/auth/use-auth';
import { pathTo } from '../route-paths';

/** Any signed-in user may open the group; where it leads depends on the roles. */
export const handle = { guard: { roles: ['*'] } };

/**
 * `/management` has no page of its own: it opens the first page of the group the user may
 * see — the user list for administrators, otherwise the own profile.
 */
export default function ManagementIndexRoute() {
  const { principal } = useAuth();
  if (!principal) return null;
  const target = hasAnyRole(principal, ['administrator'])
    ? pathTo('management.users')
    : pathTo('management.profile', { name: principal.name });
  return <Navigate to={target} replace />;
}
