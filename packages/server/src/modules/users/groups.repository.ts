import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

const groupColumns = [
  'id',
  'name',
  'name_key',
  'description',
  'label_de',
  'label_en',
  'version',
] as const;

export async function findGroupRow(db: Db, nameKey: string) {
  return db
    .selectFrom('user_group')
    .select(groupColumns)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}
export type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroupRow>>>;

export async function findGroupRows(db: Db, nameKeys: readonly string[]) {
  if (nameKeys.length === 0) return [];
  return db
    .selectFrom('user_group')
    .select(groupColumns)
    .where('name_key', 'in', nameKeys)
    .execute();
}

/** Every group with its number of members, by name. */
export async function listGroupRows(db: Db) {
  return db
    .selectFrom('user_group')
    .select(groupColumns)
    .select((eb) =>
      eb
        .selectFrom('group_member')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('group_member.group_id', '=', 'user_group.id')
        .as('members'),
    )
    .orderBy('name_key')
    .execute();
}

export async function rolesOfGroups(db: Db, ids: readonly string[]) {
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('group_role')
    .select(['group_id', 'role_name'])
    .where('group_id', 'in', ids)
    .orderBy('role_name')
    .execute();
  for (const row of rows) map.get(row.group_id)?.push(row.role_name);
  return map;
}

export async function memberNamesOf(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_member')
    .innerJoin('account', 'account.id', 'group_member.account_id')
    .select('account.name')
    .where('group_member.group_id', '=', groupId)
    .orderBy('account.name_key')
    .execute();
  return rows.map((r) => r.name);
}

export interface NewGroup {
  id: string;
  name: string;
  labelDe: string;
  labelEn: string;
  description: string;
}

export async function insertGroup(db: Db, group: NewGroup) {
  await db
    .insertInto('user_group')
    .values({
      id: group.id,
      name: group.name,
      name_key: group.name.toLowerCase(),
      label_de: group.labelDe,
      label_en: group.labelEn,
      description: group.description,
    })
    .execute();
}

/** Saves fields and raises the version while it is still `expected`; answers success. */
export async function updateGroup(
  db: Db,
  id: string,
  fields: { label_de?: string; label_en?: string; description?: string },
  expected: number,
): Promise<boolean> {
  const result = await db
    .updateTable('user_group')
    .set({ ...fields, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceGroupRoles(db: Db, id: string, roles: readonly string[]) {
  await db.deleteFrom('group_role').where('group_id', '=', id).execute();
  if (roles.length > 0) {
    await db
      .insertInto('group_role')
      .values(roles.map((role_name) => ({ group_id: id, role_name })))
      .execute();
  }
}

export async function deleteGroup(db: Db, id: string) {
  await db.deleteFrom('user_group').where('id', '=', id).execute();
}

/** Answers whether the account was not a member before. */
export async function insertMember(db: Db, groupId: string, accountId: string): Promise<boolean> {
  const result = await db
    .insertInto('group_member')
    .values({ group_id: groupId, account_id: accountId })
    .onConflict((oc) => oc.columns(['group_id', 'account_id']).doNothing())
    .returning('group_id')
    .execute();
  return result.length === 1;
}

/** Answers whether the account was a member. */
export async function deleteMember(db: Db, groupId: string, accountId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('group_member')
    .where('group_id', '=', groupId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
