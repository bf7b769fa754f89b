import { createHash } from 'node:crypto';
import type { HarvestCounts } from '@geoportal/contract/harvester';
import type { Metadata, ObjectState } from '@geoportal/contract/object';
import type { Db } from '../../db/database.js';
import { newId } from '../access/session.js';
import * as writes from '../objects/object-writes.js';
import type { Vocabularies } from '../records/iso19139-codes.js';
import { readIso19139Record } from '../records/iso19139-reader.js';
import type { HarvesterWithOwner, OwnRecord } from './harvest.repository.js';
import * as repo from './harvest.repository.js';
import type { Loader } from './harvest-listing.js';
import type { RemoteRecord } from './sources/source.js';

/**
 * Imports one answer page of a run: decides for each record whether it is new, changed,
 * unchanged, a collision or unreadable, fetches the whole records of the new and changed
 * ones where the page listed identifiers only (all at once: `Loader`), reads only those
 * with the ISO 19139 reader, and writes the page in one transaction through the objects
 * write kernel (objects, history, audit, OAI-PMH traces and search documents by its hooks)
 * and the origins, with a few statements instead of a round of statements per record. One
 * unreadable record is counted and logged, and the page goes on.
 *
 * Ownership (DESIGN §5 "Identity"): a run creates, changes and restores only records its
 * own harvester created. A remote record whose identifier names any other record (a local
 * one, an imported one, another harvester's) is a collision: skipped, or kept beside it
 * under a new id — never written over it, whatever date stamp the remote names.
 */

export interface PageContext {
  db: Db;
  harvester: HarvesterWithOwner;
  /** The run (its process id): the source of the run's audit entries. */
  processId: string;
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
  created: writes.NewObject[];
  overwritten: writes.ContentChange[];
  origins: Parameters<typeof repo.upsertOrigins>[1][number][];
  touched: string[];
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
      return !(foreign.has(remoteId) && harvester.collision === 'skip');
    }),
  );

  const page: Writes = { created: [], overwritten: [], origins: [], touched: [] };
  const comment = `Harvested by "${harvester.name}"`;
  const origin = (objectId: string, record: RemoteRecord, fingerprint: string) =>
    page.origins.push({
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
          else page.touched.push(mine.object_id);
          continue;
        }
        const read = await readRecord(record, ctx.vocabularies);
        if (!restore && read.fingerprint === mine.fingerprint) {
          counts.unchanged += 1;
          origin(mine.object_id, record, read.fingerprint);
          continue;
        }
        page.overwritten.push({
          id: mine.object_id,
          type: read.type,
          metadata: read.metadata,
          // A record listed again after its withdrawal is restored.
          ...(restore ? { state, comment } : {}),
        });
        origin(mine.object_id, record, read.fingerprint);
        counts.updated += 1;
        continue;
      }
      const other = foreign.get(remoteId);
      if (other && harvester.collision === 'skip') {
        counts.skipped += 1;
        ctx.log(
          'info',
          `Skipped ${remoteId}: record ${other.id} with this identifier exists already and is not this harvester's`,
        );
        continue;
      }
      const read = await readRecord(record, ctx.vocabularies);
      const id = newId();
      page.created.push({
        id,
        type: read.type,
        state,
        ownerId: harvester.owner_id,
        metadata: read.metadata,
        // Keep both: the copy does not claim the identifier, which stays the other record's.
        fileIdentifier: other ? null : remoteId,
        grants: harvester.group_name
          ? [{ permission: 'read', subject: { kind: 'group', name: harvester.group_name } }]
          : [],
        comment,
      });
      origin(id, record, read.fingerprint);
      counts.added += 1;
      if (other) ctx.log('info', `Kept both: ${remoteId} added as ${id} beside record ${other.id}`);
    } catch (error) {
      counts.failed += 1;
      ctx.log('error', `Record ${remoteId} failed: ${(error as Error).message}`);
    }
  }
  await writePage(ctx, page);
}

/** Who writes a harvest's changes: its owner, audited with the harvester and the run. */
export function harvestActor(
  harvester: HarvesterWithOwner,
  processId: string,
  now: Date,
): writes.WriteActor {
  const name = harvester.owner_name ?? harvester.name;
  return {
    name,
    audit: { actor: name, requestId: processId, now },
    via: { harvester: { id: harvester.id, name: harvester.name }, run: processId },
  };
}

async function writePage(ctx: PageContext, page: Writes): Promise<void> {
  const { harvester, now } = ctx;
  if (
    page.created.length === 0 &&
    page.overwritten.length === 0 &&
    page.origins.length === 0 &&
    page.touched.length === 0
  ) {
    return;
  }
  const actor = harvestActor(harvester, ctx.processId, now);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.relaxCommit(trx);
    await writes.createObjects(trx, actor, page.created);
    await writes.overwriteObjects(trx, actor, page.overwritten);
    await repo.upsertOrigins(trx, page.origins);
    await repo.touchOrigins(trx, page.touched, now);
  });
}
