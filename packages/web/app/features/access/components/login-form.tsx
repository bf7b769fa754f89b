import { displayName } from '@geoportal/contract/access-names';
import { Alert, Button, Container, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../lib/auth/access';
import { useLoginGateService } from '../../../lib/auth/login-gate-context';
import { takeReturnPath } from '../../../lib/auth/return-to';
import { useAuth } from '../../../lib/auth/use-auth';
import { errorText } from '../../../lib/http/error-text';
import { hideToast, showToast } from '../../../lib/toast';
import { pathTo } from '../../../route-paths';

/**
 * The sign-in form (SPEC §2, §5, §8): user name focused on open, submit disabled until both
 * fields are filled; a failure shows an error toast and marks both fields invalid; success
 * goes to the stored `returnTo`, else home.
 */
export function LoginForm() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { auth } = useAccess();
  const state = useAuth();
  const gate = useLoginGateService();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // The last failure's toast: a successful attempt closes it, it no longer applies.
  const failureToast = useRef<string | undefined>(undefined);
  const valid = username.trim() !== '' && password !== '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    let principal: Awaited<ReturnType<typeof auth.login>>;
    try {
      principal = await auth.login(username.trim(), password);
    } catch (error) {
      setFailed(true);
      setBusy(false);
      failureToast.current = showToast(
        'error',
        t('alert.type.error'),
        errorText(error, intl.formatMessage, intl.messages),
      );
      return;
    }
    hideToast(failureToast.current);
    failureToast.current = undefined;
    gate.clear();
    // A password an administrator set: choose a new one first; the return path waits.
    if (principal.mustChangePassword) {
      await navigate(pathTo('management.profile', { name: principal.name }), { replace: true });
      return;
    }
    const target = takeReturnPath();
    try {
      await navigate(target, { replace: true });
    } catch {
      await navigate(pathTo('home'), { replace: true });
    }
  };

  const signedInWithoutRights = state.isLoggedIn && state.principal;
  return (
    <Container size={420} py="xl" w="100%">
      {/* POST: a form sent before the page's scripts have started never puts the password
          into an address (the server answers it with a readable error page). */}
      <form method="post" onSubmit={handleSubmit} noValidate aria-labelledby="login-title">
        <Stack>
          <Title order={1} id="login-title">
            {t('route.login')}
          </Title>
          {signedInWithoutRights && state.principal ? (
            <Alert color="yellow" role="status">
              {t('login.missingRights', { name: displayName(state.principal) })}
            </Alert>
          ) : null}
          <TextInput
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            data-autofocus
            required
            value={username}
            error={failed}
            onChange={(e) => {
              setUsername(e.currentTarget.value);
              setFailed(false);
            }}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={failed}
            // Mantine marks only the wrapper of a password field; the input itself must say it.
            aria-invalid={failed}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setFailed(false);
            }}
          />
          <Button type="submit" disabled={!valid} loading={busy}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
