import type { Db } from '../../db/database.js';

/** SQL of the OAI-PMH visibility changes (migration 0019). */

/**
 * Records that these records' public visibility changed at `at` (a later change replaces
 * it), in one statement.
 */
export async function upsertVisibilityChanges(
  db: Db,
  changes: readonly { objectId: string; sets: string[] }[],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insertInto('oai_visibility_change')
    .values(changes.map((c) => ({ object_id: c.objectId, changed_at: at, sets: c.sets })))
    .onConflict((oc) =>
      oc.column('object_id').doUpdateSet((eb) => ({
        changed_at: eb.ref('excluded.changed_at'),
        sets: eb.ref('excluded.sets'),
      })),
    )
    .execute();
}
