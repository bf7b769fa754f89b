import type { Db } from '../../db/database.js';

/** SQL of the OAI-PMH visibility changes (migration 0019). */

/** Records that the record's public visibility changed at `at`; a later change replaces it. */
export async function upsertVisibilityChange(
  db: Db,
  change: { objectId: string; at: Date; sets: string[] },
): Promise<void> {
  await db
    .insertInto('oai_visibility_change')
    .values({ object_id: change.objectId, changed_at: change.at, sets: change.sets })
    .onConflict((oc) =>
      oc.column('object_id').doUpdateSet({ changed_at: change.at, sets: change.sets }),
    )
    .execute();
}
