import { startTransition, useContext, useEffect, useState } from 'react';
import { isPageHydrated } from '../client-only';
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
 * so the first client render matches the HTML (see `useAuthState`).
 */
export function useAuth(store?: AuthStore): UseAuthResult {
  const provided = useContext(AccessContext);
  const auth = store ?? provided?.auth;
  if (!auth) throw new Error('useAuth() needs a store or an <AccessContext value={…}> above it.');
  const state = useAuthState(auth);
  return {
    ...state,
    isLoggedIn: isLoggedIn(state),
    login: auth.login,
    logout: auth.logout,
    refresh: auth.refresh,
  };
}

/**
 * The store's state. On the server and while the page hydrates it is the server snapshot, and
 * the browser's own state follows right after hydration; components mounted later start from
 * the browser's state. Every change is rendered as a transition: short tasks that input can
 * interrupt. The session's users are most of a page (the guarded outlet holds the route), and
 * `useSyncExternalStore`, as before, re-rendered all of them synchronously when the store
 * started after hydration: one main-thread task of about 200 ms on a phone (bench:lighthouse,
 * issue 22). A sign-in or sign-out still shows within a frame or two.
 */
function useAuthState(auth: AuthStore): AuthState {
  const [state, setState] = useState(() =>
    isPageHydrated() ? auth.getSnapshot() : auth.getServerSnapshot(),
  );
  useEffect(() => {
    const follow = () => startTransition(() => setState(auth.getSnapshot()));
    follow();
    return auth.subscribe(follow);
  }, [auth]);
  return state;
}
