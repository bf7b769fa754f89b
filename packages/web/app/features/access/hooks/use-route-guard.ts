import { WILDCARD_ROLE } from '@geoportal/contract/access-names';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useLoginGate } from '../../../lib/auth/login-gate';
import { useLoginGateService } from '../../../lib/auth/login-gate-context';
import { storeReturnTo } from '../../../lib/auth/return-to';
import { hasAnyRole } from '../../../lib/auth/role-check';
import { useAuth } from '../../../lib/auth/use-auth';

/** What a route module's `handle.guard` says: the roles it needs (`*`: any signed-in user). */
export interface RouteGuard {
  roles: readonly string[];
  /**
   * The page shows the same to everyone it lets in and reads nothing for the user, so it is
   * shown (and rendered on the server) while the saved session is checked, instead of a
   * wait: a phone gets its content from the first paint on. Who may not use it then gets
   * the login in its place, as after a wait.
   */
  shownWhileChecking?: boolean;
}

/** What the shell shows for the current route. */
export type GuardDecision = 'allow' | 'pending' | 'login' | 'changePassword';

function guardOf(handle: unknown): RouteGuard | undefined {
  const guard = (handle as { guard?: RouteGuard } | undefined)?.guard;
  return guard && Array.isArray(guard.roles) ? guard : undefined;
}

/**
 * The route guard of SPEC §4. A guarded route with nobody signed in, or with a user who
 * lacks its roles, shows the login in place with the target kept as `returnTo` while the
 * address stays; a 401 raises the same login through the gate. Until the saved session is
 * confirmed (always on the server) a guarded route waits, unless it is shown while the
 * session is checked (`shownWhileChecking`). Administrators may do everything.
 */
export function useRouteGuard(): GuardDecision {
  const matches = useMatches();
  const location = useLocation();
  const auth = useAuth();
  const gatePath = useLoginGate(useLoginGateService());
  const path = `${location.pathname}${location.search}${location.hash}`;
  const guards = matches.map((m) => guardOf(m.handle)).filter((g) => g !== undefined);
  const onProfile = matches.some((m) => m.id === 'management.profile');

  let decision: GuardDecision = 'allow';
  if (gatePath === path) decision = 'login';
  else if (guards.length > 0) {
    if (auth.status === 'unknown') {
      decision = guards.every((g) => g.shownWhileChecking === true) ? 'allow' : 'pending';
    } else if (!auth.isLoggedIn || !auth.principal) decision = 'login';
    else {
      const principal = auth.principal;
      const allowed = guards.every(
        (g) =>
          g.roles.length === 0 ||
          g.roles.includes(WILDCARD_ROLE) ||
          hasAnyRole(principal, ['administrator', ...g.roles]),
      );
      if (!allowed) decision = 'login';
      // A password an administrator set is replaced before any other signed-in page.
      else if (principal.mustChangePassword && !onProfile) decision = 'changePassword';
    }
  }

  useEffect(() => {
    if (decision === 'login') storeReturnTo(path);
  }, [decision, path]);
  return decision;
}
