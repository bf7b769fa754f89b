import { ErrorCode } from '@geoportal/contract/errors';
import type {
  Role,
  User,
  UserCreate,
  UserDetail,
  UserList,
  UserListQuery,
  UserUpdate,
} from '@geoportal/contract/users';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { BadRequestError } from '../../http/errors.js';
import { requireAdministrator } from '../../http/guards.js';
import { ReadonlyUserError } from '../access/access.errors.js';
import { lockedNameKeys } from '../access/access.service.js';
import { hashPassword, passwordProblem } from '../access/password.js';
import { newId } from '../access/session.js';
import { changedFields, writeAudit } from '../audit/audit.service.js';
import { administer, type UsersContext } from './admin-transaction.js';
import { findGroupRows } from './groups.repository.js';
import {
  MANAGE_USERS,
  UnknownRoleError,
  UserExistsError,
  UserNotFoundError,
  VersionConflictError,
} from './users.errors.js';
import * as repo from './users.repository.js';

export const nameKey = (name: string) => name.trim().toLowerCase();

/** The account `name`, or 404. */
export async function loadUser(db: Db, name: string): Promise<repo.UserRow> {
  const row = await repo.findUserRow(db, nameKey(name));
  if (!row) throw new UserNotFoundError(name);
  return row;
}

const isReadonly = (row: repo.UserRow) => Object.keys(row.attributes ?? {}).length > 0;

/** Rows as the API shows them, with memberships and sign-in locks read in a few queries. */
async function toUsers(db: Db, rows: repo.UserRow[], now: Date): Promise<User[]> {
  const ids = rows.map((r) => r.id);
  const [memberships, locked] = await Promise.all([
    repo.membershipsOf(db, ids),
    lockedNameKeys(
      db,
      rows.map((r) => r.name_key),
      now,
    ),
  ]);
  return rows.map((row) => ({
    name: row.name,
    ...(row.email ? { email: row.email } : {}),
    ...(row.given_name ? { givenName: row.given_name } : {}),
    ...(row.surname ? { surname: row.surname } : {}),
    ...(row.description ? { description: row.description } : {}),
    realm: row.realm,
    readonly: isReadonly(row),
    disabled: !row.enabled,
    locked: locked.has(row.name_key),
    mustChangePassword: row.must_change_password,
    roles: memberships.roles.get(row.id) ?? [],
    groups: memberships.groups.get(row.id) ?? [],
    effectiveRoles: memberships.effective.get(row.id) ?? [],
    created: new Date(row.created_at).toISOString(),
    ...(row.last_login_at ? { lastLogin: new Date(row.last_login_at).toISOString() } : {}),
    version: row.version,
  }));
}

export async function listUsers(
  ctx: UsersContext,
  query: z.output<typeof UserListQuery>,
): Promise<UserList> {
  const { numFound, docs } = await repo.listUserRows(
    ctx.db,
    query,
    query.sort,
    query.start,
    query.rows,
  );
  return {
    numFound,
    start: query.start,
    rows: query.rows,
    docs: await toUsers(ctx.db, docs, ctx.now),
  };
}

async function detail(db: Db, row: repo.UserRow, now: Date): Promise<UserDetail> {
  const [user] = await toUsers(db, [row], now);
  return { ...(user as User), ownedRecords: await repo.countOwnedRecords(db, row.id) };
}

export async function getUser(ctx: UsersContext, name: string): Promise<UserDetail> {
  return detail(ctx.db, await loadUser(ctx.db, name), ctx.now);
}

/** The known roles, by name. */
export async function listRoles(ctx: UsersContext): Promise<Role[]> {
  return repo.listRoleRows(ctx.db);
}

/** Refuses role names the system does not know. */
export async function checkRoles(db: Db, roles: readonly string[]) {
  const known = new Set((await repo.listRoleRows(db)).map((r) => r.name));
  const unknown = roles.filter((r) => !known.has(r));
  if (unknown.length > 0) throw new UnknownRoleError(unknown);
}

/** The ids of the named groups; an unknown name is a 400 on `body.groups`. */
async function groupIds(db: Db, names: readonly string[]): Promise<string[]> {
  const rows = await findGroupRows(db, [...new Set(names.map(nameKey))]);
  const found = new Set(rows.map((r) => r.name_key));
  const missing = names.filter((n) => !found.has(nameKey(n)));
  if (missing.length > 0) {
    throw new BadRequestError(
      `These groups do not exist: ${missing.map((n) => `"${n.slice(0, 64)}"`).join(', ')}.`,
      [{ path: 'body.groups', message: 'unknown group' }],
      ErrorCode.groupNotFound,
    );
  }
  return rows.map((r) => r.id);
}

