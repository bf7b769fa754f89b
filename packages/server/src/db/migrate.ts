import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.js';

/** Brings the database schema up to date; fails with the name of the migration that broke. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  schema: string,
): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, {
      cause: result.error,
    });
  }
  return result;
}
