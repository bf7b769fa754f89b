import { Notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { type Access, AccessContext, createAccess } from '../../lib/auth/access';
import { createLoginGate, type LoginGate } from '../../lib/auth/login-gate';
import { LoginGateContext } from '../../lib/auth/login-gate-context';
import { storeReturnTo } from '../../lib/auth/return-to';
import { toastRules } from '../../lib/toast';

/**
 * The page's services: access (HTTP client, auth store, role checks), the in-place login
 * gate and the toast container. Created once per page load; the saved session is checked
 * after hydration, never on the server.
 */
export function AppProviders({ apiBase, children }: { apiBase: string; children: ReactNode }) {
  const [services] = useState(() => {
    const gate = createLoginGate();
    const access = createAccess({
      apiBase,
      // SPEC §4: a 401 shows the login in place with the attempted route as returnTo.
      onUnauthorized() {
        const path = currentPath();
        storeReturnTo(path);
        gate.require(path);
      },
    });
    return { access, gate } satisfies { access: Access; gate: LoginGate };
  });

  useEffect(() => {
    void services.access.auth.start();
  }, [services]);

  return (
    <AccessContext value={services.access}>
      <LoginGateContext value={services.gate}>
        <Notifications position={toastRules.position} limit={toastRules.maxOpen} />
        {children}
      </LoginGateContext>
    </AccessContext>
  );
}

function currentPath(): string {
  return typeof window === 'undefined'
    ? '/'
    : `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
