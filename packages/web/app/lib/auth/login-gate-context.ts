import { createContext, useContext } from 'react';
import type { LoginGate } from './login-gate';

/** Provides the page's login gate (see `login-gate.ts`). */
export const LoginGateContext = createContext<LoginGate | null>(null);

export function useLoginGateService(): LoginGate {
  const gate = useContext(LoginGateContext);
  if (!gate)
    throw new Error('useLoginGateService() needs a <LoginGateContext value={…}> above it.');
  return gate;
}
