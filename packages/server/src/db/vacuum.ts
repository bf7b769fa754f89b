import { sql } from 'kysely';
import type { Db } from './database.js';

/** Whether the database is the embedded PGlite: one connection, no background processes. */
export async function isEmbedded(db: Db): Promise<boolean> {
  const row = await sql<{ version: string }>`select version()`.execute(db);
  return row.rows[0]?.version.includes('PGlite') ?? false;
}

/**
 * Vacuums the embedded database (PGlite), which runs no autovacuum: without it every update
 * and delete leaves its old row versions behind for good, and tables and indexes only grow.
 * A plain vacuum makes that space reusable and refreshes the planner's statistics; it holds
 * PGlite's one connection for as long as it takes, so it runs with the nightly maintenance.
 * Answers false on PostgreSQL, whose autovacuum does this work.
 */
export async function vacuumEmbedded(db: Db): Promise<boolean> {
  if (!(await isEmbedded(db))) return false;
  await sql`vacuum (analyze)`.execute(db);
  return true;
}
