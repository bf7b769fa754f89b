import type { Db } from '../database.js';

/** Records a seed step as applied; answers false when it already was (by this or another process). */
export async function claimSeedStep(db: Db, name: string): Promise<boolean> {
  const inserted = await db
    .insertInto('seed_run')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function hasSeedStep(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('seed_run')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listSeedSteps(db: Db): Promise<{ name: string; appliedAt: Date }[]> {
  const rows = await db.selectFrom('seed_run').selectAll().orderBy('applied_at').execute();
  return rows.map((row) => ({ name: row.name, appliedAt: row.applied_at }));
}