/** The password rules of the sign-in (length, common passwords, not the user name). */
export async function checkPassword(password: string, userName: string) {
  const problem = await passwordProblem(password, userName);
  if (!problem) return;
  const messages: Record<string, string> = {
    [ErrorCode.passwordTooShort]: 'The password must have at least 8 characters.',
    [ErrorCode.passwordTooLong]: 'The password may have at most 128 characters.',
    [ErrorCode.passwordCommon]:
      'The password is too common or equals the user name. Choose another one.',
  };
  const message = messages[problem] ?? 'The password was refused.';
  throw new BadRequestError(message, [{ path: 'body.password', message }], problem);
}

const sorted = (list: readonly string[]) => [...new Set(list)].sort();

export async function createUser(
  ctx: UsersContext,
  input: z.output<typeof UserCreate>,
): Promise<UserDetail> {
  // Also a command (`create user`): refused before the password rules say anything.
  requireAdministrator(ctx.auth, MANAGE_USERS);
  await checkPassword(input.password, input.name);
  const hash = await hashPassword(input.password);
  return administer(ctx, async (trx, source) => {
    if (await repo.findUserRow(trx, nameKey(input.name))) throw new UserExistsError(input.name);
    const roles = sorted(input.roles ?? []);
    await checkRoles(trx, roles);
    const groups = await groupIds(trx, input.groups ?? []);
    const id = newId();
    await repo.insertUser(trx, {
      id,
      name: input.name,
      name_key: nameKey(input.name),
      email: input.email ?? '',
      given_name: input.givenName ?? '',
      surname: input.surname ?? '',
      description: input.description ?? '',
      password_hash: hash,
      must_change_password: input.mustChangePassword,
      created_at: ctx.now,
      modified_at: ctx.now,
    });
    await repo.replaceDirectRoles(trx, id, roles);
    await repo.replaceGroupsOfAccount(trx, id, groups);
    const row = await loadUser(trx, input.name);
    const user = await detail(trx, row, ctx.now);
    await writeAudit(trx, source, {
      action: 'user.create',
      targetKind: 'user',
      target: user.name,
      details: changedFields({} as Record<string, unknown>, {
        email: user.email,
        givenName: user.givenName,
        surname: user.surname,
        description: user.description,
        roles: user.roles,
        groups: user.groups,
        mustChangePassword: user.mustChangePassword,
      }),
    });
    return user;
  });
}

/**
 * Saves an administrator's edit of the user `name`, if nobody saved it since `version`.
 * Read-only users (from an external realm) keep their fields; only roles and groups change.
 */
export async function updateUser(
  ctx: UsersContext,
  name: string,
  input: UserUpdate,
): Promise<UserDetail> {
  return administer(ctx, async (trx, source) => {
    const row = await loadUser(trx, name);
    const before = await detail(trx, row, ctx.now);
    if (before.version !== input.version) throw new VersionConflictError('user');
    const fields = {
      email: input.email,
      givenName: input.givenName,
      surname: input.surname,
      description: input.description,
    };
    const fieldChanges = changedFields(
      { email: '', givenName: '', surname: '', description: '', ...before },
      fields,
    );
    if (isReadonly(row) && Object.keys(fieldChanges).length > 0) throw new ReadonlyUserError();
    if (
      !(await repo.updateUser(
        trx,
        row.id,
        {
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.givenName !== undefined ? { given_name: input.givenName } : {}),
          ...(input.surname !== undefined ? { surname: input.surname } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        },
        ctx.now,
        input.version,
      ))
    ) {
      throw new VersionConflictError('user');
    }
    if (input.roles) {
      await checkRoles(trx, input.roles);
      await repo.replaceDirectRoles(trx, row.id, sorted(input.roles));
    }
    if (input.groups)
      await repo.replaceGroupsOfAccount(trx, row.id, await groupIds(trx, input.groups));
    const after = await detail(trx, await loadUser(trx, name), ctx.now);
    const changes = {
      ...fieldChanges,
      ...changedFields(
        { roles: before.roles, groups: before.groups },
        { roles: after.roles, groups: after.groups },
      ),
    };
    if (Object.keys(changes).length > 0) {
      await writeAudit(trx, source, {
        action: 'user.update',
        targetKind: 'user',
        target: after.name,
        details: changes,
      });
    }
    return after;
  });
}
