import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The columns of an account that the services work with. */
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  description: string;
  given_name: string;
  surname: string;
  realm: string;
  enabled: boolean;
  password_hash: string | null;
  attributes: Record<string, string[]> | null;
  must_change_password: boolean;
}

const accountColumns = [
  'id',
  'name',
  'email',
  'description',
  'given_name',
  'surname',
  'realm',
  'enabled',
  'password_hash',
  'attributes',
  'must_change_password',
] as const;

/** The key that makes names unique without regard to case. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

export async function findAccountByName(db: Db, name: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('account')
    .select(accountColumns)
    .where('name_key', '=', nameKey(name))
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('account').select(accountColumns).where('id', '=', id).executeTakeFirst();
}

export interface NewAccount {
  id: string;
  name: string;
  passwordHash: string | null;
  email?: string;
  description?: string;
  givenName?: string;
  surname?: string;
  realm?: string;
  attributes?: Record<string, string[]> | null;
}

export async function insertAccount(db: Db, account: NewAccount, now: Date): Promise<void> {
  await db
    .insertInto('account')
    .values({
      id: account.id,
      name: account.name.trim(),
      name_key: nameKey(account.name),
      password_hash: account.passwordHash,
      email: account.email ?? '',
      description: account.description ?? '',
      given_name: account.givenName ?? '',
      surname: account.surname ?? '',
      realm: account.realm ?? 'local',
      attributes: account.attributes ? JSON.stringify(account.attributes) : null,
      created_at: now,
      modified_at: now,
    })
    .execute();
}

export interface ProfileFields {
  email?: string;
  description?: string;
  given_name?: string;
  surname?: string;
}

export async function updateAccountProfile(
  db: Db,
  id: string,
  fields: ProfileFields,
  now: Date,
): Promise<void> {
  await db
    .updateTable('account')
    .set({ ...fields, modified_at: now, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function recordLogin(db: Db, id: string, now: Date) {
  await db.updateTable('account').set({ last_login_at: now }).where('id', '=', id).execute();
}

export async function updateAccountPassword(
  db: Db,
  id: string,
  hash: string,
  now: Date,
  mustChange = false,
) {
  await db
    .updateTable('account')
    .set({
      password_hash: hash,
      must_change_password: mustChange,
      modified_at: now,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
}

export async function updateAccountEnabled(db: Db, id: string, enabled: boolean, now: Date) {
  await db
    .updateTable('account')
    .set({ enabled, modified_at: now, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Roles granted to the account directly and through its groups, sorted. */
export async function listRolesOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('account_role')
    .select('role_name')
    .where('account_id', '=', accountId)
    .union(
      db
        .selectFrom('group_role')
        .innerJoin('group_member', 'group_member.group_id', 'group_role.group_id')
        .select('group_role.role_name')
        .where('group_member.account_id', '=', accountId),
    )
    .execute();
  return rows.map((r) => r.role_name).sort();
}

/** Names of the groups the account belongs to, sorted. */
export async function listGroupsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_member')
    .innerJoin('user_group', 'user_group.id', 'group_member.group_id')
    .select('user_group.name')
    .where('group_member.account_id', '=', accountId)
    .execute();
  return rows.map((r) => r.name).sort();
}

/** Creates the group if it does not exist and answers its id. */
export async function ensureGroup(db: Db, id: string, name: string, description = '') {
  await db
    .insertInto('user_group')
    .values({ id, name, name_key: nameKey(name), description })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}

export async function addGroupMember(db: Db, groupId: string, accountId: string) {
  await db
    .insertInto('group_member')
    .values({ group_id: groupId, account_id: accountId })
    .onConflict((oc) => oc.columns(['group_id', 'account_id']).doNothing())
    .execute();
}

export async function grantGroupRole(db: Db, groupId: string, role: string) {
  await db
    .insertInto('group_role')
    .values({ group_id: groupId, role_name: role })
    .onConflict((oc) => oc.columns(['group_id', 'role_name']).doNothing())
    .execute();
}

// Sessions ------------------------------------------------------------------------------

export interface SessionRow {
  id_hash: string;
  account_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export async function insertSession(
  db: Db,
  session: SessionRow & { address: string; user_agent: string },
) {
  await db.insertInto('session').values(session).execute();
}

export async function findSession(db: Db, idHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('session')
    .select(['id_hash', 'account_id', 'created_at', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, idHash: string, now: Date) {
  await db
    .updateTable('session')
    .set({ last_seen_at: now })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Db, idHash: string) {
  await db.deleteFrom('session').where('id_hash', '=', idHash).execute();
}

export async function deleteSessionsOfAccount(db: Db, accountId: string): Promise<number> {
  const result = await db
    .deleteFrom('session')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past their absolute end or idle for longer than `idleSeconds`. */
export async function deleteExpiredSessions(
  db: Db,
  now: Date,
  idleSeconds: number,
): Promise<number> {
  const result = await db
    .deleteFrom('session')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb(
          'last_seen_at',
          '<=',
          sql<Date>`${now}::timestamptz - make_interval(secs => ${idleSeconds})`,
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
