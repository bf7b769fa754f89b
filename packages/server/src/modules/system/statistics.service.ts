import type { Db } from '../../db/database.js';
import { requireAdministrator } from '../../http/guards.js';
import type { Auth } from '../access/access.service.js';
import { readCounts } from './statistics.repository.js';

/** What the catalogue holds: records and processes by state, files, users and groups. */
export async function readStatistics(ctx: { db: Db; auth: Auth | null }) {
  // A command (`show statistics`), so the console, the CLI and processes all come here.
  requireAdministrator(ctx.auth, 'see the statistics');
  return readCounts(ctx.db);
}
