import { useContext, useSyncExternalStore } from 'react';
import { AccessContext } from './access';
import { type AuthState, type AuthStore, isLoggedIn } from './auth-store';

/** The auth state with the store's actions, for components. */
export interface UseAuthResult extends AuthState {
  /** A user and a token both exist (SPEC §4). */
  isLoggedIn: boolean;
  login: AuthStore['login'];
  logout: AuthStore['logout'];
  refresh: AuthStore['refresh'];
}

/**
 * Subscribes to the auth store: `store` when given, else the one of `AccessContext`. While
 * rendering on the server and hydrating, the state is the server snapshot (status `unknown`),
 * so the first client render matches the HTML.
 */
export function useAuth(store?: AuthStore): UseAuthResult {
  const provided = useContext(AccessContext);
  const auth = store ?? provided?.auth;
  if (!auth) throw new Error('useAuth() needs a store or an <AccessContext value={…}> above it.');
  const state = useSyncExternalStore(auth.subscribe, auth.getSnapshot, auth.getServerSnapshot);
  return {
    ...state,
    isLoggedIn: isLoggedIn(state),
    login: auth.login,
    logout: auth.logout,
    refresh: auth.refresh,
  };
}
