import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it: one interface per table. Migrations create the tables;
 * this file states their row types, and only repositories use them.
 */
export interface Database {
  seed_run: SeedRunTable;
}

/** One row per seed step that has been applied, so each step runs once per database. */
export interface SeedRunTable {
  name: string;
  applied_at: Generated<Date>;
}
