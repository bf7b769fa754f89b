import {
  TemporaryPassword,
  type UserCreate,
  UserDetail,
  UserList,
  type UserListQuery,
  type UserUpdate,
} from '@geoportal/contract/users';
import type { HttpClient } from '../../../lib/http/http-client';

// One small function per endpoint of `/users`; every read is fresh, since another
// administrator may have changed the account a moment ago.

const userPath = (name: string, rest = '') => `/users/${encodeURIComponent(name)}${rest}`;
const detail = { schema: UserDetail, invalid: 'an invalid user' } as const;

/** A page of users (`GET /users`). */
export function listUsers(client: HttpClient, query: UserListQuery): Promise<UserList> {
  return client.get('/users', {
    query: {
      ...query,
      disabled: query.disabled === undefined ? undefined : String(query.disabled),
    },
    noCache: true,
    schema: UserList,
    invalid: 'an invalid user list',
  });
}

export function getUser(client: HttpClient, name: string): Promise<UserDetail> {
  return client.get(userPath(name), { noCache: true, ...detail });
}

/** Rejects with 409 `user.exists`, 400 with `fields` for a refused name or password. */
export function createUser(client: HttpClient, user: UserCreate): Promise<UserDetail> {
  return client.post('/users', { body: user, blocking: true, ...detail });
}

/** Rejects with 409 `user.version_conflict` when someone saved in between. */
export function updateUser(client: HttpClient, name: string, update: UserUpdate) {
  return client.put(userPath(name), { body: update, blocking: true, ...detail });
}

/** Disables (true) or enables the user; disabling ends their sessions. */
export function setUserDisabled(client: HttpClient, name: string, disabled: boolean) {
  return client.put(userPath(name, '/disabled'), { body: disabled, blocking: true, ...detail });
}

/** Lifts the sign-in lock-out after failed password checks. */
export function unlockUser(client: HttpClient, name: string) {
  return client.delete(userPath(name, '/lock'), { blocking: true, ...detail });
}

/** Sets a temporary password made up by the server; answers it the one time it exists. */
export function resetPassword(client: HttpClient, name: string): Promise<TemporaryPassword> {
  return client.put(userPath(name, '/password'), {
    body: {},
    blocking: true,
    schema: TemporaryPassword,
    invalid: 'an invalid password answer',
  });
}

/** Rejects with 409 `user.owns_records` without a successor for owned records. */
export function deleteUser(client: HttpClient, name: string, successor?: string) {
  return client.delete(userPath(name), {
    query: successor ? { successor } : {},
    blocking: true,
    responseType: 'text',
  });
}
