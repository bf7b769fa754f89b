import type { Principal, Session } from '@geoportal/contract/access';
import { accessHeaders } from '@geoportal/contract/access-names';
import type { HttpClient } from '../http/http-client';
import { isHttpRequestError } from '../http/http-error';
import type { AppStorage } from '../storage';
import { asPrincipal, asSession } from './session-shapes';

/** Paths of the access calls (SPEC §7). */
export const accessPaths = {
  authorize: '/access/authorize',
  dismiss: '/access/dismiss',
  authorized: '/access/authorized',
  isAllowed: '/access/isAllowed',
} as const;

/**
 * `unknown` until the server has confirmed the saved session (and always while rendering on
 * the server); then `authenticated` when a user and a token exist, else `anonymous`.
 */
export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface AuthState {
  readonly token: string | null;
  readonly principal: Principal | null;
  /** The session of a login in this page; null after a reload, where only the token is kept. */
  readonly session: Session | null;
  readonly status: AuthStatus;
}

/** A change of who is signed in; listeners clear what belongs to the previous user. */
export type SessionEvent = 'login' | 'logout';

/** The authentication state of SPEC §4, usable with `useSyncExternalStore`. */
export interface AuthStore {
  getSnapshot(): AuthState;
  /** The state while rendering on the server and hydrating: nobody known yet. */
  getServerSnapshot(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Called after a login and after every clearing of the session (e.g. the role cache). */
  onSessionChange(listener: (event: SessionEvent) => void): () => void;
  /** Logged in means a user and a token both exist (SPEC §4). */
  isLoggedIn(): boolean;
  /** Loads the saved token and principal, then confirms them; any failure clears silently. */
  start(): Promise<void>;
  /** Signs in; rejects with the `HttpRequestError` and leaves the state as it was on failure. */
  login(username: string, password: string): Promise<Principal>;
  /** Ends the session on the server and here; answers whether the server call succeeded. */
  logout(): Promise<boolean>;
  /** Fetches the current user again; a 401 clears the session and answers null. */
  refresh(): Promise<Principal | null>;
  /**
   * Takes over a new session the server issued for the signed-in user (after a password
   * change every other session has ended); the user stays signed in with the new token.
   */
  adoptSession(session: Session): void;
}

export interface AuthStoreOptions {
  /** Its `getToken` should answer this store's token (see `createAccess`). */
  client: HttpClient;
  storage: AppStorage;
  /**
   * How long a start-up check that failed without an answer (network error) waits before it
   * asks once more; see `start`. Tests pass 0.
   */
  retryDelayMs?: number;
}

const serverSnapshot: AuthState = Object.freeze({
  token: null,
  principal: null,
  session: null,
  status: 'unknown',
});

/** Whether a state is logged in: a user and a token both exist (SPEC §4). */
export function isLoggedIn(state: AuthState): boolean {
  return state.token !== null && state.principal !== null;
}

/** Runs listeners; one that throws must not stop a login half-way, so it is reported later. */
function notify<A extends unknown[]>(listeners: Set<(...args: A) => void>, ...args: A): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

// Answers are checked against the contract, so a wrong answer fails the call instead of
// leaving a half-filled user in the state.
function validPrincipal(data: unknown): Principal {
  const principal = asPrincipal(data);
  if (!principal) throw new Error('The server answered with an invalid user.');
  return principal;
}

function validSession(data: unknown): Session {
  const session = asSession(data);
  if (!session) throw new Error('The server answered with an invalid session.');
  return session;
}

/** Creates the store. The saved token is read at once, so the first requests carry it. */
export function createAuthStore({
  client,
  storage,
  retryDelayMs = 1000,
}: AuthStoreOptions): AuthStore {
  let state: AuthState = {
    token: storage.getAccessToken(),
    principal: storage.getPrincipal(),
    session: null,
    status: 'unknown',
  };
  // Bumped by every transition that commits; an answer that arrives after a newer
  // transition (a slow start() after a login) is dropped instead of overwriting it.
  let epoch = 0;
  let loggingOut: Promise<boolean> | undefined;
  const listeners = new Set<() => void>();
  const sessionListeners = new Set<(event: SessionEvent) => void>();

  const set = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    notify(listeners);
  };

