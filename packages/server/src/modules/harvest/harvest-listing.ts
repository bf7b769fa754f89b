import type { Db } from '../../db/database.js';
import * as repo from './harvest.repository.js';
import { isoFileIdentifier, type RemoteRecord, type SourcePage } from './sources/source.js';

/**
 * What a run does with a light listing (identifiers and date stamps; docs/decisions.md,
 * "Harvest listing"): fetches the whole records of the listed ones that need reading, in
 * few requests, and finds the file identifier of records the listing names only by the
 * protocol's identifier (OAI-PMH headers).
 */

/** Fetches the whole records of these listed ones, filling `element` or `problem` in. */
export type Loader = (records: readonly RemoteRecord[]) => Promise<void>;

/** Per-record fetches at once (OAI-PMH GetRecord, OGC API item links): a few, not a flood. */
const CONCURRENT_FETCHES = 4;

/** The loader of a page: its many-at-once fetch where it has one, else each record's own. */
export function loaderOf(page: Pick<SourcePage, 'loadMany'>): Loader {
  return async (records) => {
    const pending = records.filter((r) => !r.element && !r.problem && (r.load || page.loadMany));
    if (pending.length === 0) return;
    if (page.loadMany) {
      const found = await page.loadMany(pending);
      for (const record of pending) {
        const got = found.get(record) ?? 'the remote did not return it';
        if (typeof got === 'string') record.problem = got;
        else record.element = got;
        record.load = undefined;
      }
      return;
    }
    let next = 0;
    const worker = async () => {
      for (let record = pending[next++]; record; record = pending[next++]) {
        const load = record.load;
        record.load = undefined;
        if (!load) continue;
        try {
          record.element = await load();
        } catch (error) {
          // One record the remote will not give is that record's failure, not the run's.
          record.problem = (error as Error).message;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_FETCHES, pending.length) }, worker));
  };
}

/**
 * Gives records listed by their protocol identifier only their remote identifier: the one
 * stored for a record this harvester has met under that identifier, else the file
 * identifier of the record, fetched now (a new record, to be read anyway). Answers how many
 * stay unknown because their fetch failed: a run with such records cannot tell what the
 * remote no longer lists.
 */
export async function resolveListed(
  db: Db,
  harvesterId: string,
  records: readonly RemoteRecord[],
  load: Loader,
): Promise<number> {
  const unknown = records.filter((r) => !r.remoteId && r.listedId);
  if (unknown.length === 0) return 0;
  const known = await repo.remoteIdsByListed(
    db,
    harvesterId,
    unknown.map((r) => r.listedId as string),
  );
  const fetchNow: RemoteRecord[] = [];
  for (const record of unknown) {
    const remoteId = known.get(record.listedId as string);
    if (remoteId) record.remoteId = remoteId;
    else fetchNow.push(record);
  }
  await load(fetchNow);
  let unresolved = 0;
  for (const record of fetchNow) {
    // As a ListRecords page does: the file identifier, else the protocol's identifier.
    record.remoteId =
      (record.element && isoFileIdentifier(record.element)) || (record.listedId ?? null);
    if (!record.element) unresolved += 1;
  }
  return unresolved;
}
