import type { HarvestCounts } from '@geoportal/contract/harvester';
import type { ObjectState } from '@geoportal/contract/object';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { HarvesterRow, HarvesterTable } from '../../db/schema.js';

/** SQL of harvesting (migration 0020): harvesters, their runs and the records they brought in. */

export type HarvesterWithOwner = HarvesterRow & { owner_name: string | null };

const harvesterColumns = [
  'harvester.id',
  'harvester.name',
  'harvester.source_type',
  'harvester.source_url',
  'harvester.source_constraint',
  'harvester.schedule_id',
  'harvester.owner_id',
  'harvester.group_name',
  'harvester.collision',
  'harvester.publish',
  'harvester.deleting',
  'harvester.created_at',
  'harvester.modified_at',
  'account.name as owner_name',
] as const;

function selectHarvesters(db: Db) {
  return db
    .selectFrom('harvester')
    .leftJoin('account', 'account.id', 'harvester.owner_id')
    .select(harvesterColumns);
}

export async function findHarvester(db: Db, id: string): Promise<HarvesterWithOwner | undefined> {
  return selectHarvesters(db).where('harvester.id', '=', id).executeTakeFirst();
}

/** Harvesters not being removed, by name. */
export async function listHarvesters(db: Db): Promise<HarvesterWithOwner[]> {
  return selectHarvesters(db)
    .where('harvester.deleting', '=', false)
    .orderBy('harvester.name')
    .orderBy('harvester.id')
    .execute();
}

export async function insertHarvester(db: Db, row: Insertable<HarvesterTable>): Promise<void> {
  await db.insertInto('harvester').values(row).execute();
}

