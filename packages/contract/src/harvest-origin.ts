import { z } from 'zod';

// In a module of its own so that the record's schemas (`object.ts`) do not load the
// harvester's and the processes' schemas into a page that shows a record.

/**
 * The origin a harvested record carries (`harvest` on the object JSON). Such a record is
 * read-only: edits answer 409 `object.harvested`.
 */
export const HarvestOrigin = z
  .object({
    harvester: z.string(),
    harvesterName: z.string().nullable(),
    /** The remote catalogue's address. */
    url: z.string(),
    /** The record's identifier at the remote (its fileIdentifier). */
    remoteId: z.string(),
    /** The remote's date stamp of the record, when it gave one. */
    datestamp: z.string().nullable(),
    /** When a run last saw the record. */
    lastHarvest: z.string(),
  })
  .meta({ id: 'HarvestOrigin' });
export type HarvestOrigin = z.infer<typeof HarvestOrigin>;
