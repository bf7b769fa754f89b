import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Counts of one column's values, e.g. records by state. */
async function countsBy<T extends 'object' | 'process_job'>(
  db: Db,
  table: T,
  column: 'state',
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom(table as 'object')
    .select([column, sql<string>`count(*)`.as('n')])
    .groupBy(column)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}

/** What the catalogue holds, for `show statistics`. */
export async function readCounts(db: Db) {
  const [records, processes, files, blobs, accounts, groups] = await Promise.all([
    countsBy(db, 'object', 'state'),
    countsBy(db, 'process_job', 'state'),
    db.selectFrom('file').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('blob')
      .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(size), 0)`.as('bytes')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('account')
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`count(*) filter (where enabled)`.as('enabled'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('user_group').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records,
    processes,
    files: Number(files.n),
    blobs: Number(blobs.n),
    blobBytes: Number(blobs.bytes),
    users: Number(accounts.n),
    enabledUsers: Number(accounts.enabled),
    groups: Number(groups.n),
  };
}
