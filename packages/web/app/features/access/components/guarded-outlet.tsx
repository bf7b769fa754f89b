import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { SessionWait, WindowHigh } from '../../../components/layout/session-wait';
import { useAuth } from '../../../lib/auth/use-auth';
import { pathTo } from '../../../route-paths';
import { useRouteGuard } from '../hooks/use-route-guard';

// Only pages behind a sign-in show the form here: it is not part of every page's first
// script (the map page's budget), and loads when a guarded page asks for a sign-in.
const LoginForm = lazy(() =>
  import('./login-form').then((module) => ({ default: module.LoginForm })),
);

/**
 * The page content behind the route guard: the page, a wait while the saved session is
 * checked, or the login form in place of a page that needs a sign-in.
 */
export function GuardedOutlet() {
  const decision = useRouteGuard();
  const { principal } = useAuth();
  const checking = <SessionWait />;
  if (decision === 'pending') return checking;
  if (decision === 'changePassword' && principal) {
    return <Navigate to={pathTo('management.profile', { name: principal.name })} replace />;
  }
  return decision === 'login' ? (
    <WindowHigh>
      <Suspense fallback={checking}>
        <LoginForm />
      </Suspense>
    </WindowHigh>
  ) : (
    <Outlet />
  );
}
