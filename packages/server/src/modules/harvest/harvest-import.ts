import { createHash } from 'node:crypto';
import type { HarvestCounts } from '@geoportal/contract/harvester';
import type { Metadata, ObjectState } from '@geoportal/contract/object';
import type { Db } from '../../db/database.js';
import { newId } from '../access/session.js';
import { setFacetsOf } from '../oai/oai-visibility.js';
import type { Vocabularies } from '../records/iso19139-codes.js';
import { readIso19139Record } from '../records/iso19139-reader.js';
import { refreshSearchDocuments } from '../search/search-index.js';
import type { HarvesterWithOwner, OwnRecord } from './harvest.repository.js';
import * as repo from './harvest.repository.js';
import type { Loader } from './harvest-listing.js';
import type { RemoteRecord } from './sources/source.js';

/**
 * Imports one answer page of a run: decides for each record whether it is new, changed,
 * unchanged, a collision or unreadable, fetches the whole records of the new and changed
 * ones where the page listed identifiers only (all at once: `Loader`), reads only those
 * with the ISO 19139 reader, and writes the page in one transaction (objects, history,
 * origins, OAI-PMH traces, search documents) with a few statements instead of a round of
 * statements per record. One unreadable record is counted and logged, and the page goes on.
 */

export interface PageContext {
  db: Db;
  harvester: HarvesterWithOwner;
  vocabularies: Vocabularies;
  now: Date;
  log(level: 'info' | 'warn' | 'error', text: string): void;
}

/** The remote identifiers a run has met so far: the set a complete run compares with. */
export type SeenIds = Set<string>;

type Read = { type: string; metadata: Metadata; fingerprint: string };

function fingerprintOf(type: string, metadata: Metadata): string {
  return createHash('sha256').update(JSON.stringify({ type, metadata })).digest('base64url');
}

/** Whether the remote's date stamp is later than the stored one (unknown order: changed). */
export function isNewer(remote: string | null, stored: string | null): boolean {
  if (!remote || !stored) return true;
  const a = Date.parse(remote);
  const b = Date.parse(stored);
  if (Number.isNaN(a) || Number.isNaN(b)) return remote !== stored;
  return a > b;
}

async function readRecord(record: RemoteRecord, vocabularies: Vocabularies): Promise<Read> {
  const element = record.element ?? (record.load && !record.problem ? await record.load() : null);
  if (!element) throw new Error(record.problem ?? 'the remote sent no ISO 19139 record');
  const { type, metadata } = readIso19139Record(element, vocabularies);
  return { type, metadata, fingerprint: fingerprintOf(type, metadata) };
}

interface Writes {
  created: repo.NewObject[];
  overwritten: {
    id: string;
    type: string;
    metadata: Metadata;
    state: ObjectState;
    from: ObjectState;
  }[];
  origins: Parameters<typeof repo.upsertOrigins>[1][number][];
  touched: string[];
  /** Records that become public with this page (new published ones, restored ones). */
  nowPublic: { object_id: string; sets: string[] }[];
}

