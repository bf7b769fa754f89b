import type { Db } from '../../db/database.js';

export interface NewAuditRow {
  at: Date;
  actor: string;
  action: string;
  target_kind: string;
  target: string;
  details: Record<string, unknown>;
  request_id: string;
}

/** Inserts many entries in one statement (rows of one change, e.g. a harvest page). */
export async function insertAuditRows(db: Db, rows: readonly NewAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('audit_entry')
    .values(rows.map((row) => ({ ...row, details: JSON.stringify(row.details) })))
    .execute();
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_entry');
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  // An action filter without a dot (`user`) matches every action of that kind.
  if (filter.action) {
    const action = filter.action;
    query = action.includes('.')
      ? query.where('action', '=', action)
      : query.where('action', 'like', `${action.replace(/[\\%_]/g, '\\$&')}.%`);
  }
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query;
}

/** Entries matching the filter, newest first, and how many match in all. */
export async function listAuditRows(db: Db, filter: AuditFilter, start: number, rows: number) {
  const [count, docs] = await Promise.all([
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    filtered(db, filter)
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(start)
      .limit(rows)
      .execute(),
  ]);
  return { numFound: Number(count.n), docs };
}