export async function updateHarvester(
  db: Db,
  id: string,
  changes: Omit<Updateable<HarvesterTable>, 'id' | 'created_at' | 'deleting'>,
): Promise<boolean> {
  const result = await db
    .updateTable('harvester')
    .set(changes)
    .where('id', '=', id)
    .where('deleting', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks the harvester as being removed; false when it already is (or is gone). */
export async function markDeleting(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('harvester')
    .set({ deleting: true })
    .where('id', '=', id)
    .where('deleting', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteHarvesterRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('harvester').where('id', '=', id).execute();
}

/** Records each harvester holds now (withdrawn ones not counted), by harvester id. */
export async function countRecords(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('harvest_record')
    .innerJoin('object', 'object.id', 'harvest_record.object_id')
    .select(['harvest_record.harvester_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('harvest_record.harvester_id', 'in', [...ids])
    .where('object.state', '!=', 'withdrawn')
    .groupBy('harvest_record.harvester_id')
    .execute();
  return new Map(rows.map((r) => [r.harvester_id, Number(r.n)]));
}

// Runs ------------------------------------------------------------------------------------

/**
 * Whether a run of the harvester is in one of these states (a `harvest.run` process),
 * leaving out the process `except` (the run asking).
 */
export async function hasRun(
  db: Db,
  harvesterId: string,
  states: readonly ('queued' | 'running')[],
  except = '',
): Promise<boolean> {
  const row = await db
    .selectFrom('process_job')
    .select('id')
    .where('kind', '=', 'harvest.run')
    .where('state', 'in', [...states])
    .where('id', '!=', except)
    .where(sql<string>`params->>'harvester'`, '=', harvesterId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRun(
  db: Db,
  run: { processId: string; harvesterId: string; queuedAt: Date; counts: HarvestCounts },
): Promise<void> {
  await db
    .insertInto('harvest_run')
    .values({
      process_id: run.processId,
      harvester_id: run.harvesterId,
      counts: JSON.stringify(run.counts),
      message: null,
      queued_at: run.queuedAt,
    })
    .onConflict((oc) => oc.column('process_id').doNothing())
    .execute();
}

export async function updateRun(
  db: Db,
  processId: string,
  counts: HarvestCounts,
  message: string | null,
): Promise<void> {
  await db
    .updateTable('harvest_run')
    .set({ counts: JSON.stringify(counts), message })
    .where('process_id', '=', processId)
    .execute();
}

/** Runs of these harvesters with their process's state, newest first (`limit` per harvester). */
export async function listRuns(db: Db, harvesterIds: readonly string[], limit: number) {
  if (harvesterIds.length === 0) return [];
  const ranked = db
    .selectFrom('harvest_run')
    .innerJoin('process_job', 'process_job.id', 'harvest_run.process_id')
    .select([
      'harvest_run.process_id',
      'harvest_run.harvester_id',
      'harvest_run.counts',
      'harvest_run.message',
      'process_job.state',
      'process_job.started_at',
      'process_job.finished_at',
      'process_job.error',
      sql<number>`row_number() over (partition by harvest_run.harvester_id order by harvest_run.queued_at desc, harvest_run.process_id desc)`.as(
        'rank',
      ),
    ])
    .where('harvest_run.harvester_id', 'in', [...harvesterIds])
    .as('ranked');
  return db
    .selectFrom(ranked)
    .selectAll()
    .where('rank', '<=', limit)
    .orderBy('harvester_id')
    .orderBy('rank')
    .execute();
}

/** What the last complete run saw: the number of records the remote listed. */
export async function lastCompleteSeen(db: Db, harvesterId: string): Promise<number | null> {
  const row = await db
    .selectFrom('harvest_run')
    .innerJoin('process_job', 'process_job.id', 'harvest_run.process_id')
    .select('harvest_run.counts')
    .where('harvest_run.harvester_id', '=', harvesterId)
    .where('process_job.state', '=', 'succeeded')
    .orderBy('harvest_run.queued_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.counts.seen ?? 0) : null;
}

// Harvested records -----------------------------------------------------------------------

/** A record this harvester brought in, with what the next run compares. */
export interface OwnRecord {
  object_id: string;
  remote_id: string;
  listed_id: string | null;
  datestamp: string | null;
  fingerprint: string;
  state: ObjectState;
}

/** This harvester's records with these remote identifiers. */
export async function ownRecords(
  db: Db,
  harvesterId: string,
  remoteIds: readonly string[],
): Promise<OwnRecord[]> {
  if (remoteIds.length === 0) return [];
  const rows = await db
    .selectFrom('harvest_record')
    .innerJoin('object', 'object.id', 'harvest_record.object_id')
    .select([
      'harvest_record.object_id',
      'harvest_record.remote_id',
      'harvest_record.listed_id',
      'harvest_record.datestamp',
      'harvest_record.fingerprint',
      'object.state',
    ])
    .where('harvest_record.harvester_id', '=', harvesterId)
    .where('harvest_record.remote_id', 'in', [...remoteIds])
    .execute();
  return rows as OwnRecord[];
}

/** The remote identifiers of this harvester's records listed under these identifiers. */
export async function remoteIdsByListed(
  db: Db,
  harvesterId: string,
  listedIds: readonly string[],
): Promise<Map<string, string>> {
  if (listedIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('harvest_record')
    .select(['listed_id', 'remote_id'])
    .where('harvester_id', '=', harvesterId)
    .where('listed_id', 'in', [...listedIds])
    .execute();
  return new Map(rows.map((r) => [r.listed_id as string, r.remote_id]));
}

/**
 * Whether the harvester has met records under their listed identifiers: then a run can list
 * identifiers first (a first harvest lists whole records: everything is new anyway).
 */
export async function knowsListedIds(db: Db, harvesterId: string): Promise<boolean> {
  const row = await db
    .selectFrom('harvest_record')
    .select('object_id')
    .where('harvester_id', '=', harvesterId)
    .where('listed_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records "present from elsewhere" for these identifiers: a record whose id or imported
 * file identifier is one of them and which this harvester did not bring in (a local record,
 * an imported one, or another harvester's). `harvester_id` and `datestamp` are the other
 * harvester's, if any.
 */
export async function foreignRecords(db: Db, harvesterId: string, remoteIds: readonly string[]) {
  if (remoteIds.length === 0) return [];
  const ids = [...remoteIds];
  return db
    .selectFrom('object')
    .leftJoin('harvest_record', 'harvest_record.object_id', 'object.id')
    .select([
      'object.id',
      'object.file_identifier',
      'object.modified_at',
      'object.state',
      'harvest_record.harvester_id',
      'harvest_record.datestamp',
    ])
    .where((eb) => eb.or([eb('object.id', 'in', ids), eb('object.file_identifier', 'in', ids)]))
    .where((eb) =>
      eb.or([
        eb('harvest_record.harvester_id', 'is', null),
        eb('harvest_record.harvester_id', '!=', harvesterId),
      ]),
    )
    .orderBy('object.created_at')
    .orderBy('object.id')
    .execute();
}

/** The ids of the records this harvester created, `limit` at a time (its removal). */
export async function recordIdsOf(db: Db, harvesterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('harvest_record')
    .select('object_id')
    .where('harvester_id', '=', harvesterId)
    .orderBy('object_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.object_id);
}

/** Every record of the harvester: what a complete run compares the remote's list with. */
export async function allRecordsOf(db: Db, harvesterId: string) {
  return db
    .selectFrom('harvest_record')
    .innerJoin('object', 'object.id', 'harvest_record.object_id')
    .select(['harvest_record.object_id', 'harvest_record.remote_id', 'object.state'])
    .where('harvest_record.harvester_id', '=', harvesterId)
    .execute();
}

/**
 * Writes the origin of records in one statement. An origin that exists already is updated
 * only when it is this harvester's: a run never takes another's record (harvest-import.ts
 * writes origins only of records it created, and this keeps it so).
 */
export async function upsertOrigins(
  db: Db,
  rows: readonly {
    object_id: string;
    harvester_id: string;
    remote_id: string;
    listed_id: string | null;
    datestamp: string | null;
    fingerprint: string;
    last_harvest: Date;
  }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('harvest_record')
    .values([...rows])
    .onConflict((oc) =>
      oc
        .column('object_id')
        .doUpdateSet((eb) => ({
          harvester_id: eb.ref('excluded.harvester_id'),
          remote_id: eb.ref('excluded.remote_id'),
          listed_id: eb.fn.coalesce('excluded.listed_id', 'harvest_record.listed_id'),
          datestamp: eb.ref('excluded.datestamp'),
          fingerprint: eb.ref('excluded.fingerprint'),
          last_harvest: eb.ref('excluded.last_harvest'),
        }))
        .whereRef('harvest_record.harvester_id', '=', 'excluded.harvester_id'),
    )
    .execute();
}

/**
 * A page's transaction need not wait for its commit to reach the disk: a crash loses at most
 * the last pages, origins included, and the next run harvests them again.
 */
export async function relaxCommit(db: Db): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(db);
}

/** Notes that a run saw these records unchanged. */
export async function touchOrigins(db: Db, objectIds: readonly string[], now: Date) {
  if (objectIds.length === 0) return;
  await db
    .updateTable('harvest_record')
    .set({ last_harvest: now })
    .where('object_id', 'in', [...objectIds])
    .execute();
}

/** The origin of one record, with its harvester's name; undefined for records made here. */
export async function findOrigin(db: Db, objectId: string) {
  return db
    .selectFrom('harvest_record')
    .innerJoin('harvester', 'harvester.id', 'harvest_record.harvester_id')
    .select([
      'harvest_record.harvester_id',
      'harvester.name',
      'harvester.source_url',
      'harvest_record.remote_id',
      'harvest_record.datestamp',
      'harvest_record.last_harvest',
    ])
    .where('harvest_record.object_id', '=', objectId)
    .executeTakeFirst();
}
