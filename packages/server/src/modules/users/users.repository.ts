import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The columns of an account that user administration reads. */
const userColumns = [
  'id',
  'name',
  'name_key',
  'email',
  'description',
  'given_name',
  'surname',
  'realm',
  'enabled',
  'attributes',
  'created_at',
  'last_login_at',
  'must_change_password',
  'version',
] as const;

export async function findUserRow(db: Db, nameKey: string) {
  return db
    .selectFrom('account')
    .select(userColumns)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserRow>>>;

export interface UserFilter {
  q?: string | undefined;
  group?: string | undefined;
  role?: string | undefined;
  disabled?: boolean | undefined;
}

const likeInfix = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** Roles granted to an account directly and through its groups, as one SQL set. */
function effectiveRoleRows(db: Db) {
  return db
    .selectFrom('account_role')
    .select(['account_id', 'role_name'])
    .union(
      db
        .selectFrom('group_role')
        .innerJoin('group_member', 'group_member.group_id', 'group_role.group_id')
        .select(['group_member.account_id', 'group_role.role_name']),
    );
}

function filteredUsers(db: Db, filter: UserFilter) {
  let query = db.selectFrom('account');
  if (filter.q) {
    const pattern = likeInfix(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('name_key', 'like', pattern),
        eb(eb.fn('lower', ['given_name']), 'like', pattern),
        eb(eb.fn('lower', ['surname']), 'like', pattern),
        eb(eb.fn('lower', ['email']), 'like', pattern),
      ]),
    );
  }
  if (filter.group) {
    const groupKey = filter.group.trim().toLowerCase();
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('group_member')
          .innerJoin('user_group', 'user_group.id', 'group_member.group_id')
          .select(sql`1`.as('one'))
          .whereRef('group_member.account_id', '=', 'account.id')
          .where('user_group.name_key', '=', groupKey),
      ),
    );
  }
  if (filter.role) {
    const role = filter.role;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom(effectiveRoleRows(db).as('r'))
          .select(sql`1`.as('one'))
          .whereRef('r.account_id', '=', 'account.id')
          .where('r.role_name', '=', role),
      ),
    );
  }
  if (filter.disabled !== undefined) query = query.where('enabled', '=', !filter.disabled);
  return query;
}

const sortColumns = {
  name: 'name_key',
  email: 'email',
  created: 'created_at',
  lastLogin: 'last_login_at',
} as const;

export async function listUserRows(
  db: Db,
  filter: UserFilter,
  sort: string,
  start: number,
  rows: number,
) {
  const descending = sort.startsWith('-');
  const column = sortColumns[sort.replace(/^-/, '') as keyof typeof sortColumns] ?? 'name_key';
  const [count, docs] = await Promise.all([
    filteredUsers(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    filteredUsers(db, filter)
      .select(userColumns)
      .orderBy(column, (ob) => (descending ? ob.desc().nullsLast() : ob.asc().nullsLast()))
      .orderBy('name_key')
      .offset(start)
      .limit(rows)
      .execute(),
  ]);
  return { numFound: Number(count.n), docs };
}

/** A map from each account id to a sorted list, empty for accounts without entries. */
function grouped(ids: readonly string[], rows: { account_id: string; value: string }[]) {
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const row of rows) map.get(row.account_id)?.push(row.value);
  for (const list of map.values()) list.sort();
  return map;
}

/** Direct roles, group names and effective roles of the accounts. */
export async function membershipsOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) {
    return { roles: new Map(), groups: new Map(), effective: new Map() } as const;
  }
  const [roles, groups, effective] = await Promise.all([
    db
      .selectFrom('account_role')
      .select(['account_id', 'role_name as value'])
      .where('account_id', 'in', ids)
      .execute(),
    db
      .selectFrom('group_member')
      .innerJoin('user_group', 'user_group.id', 'group_member.group_id')
      .select(['group_member.account_id', 'user_group.name as value'])
      .where('group_member.account_id', 'in', ids)
      .execute(),
    db
      .selectFrom(effectiveRoleRows(db).as('r'))
      .select(['r.account_id', 'r.role_name as value'])
      .where('r.account_id', 'in', ids)
      .execute(),
  ]);
  return {
    roles: grouped(ids, roles),
    groups: grouped(ids, groups),
    effective: grouped(ids, effective),
  };
}

export interface UserFields {
  email?: string;
  description?: string;
  given_name?: string;
  surname?: string;
  enabled?: boolean;
  password_hash?: string;
  must_change_password?: boolean;
}

/**
 * Saves fields and raises the version, only while the version is still `expected` (when
 * given). Answers whether a row was changed.
 */
export async function updateUser(
  db: Db,
  id: string,
  fields: UserFields,
  now: Date,
  expected?: number,
): Promise<boolean> {
  let query = db
    .updateTable('account')
    .set({ ...fields, modified_at: now, version: sql`version + 1` })
    .where('id', '=', id);
  if (expected !== undefined) query = query.where('version', '=', expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceDirectRoles(db: Db, id: string, roles: readonly string[]) {
  await db.deleteFrom('account_role').where('account_id', '=', id).execute();
  if (roles.length > 0) {
    await db
      .insertInto('account_role')
      .values(roles.map((role_name) => ({ account_id: id, role_name })))
      .execute();
  }
}

export async function replaceGroupsOfAccount(db: Db, id: string, groupIds: readonly string[]) {
  await db.deleteFrom('group_member').where('account_id', '=', id).execute();
  if (groupIds.length > 0) {
    await db
      .insertInto('group_member')
      .values(groupIds.map((group_id) => ({ group_id, account_id: id })))
      .execute();
  }
}

export async function deleteAccount(db: Db, id: string) {
  await db.deleteFrom('account').where('id', '=', id).execute();
}

export async function countOwnedRecords(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('object')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listRoleRows(db: Db) {
  return db.selectFrom('role').select(['name', 'description']).orderBy('name').execute();
}

/**
 * Holds the `administrator` role row until the transaction ends, so that changes which could
 * take away administrators run one after the other and each sees the others' outcome.
 */
export async function lockAdministration(db: Db) {
  await db
    .selectFrom('role')
    .select('name')
    .where('name', '=', 'administrator')
    .forUpdate()
    .execute();
}

/** Enabled accounts that hold `administrator` directly or through a group. */
export async function enabledAdministratorIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom(effectiveRoleRows(db).as('r'))
    .innerJoin('account', 'account.id', 'r.account_id')
    .select('account.id')
    .where('r.role_name', '=', 'administrator')
    .where('account.enabled', '=', true)
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

export interface NewUser {
  id: string;
  name: string;
  name_key: string;
  email: string;
  given_name: string;
  surname: string;
  description: string;
  password_hash: string;
  must_change_password: boolean;
  created_at: Date;
  modified_at: Date;
}

export async function insertUser(db: Db, user: NewUser) {
  await db.insertInto('account').values(user).execute();
}
