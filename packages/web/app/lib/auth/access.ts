import { createContext, useContext } from 'react';
import {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequestInfo,
} from '../http/http-client';
import type { HttpRequestError } from '../http/http-error';
import { type AppStorage, appStorage } from '../storage';
import { type AuthStore, createAuthStore } from './auth-store';
import { createRoleChecker, type RoleChecker } from './role-check';

/** The browser's access services, wired together: one of each per page load. */
export interface Access {
  /** The browser API base this access talks to (`ClientConfig.apiBase`). */
  apiBase: string;
  client: HttpClient;
  auth: AuthStore;
  roles: RoleChecker;
  storage: AppStorage;
}

export interface AccessOptions {
  /** The browser API base (`ClientConfig.apiBase`, e.g. `/api/v1`). */
  apiBase: string;
  /** Defaults to the browser's storage. */
  storage?: AppStorage;
  fetch?: typeof fetch;
  getAccessKey?: HttpClientOptions['getAccessKey'];
  /** Every request's activity, e.g. `pageActivity.start` (loading bar). */
  onActivity?: HttpClientOptions['onActivity'];
  /** Activity of requests sent with `blocking: true`, e.g. `blockingActivity.start` (spinner). */
  onBlockingActivity?: HttpClientOptions['onBlockingActivity'];
  /**
   * Sends the user to login after a 401 (or an opted-in 403), with `returnTo` set to the
   * route they tried (SPEC §4). When it runs, the user has already been logged out.
   */
  onUnauthorized?: (error: HttpRequestError, request: HttpRequestInfo) => void | Promise<void>;
}

/**
 * Creates client, auth store and role checker so that every request carries the store's
 * token, a rejected session is logged out before `onUnauthorized` navigates, and the role
 * cache follows login and logout. Call `auth.start()` once the page runs in the browser.
 */
export function createAccess(options: AccessOptions): Access {
  const storage = options.storage ?? appStorage;
  // The client needs the store's token and the store needs the client; the getter breaks
  // the cycle because it runs only when a request is sent.
  const ref: { auth?: AuthStore } = {};
  const client = createHttpClient({
    apiBase: options.apiBase,
    fetch: options.fetch,
    getAccessKey: options.getAccessKey,
    onActivity: options.onActivity,
    onBlockingActivity: options.onBlockingActivity,
    getToken: () => ref.auth?.getSnapshot().token ?? null,
    async onUnauthorized(error, request) {
      // SPEC §4: a 401 logs the user out; someone not signed in has nothing to end.
      if (ref.auth?.getSnapshot().token) await ref.auth.logout();
      await options.onUnauthorized?.(error, request);
    },
  });
  const auth = createAuthStore({ client, storage });
  ref.auth = auth;
  const roles = createRoleChecker({ client, auth });
  return { apiBase: options.apiBase, client, auth, roles, storage };
}

/** Provides the page's `Access` to hooks: `<AccessContext value={access}>` in the root. */
export const AccessContext = createContext<Access | null>(null);

/** The page's `Access`; throws when no `AccessContext` is provided above. */
export function useAccess(): Access {
  const access = useContext(AccessContext);
  if (!access) throw new Error('useAccess() needs an <AccessContext value={…}> above it.');
  return access;
}
