import type { HarvestOrigin } from '@geoportal/contract/harvester';
import type { Db } from '../../db/database.js';
import { objectHarvested } from './harvest.errors.js';
import { findOrigin } from './harvest.repository.js';

/**
 * Harvested records are read-only here (issue 25): their content belongs to the remote
 * catalogue and the next run would overwrite a local edit. The objects and files modules
 * ask these two questions; workflow steps, access and deletion stay open to editors.
 */

/** Where a record comes from, when it was harvested (the `harvest` field of the object JSON). */
export async function harvestOriginOf(
  db: Db,
  objectId: string,
): Promise<HarvestOrigin | undefined> {
  const row = await findOrigin(db, objectId);
  if (!row) return undefined;
  return {
    harvester: row.harvester_id,
    harvesterName: row.name,
    url: row.source_url,
    remoteId: row.remote_id,
    datestamp: row.datestamp,
    lastHarvest: new Date(row.last_harvest).toISOString(),
  };
}

/** Refuses changes of a harvested record's content (409 object.harvested). */
export async function refuseHarvestedEdit(db: Db, objectId: string): Promise<void> {
  const row = await findOrigin(db, objectId);
  if (row) throw objectHarvested(row.name);
}
