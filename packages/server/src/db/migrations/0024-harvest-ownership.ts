import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A harvest changes only the records its own harvester created (DESIGN §5 "Identity"): the
 * collision policy "overwrite if newer", which let a remote take over a local record by
 * naming its identifier with a later date stamp, is gone. Harvesters that had it skip such
 * records from now on; the records they took over before keep their origin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update harvester set collision = 'skip' where collision = 'overwrite if newer'`.execute(
    db,
  );
  await sql`alter table harvester drop constraint if exists harvester_collision_check`.execute(db);
  await sql`alter table harvester add constraint harvester_collision_check
    check (collision in ('skip', 'keep both'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table harvester drop constraint if exists harvester_collision_check`.execute(db);
  await sql`alter table harvester add constraint harvester_collision_check
    check (collision in ('skip', 'overwrite if newer', 'keep both'))`.execute(db);
}
