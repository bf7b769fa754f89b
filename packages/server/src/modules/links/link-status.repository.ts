import type { Db } from '../../db/database.js';
import type { RecordLinkStatusRow } from '../../db/schema.js';

/** Queries of the link check: the records it reads and the statuses it keeps. */

export interface RecordLinks {
  id: string;
  metadata: Record<string, unknown>;
}

export async function countRecords(db: Db, recordId?: string): Promise<number> {
  let query = db.selectFrom('object').select((eb) => eb.fn.countAll<string>().as('n'));
  if (recordId) query = query.where('id', '=', recordId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records in id order after `after`, one page at a time (or just the one asked for). */
export async function listRecordsAfter(
  db: Db,
  after: string,
  limit: number,
  recordId?: string,
): Promise<RecordLinks[]> {
  let query = db
    .selectFrom('object')
    .select(['id', 'metadata'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit);
  if (recordId) query = query.where('id', '=', recordId);
  return query.execute();
}

export type LinkStatusInsert = Omit<RecordLinkStatusRow, 'object_id'>;

/**
 * Replaces every status of a record with those of its latest check, in one transaction.
 * A record deleted in the meantime has nothing to replace (its rows went with it).
 */
export async function replaceForRecord(
  db: Db,
  objectId: string,
  rows: LinkStatusInsert[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('object')
      .select('id')
      .where('id', '=', objectId)
      .forUpdate()
      .executeTakeFirst();
    if (!exists) return;
    await trx.deleteFrom('record_link_status').where('object_id', '=', objectId).execute();
    if (rows.length === 0) return;
    await trx
      .insertInto('record_link_status')
      .values(rows.map((row) => ({ ...row, object_id: objectId })))
      .execute();
  });
}

export function listForRecord(db: Db, objectId: string) {
  return db
    .selectFrom('record_link_status')
    .selectAll()
    .where('object_id', '=', objectId)
    .orderBy('url')
    .execute();
}
