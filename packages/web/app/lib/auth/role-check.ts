import type { Principal } from '@geoportal/contract/access';
import { WILDCARD_ROLE } from '@geoportal/contract/access-names';
import type { HttpClient } from '../http/http-client';
import { isHttpRequestError } from '../http/http-error';
import { type AuthStore, accessPaths } from './auth-store';

/**
 * Role checks through the server (SPEC §5, §6). Use it where the answer decides what a user
 * may do: route guards, before an action, menu entries once the page is interactive. The
 * server is the authority, so whatever it derives (e.g. rights of an administrator) counts.
 */
export interface RoleChecker {
  /**
   * Whether the signed-in user holds any of `roles` (none given: the wildcard role, i.e. any
   * signed-in user). Not logged in: false without asking the server.
   */
  isAllowed(roles?: readonly string[]): Promise<boolean>;
  /** Forgets every cached answer; happens by itself on login and logout. */
  clear(): void;
  /** Stops listening to the auth store. */
  dispose(): void;
}

export interface RoleCheckerOptions {
  client: HttpClient;
  auth: Pick<AuthStore, 'isLoggedIn' | 'onSessionChange'>;
}

/** Creates a role checker whose per-role cache lives as long as the signed-in user. */
export function createRoleChecker({ client, auth }: RoleCheckerOptions): RoleChecker {
  const cache = new Map<string, boolean>();
  // Several menu entries ask for the same role at once; they share one request.
  const pending = new Map<string, Promise<boolean>>();
  // An answer that arrives after a login or logout belongs to the previous user.
  let generation = 0;

  const clear = () => {
    cache.clear();
    pending.clear();
    generation += 1;
  };
  const unsubscribe = auth.onSessionChange(clear);

  function check(role: string): Promise<boolean> {
    const cached = cache.get(role);
    if (cached !== undefined) return Promise.resolve(cached);
    const inFlight = pending.get(role);
    if (inFlight) return inFlight;
    const asked = generation;
    const request: Promise<boolean> = client
      .post(accessPaths.isAllowed, { body: [role], handlesAuth: true })
      .then(
        (answer) => {
          const allowed = answer === true;
          if (asked === generation) cache.set(role, allowed);
          return allowed;
        },
        (error: unknown) => {
          // SPEC §5: a 403 is a lasting "no"; any other error is "no" for this call only.
          if (isHttpRequestError(error, 403) && asked === generation) cache.set(role, false);
          return false;
        },
      )
      .finally(() => {
        if (pending.get(role) === request) pending.delete(role);
      });
    pending.set(role, request);
    return request;
  }

  return {
    async isAllowed(roles) {
      if (!auth.isLoggedIn()) return false;
      const names = roles && roles.length > 0 ? [...new Set(roles)] : [WILDCARD_ROLE];
      if (names.some((name) => cache.get(name) === true)) return true;
      const answers = await Promise.all(names.map(check));
      return answers.includes(true);
    },
    clear,
    dispose: unsubscribe,
  };
}

/**
 * Whether `principal` lists any of `roles` (none given, or the wildcard: any signed-in user),
 * read from `principal.roles` without a request. Use it for immediate, cosmetic decisions
 * such as the first paint of a menu; it is literal (an administrator holds only the roles
 * listed for them), so use `RoleChecker.isAllowed` where the decision matters.
 */
export function hasAnyRole(
  principal: Pick<Principal, 'roles'> | null | undefined,
  roles?: readonly string[],
): boolean {
  if (!principal) return false;
  if (!roles || roles.length === 0) return true;
  return roles.some((role) => role === WILDCARD_ROLE || principal.roles.includes(role));
}
