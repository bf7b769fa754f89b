import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { useRouteGuard } from '../hooks/use-route-guard';
import { LoginForm } from './login-form';

/**
 * The page content behind the route guard: the page, a wait while the saved session is
 * checked, or the login form in place of a page that needs a sign-in.
 */
export function GuardedOutlet() {
  const intl = useIntl();
  const decision = useRouteGuard();
  if (decision === 'pending') {
    return (
      <Center py="xl" role="status">
        <Loader aria-label={intl.formatMessage({ id: 'guard.checking' })} />
      </Center>
    );
  }
  return decision === 'login' ? <LoginForm /> : <Outlet />;
}
