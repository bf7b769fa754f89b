import {
  type GroupCreate,
  GroupDetail,
  GroupList,
  type GroupUpdate,
  RoleList,
} from '@geoportal/contract/users';
import type { HttpClient } from '../../../lib/http/http-client';

const groupPath = (name: string, rest = '') => `/groups/${encodeURIComponent(name)}${rest}`;
const detail = { schema: GroupDetail, invalid: 'an invalid group' } as const;

export function listGroups(client: HttpClient) {
  return client.get('/groups', {
    noCache: true,
    schema: GroupList,
    invalid: 'an invalid group list',
  });
}

export function getGroup(client: HttpClient, name: string): Promise<GroupDetail> {
  return client.get(groupPath(name), { noCache: true, ...detail });
}

/** Rejects with 409 `group.exists`. */
export function createGroup(client: HttpClient, group: GroupCreate): Promise<GroupDetail> {
  return client.post('/groups', { body: group, blocking: true, ...detail });
}

/** Rejects with 409 `group.version_conflict` or `user.last_administrator`. */
export function updateGroup(client: HttpClient, name: string, update: GroupUpdate) {
  return client.put(groupPath(name), { body: update, blocking: true, ...detail });
}

export function deleteGroup(client: HttpClient, name: string) {
  return client.delete(groupPath(name), { blocking: true, responseType: 'text' });
}

/** Adds (`member` true) or removes the user; answers the group as it is now. */
export function setMember(client: HttpClient, group: string, user: string, member: boolean) {
  const path = groupPath(group, `/members/${encodeURIComponent(user)}`);
  return member
    ? client.put(path, { blocking: true, ...detail })
    : client.delete(path, { blocking: true, ...detail });
}

/** The role names the system knows. */
export function listRoles(client: HttpClient) {
  return client.get('/roles', { noCache: true, schema: RoleList, invalid: 'an invalid role list' });
}