export async function importPage(
  ctx: PageContext,
  records: readonly RemoteRecord[],
  counts: HarvestCounts,
  seen: SeenIds,
  load: Loader = async () => {},
): Promise<void> {
  const { harvester, now } = ctx;
  const state: ObjectState = harvester.publish ? 'published' : 'draft';
  const fresh: RemoteRecord[] = [];
  for (const record of records) {
    counts.seen += 1;
    if (!record.remoteId) {
      counts.failed += 1;
      ctx.log(
        'error',
        `A record without identifier failed: ${record.problem ?? 'it has no gmd:fileIdentifier'}`,
      );
      continue;
    }
    // A remote that lists a record twice (or pages round in a circle) is read once.
    if (seen.has(record.remoteId)) continue;
    seen.add(record.remoteId);
    fresh.push(record);
  }
  const ids = fresh.map((r) => r.remoteId as string);
  const own = new Map(
    (await repo.ownRecords(ctx.db, harvester.id, ids)).map((r) => [r.remote_id, r]),
  );
  const foreign = new Map<string, Awaited<ReturnType<typeof repo.foreignRecords>>[number]>();
  for (const row of await repo.foreignRecords(
    ctx.db,
    harvester.id,
    ids.filter((id) => !own.has(id)),
  )) {
    // The record whose id it is first (our own export harvested back), else the oldest import.
    for (const key of [row.id, row.file_identifier]) {
      if (key && ids.includes(key) && (!foreign.has(key) || key === row.id)) foreign.set(key, row);
    }
  }

  // The whole records the decisions below read, fetched together before them.
  await load(
    fresh.filter((record) => {
      const remoteId = record.remoteId as string;
      const mine = own.get(remoteId);
      if (mine) return mine.state === 'withdrawn' || isNewer(record.datestamp, mine.datestamp);
      const other = foreign.get(remoteId);
      if (other && harvester.collision === 'skip') return false;
      if (other && harvester.collision === 'overwrite if newer') {
        const theirs = other.datestamp ?? new Date(other.modified_at).toISOString();
        return record.datestamp !== null && isNewer(record.datestamp, theirs);
      }
      return true;
    }),
  );

  const writes: Writes = { created: [], overwritten: [], origins: [], touched: [], nowPublic: [] };
  const origin = (objectId: string, record: RemoteRecord, fingerprint: string) =>
    writes.origins.push({
      object_id: objectId,
      harvester_id: harvester.id,
      remote_id: record.remoteId as string,
      listed_id: record.listedId ?? null,
      datestamp: record.datestamp,
      fingerprint,
      last_harvest: now,
    });

  for (const record of fresh) {
    const remoteId = record.remoteId as string;
    try {
      const mine: OwnRecord | undefined = own.get(remoteId);
      if (mine) {
        const restore = mine.state === 'withdrawn';
        if (!restore && !isNewer(record.datestamp, mine.datestamp)) {
          counts.unchanged += 1;
          // An origin from before listed identifiers were kept learns its own.
          if (!mine.listed_id && record.listedId) origin(mine.object_id, record, mine.fingerprint);
          else writes.touched.push(mine.object_id);
          continue;
        }
        const read = await readRecord(record, ctx.vocabularies);
        if (!restore && read.fingerprint === mine.fingerprint) {
          counts.unchanged += 1;
          origin(mine.object_id, record, read.fingerprint);
          continue;
        }
        const next = restore ? state : mine.state;
        writes.overwritten.push({ id: mine.object_id, ...read, state: next, from: mine.state });
        if (next === 'published' && mine.state !== 'published') {
          writes.nowPublic.push({
            object_id: mine.object_id,
            sets: setFacetsOf(read.type, read.metadata),
          });
        }
        origin(mine.object_id, record, read.fingerprint);
        counts.updated += 1;
        continue;
      }
      const other = foreign.get(remoteId);
      if (other && harvester.collision === 'skip') {
        counts.skipped += 1;
        ctx.log(
          'info',
          `Skipped ${remoteId}: record ${other.id} with this identifier exists already`,
        );
        continue;
      }
      if (other && harvester.collision === 'overwrite if newer') {
        const theirs = other.datestamp ?? new Date(other.modified_at).toISOString();
        if (!record.datestamp || !isNewer(record.datestamp, theirs)) {
          counts.skipped += 1;
          ctx.log('info', `Skipped ${remoteId}: record ${other.id} is as new or newer`);
          continue;
        }
        const read = await readRecord(record, ctx.vocabularies);
        const from = other.state as ObjectState;
        // Publishing harvesters publish what they take over; others leave its state as it was.
        const next: ObjectState = harvester.publish ? 'published' : from;
        writes.overwritten.push({ id: other.id, ...read, state: next, from });
        if (next === 'published' && from !== 'published') {
          writes.nowPublic.push({
            object_id: other.id,
            sets: setFacetsOf(read.type, read.metadata),
          });
        }
        origin(other.id, record, read.fingerprint);
        counts.updated += 1;
        ctx.log('info', `Overwrote record ${other.id} with the newer ${remoteId}`);
        continue;
      }
      const read = await readRecord(record, ctx.vocabularies);
      const id = newId();
      writes.created.push({
        id,
        type: read.type,
        state,
        owner_id: harvester.owner_id,
        metadata: read.metadata,
        // Keep both: the copy does not claim the identifier, which stays the other record's.
        file_identifier: other ? null : remoteId,
      });
      if (state === 'published') {
        writes.nowPublic.push({ object_id: id, sets: setFacetsOf(read.type, read.metadata) });
      }
      origin(id, record, read.fingerprint);
      counts.added += 1;
      if (other) ctx.log('info', `Kept both: ${remoteId} added as ${id} beside record ${other.id}`);
    } catch (error) {
      counts.failed += 1;
      ctx.log('error', `Record ${remoteId} failed: ${(error as Error).message}`);
    }
  }
  await writePage(ctx, writes);
}

async function writePage(ctx: PageContext, writes: Writes): Promise<void> {
  const { harvester, now } = ctx;
  const changed = [...writes.created.map((c) => c.id), ...writes.overwritten.map((o) => o.id)];
  if (changed.length === 0 && writes.origins.length === 0 && writes.touched.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.relaxCommit(trx);
    await repo.insertObjects(trx, writes.created, now);
    for (const o of writes.overwritten) await repo.overwriteObject(trx, o, now);
    await repo.insertHistoryRows(trx, [
      ...writes.created.map((c) => ({
        object_id: c.id,
        from_state: null,
        to_state: c.state,
        actor_name: harvester.owner_name ?? harvester.name,
        at: now,
        comment: `Harvested by "${harvester.name}"`,
      })),
      ...writes.overwritten
        .filter((o) => o.state !== o.from)
        .map((o) => ({
          object_id: o.id,
          from_state: o.from,
          to_state: o.state,
          actor_name: harvester.owner_name ?? harvester.name,
          at: now,
          comment: `Harvested by "${harvester.name}"`,
        })),
    ]);
    if (harvester.group_name) {
      await repo.insertGroupGrants(
        trx,
        writes.created.map((c) => c.id),
        harvester.group_name,
      );
    }
    await repo.upsertOrigins(trx, writes.origins);
    await repo.touchOrigins(trx, writes.touched, now);
    await repo.upsertVisibilityChanges(trx, writes.nowPublic, now);
    await refreshSearchDocuments(trx, changed);
  });
}
