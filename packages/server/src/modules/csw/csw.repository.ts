import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Audit actions that change which records anyone may find: a state change (publish,
 * withdraw, …), a deletion, a change of the public flag or grants, a new owner.
 */
const VISIBILITY_ACTIONS = [
  'object.transition',
  'object.delete',
  'object.access_change',
  'object.owner_change',
];

/**
 * The last moment the findable catalogue changed: the newest change of a published record,
 * or the newest audited change of who may find a record. It never goes back: a record that
 * leaves the published ones (or the database) does so by an audited action at that moment.
 * Both parts are one index look-up (`object_state_modified`, `audit_entry_at` read from the
 * newest end); null for a catalogue nothing ever happened to.
 */
export async function catalogueChangedAt(db: Db): Promise<Date | null> {
  const actions = sql.join(VISIBILITY_ACTIONS.map((action) => sql.lit(action)));
  const result = await sql<{ changed_at: Date | string | null }>`
    select greatest(
      (select max(modified_at) from object where state = 'published'),
      (select at from audit_entry where action in (${actions}) order by at desc limit 1)
    ) as changed_at`.execute(db);
  const value = result.rows[0]?.changed_at;
  return value === null || value === undefined ? null : new Date(value);
}
