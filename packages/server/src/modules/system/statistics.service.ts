import type { Db } from '../../db/database.js';
import type { Auth } from '../access/access.service.js';
import { requireAdministrator } from '../processes/process.service.js';
import { readCounts } from './statistics.repository.js';

/** What the catalogue holds: records and processes by state, files, users and groups. */
export async function readStatistics(ctx: { db: Db; auth: Auth | null }) {
  requireAdministrator(ctx.auth);
  return readCounts(ctx.db);
}