  /** Clears token, user, session and (through the event) the role cache (SPEC §4). */
  const clear = () => {
    epoch += 1;
    storage.removeAccessToken();
    storage.removePrincipal();
    set({ token: null, principal: null, session: null, status: 'anonymous' });
    notify(sessionListeners, 'logout');
  };

  const fetchPrincipal = async (token?: string) =>
    validPrincipal(
      await client.get(accessPaths.authorized, {
        handlesAuth: true,
        noCache: true,
        // During login the new token is not committed yet, so it travels explicitly.
        headers: token ? { [accessHeaders.token]: token } : undefined,
      }),
    );

  const store: AuthStore = {
    getSnapshot: () => state,
    getServerSnapshot: () => serverSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSessionChange(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    isLoggedIn: () => isLoggedIn(state),

    async start() {
      const token = storage.getAccessToken();
      // Without a token nobody can be logged in (SPEC §4), so the server is not asked.
      if (!token) return clear();
      const changed = token !== state.token;
      epoch += 1;
      const current = epoch;
      set({ token, principal: storage.getPrincipal(), session: null, status: 'unknown' });
      if (changed) notify(sessionListeners, 'login');
      try {
        let principal: Principal;
        try {
          principal = await fetchPrincipal();
        } catch (error) {
          if (isHttpRequestError(error)) throw error;
          // No answer at all: the user may be leaving the page before it finished loading,
          // which cuts off its requests. A page being left runs no more timers, so the
          // session is kept; a page that lives on asks once more before giving up.
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
          if (current !== epoch) return;
          principal = await fetchPrincipal();
        }
        if (current !== epoch) return;
        storage.setPrincipal(principal);
        set({ principal, status: 'authenticated' });
      } catch {
        // SPEC §4: a saved session that no longer works is cleared silently.
        if (current === epoch) clear();
      }
    },

    async login(username, password) {
      // Nothing is committed before both calls succeed, so a failure leaves the state as it was.
      const session = validSession(
        await client.post(accessPaths.authorize, {
          body: { username, password },
          handlesAuth: true,
          // The user waits for the answer: the full-screen spinner shows.
          blocking: true,
        }),
      );
      const principal = await fetchPrincipal(session.id);
      epoch += 1;
      storage.setAccessToken(session.id);
      storage.setPrincipal(principal);
      set({ session, token: session.id, principal, status: 'authenticated' });
      notify(sessionListeners, 'login');
      return principal;
    },

    adoptSession(session) {
      epoch += 1;
      storage.setAccessToken(session.id);
      set({ session, token: session.id });
    },

    logout() {
      // Parallel 401s each ask for a logout; one server call serves them all.
      loggingOut ??= (async () => {
        let ok = true;
        try {
          await client.get(accessPaths.dismiss, { handlesAuth: true, noCache: true });
        } catch {
          ok = false; // SPEC §8: the local session is cleared all the same.
        }
        clear();
        return ok;
      })().finally(() => {
        loggingOut = undefined;
      });
      return loggingOut;
    },

    async refresh() {
      if (!state.token) return null;
      const current = epoch;
      try {
        const principal = await fetchPrincipal();
        if (current !== epoch) return state.principal;
        storage.setPrincipal(principal);
        set({ principal, status: 'authenticated' });
        return principal;
      } catch (error) {
        if (current !== epoch) return state.principal;
        // An expired session ends here; a network hiccup must not sign the user out.
        if (isHttpRequestError(error, 401)) {
          clear();
          return null;
        }
        throw error;
      }
    },
  };
  return store;
}
