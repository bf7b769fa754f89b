import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AccessKeyTable } from '../../db/schema.js';

/** An access key as read; its type is one of the two a key can have. */
export type AccessKeyRow = Omit<Selectable<AccessKeyTable>, 'type'> & { type: 'read' | 'write' };

export async function insertAccessKey(db: Db, row: Omit<AccessKeyRow, 'active' | 'last_used_at'>) {
  await db.insertInto('access_key').values(row).execute();
}

export async function findAccessKey(db: Db, objectId: string, keyId: string) {
  return (await db
    .selectFrom('access_key')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('id', '=', keyId)
    .executeTakeFirst()) as AccessKeyRow | undefined;
}

export async function listAccessKeys(db: Db, objectId: string) {
  return (await db
    .selectFrom('access_key')
    .selectAll()
    .where('object_id', '=', objectId)
    .orderBy('created_at', 'desc')
    .execute()) as AccessKeyRow[];
}

export async function countAccessKeys(db: Db, objectId: string): Promise<number> {
  const row = await db
    .selectFrom('access_key')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', objectId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function deactivateAccessKey(db: Db, objectId: string, keyId: string) {
  const result = await db
    .updateTable('access_key')
    .set({ active: false })
    .where('object_id', '=', objectId)
    .where('id', '=', keyId)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function touchAccessKey(db: Db, keyId: string, now: Date) {
  await db.updateTable('access_key').set({ last_used_at: now }).where('id', '=', keyId).execute();
}

/** Whether an active, unexpired key of one of `types` exists for the object. */
export async function hasUsableKey(db: Db, objectId: string, types: string[], now: Date) {
  const row = await db
    .selectFrom('access_key')
    .select('id')
    .where('object_id', '=', objectId)
    .where('active', '=', true)
    .where('type', 'in', types)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row !== undefined;
}
