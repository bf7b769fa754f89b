import { type ReactNode, useEffect, useState } from 'react';
import { getAccessKey } from '../../lib/access-keys';
import { type Access, AccessContext, createAccess } from '../../lib/auth/access';
import { createLoginGate, type LoginGate } from '../../lib/auth/login-gate';
import { LoginGateContext } from '../../lib/auth/login-gate-context';
import { storeReturnTo } from '../../lib/auth/return-to';
import { blockingActivity, pageActivity } from '../../lib/progress/activity';
import { BusyOverlay } from './busy-overlay';
import { LoadingBar } from './loading-bar';
import { ToastContainer } from './toast-container';

/**
 * The page's services: access (HTTP client, auth store, role checks), the in-place login
 * gate, the loading bar, the busy spinner and the toast container. Created once per page load; the saved session is checked
 * after hydration, never on the server.
 */
export function AppProviders({ apiBase, children }: { apiBase: string; children: ReactNode }) {
  const [services] = useState(() => {
    const gate = createLoginGate();
    const access = createAccess({
      apiBase,
      // Requests for an object carry the access key held for it (SPEC §3, §7).
      getAccessKey,
      // Every request moves the loading bar; requests marked blocking also show the spinner.
      onActivity: pageActivity.start,
      onBlockingActivity: blockingActivity.start,
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
        <LoadingBar />
        <BusyOverlay />
        <ToastContainer />
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
