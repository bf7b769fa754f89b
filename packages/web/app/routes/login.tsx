import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LoginForm } from '../features/access/components/login-form';
import { resolveReturnTo, storeReturnTo } from '../lib/auth/return-to';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('route.login');

/** Breadcrumb label key of this route (SPEC §2). */
export const handle = { breadcrumb: 'route.login' };

/** `/login?returnTo=…`: the sign-in form; a safe `returnTo` is where success leads. */
export default function LoginRoute() {
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  useEffect(() => {
    if (returnTo && resolveReturnTo(returnTo)) storeReturnTo(returnTo);
  }, [returnTo]);
  return <LoginForm />;
}
