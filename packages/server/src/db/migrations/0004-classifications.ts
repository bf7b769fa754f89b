import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { classifications0004 } from './0004-classifications.data.js';

/** The columns this migration writes; typed here so the migration does not follow schema.ts. */
interface ClassificationRow {
  id: string;
  labels: string;
  descriptions: string | null;
  nodes: string;
  modified_at: Date;
  modified_by: string | null;
}

/**
 * Classifications (code lists with labels per language) and the six every installation
 * needs. They are inserted here rather than by a demo seed step because records on every
 * database, with or without demo data, are checked against them. Later changes to the seeded
 * lists need a new migration (or an administrator's PUT); this one stays as released.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('classification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('labels', 'jsonb', (c) => c.notNull())
    .addColumn('descriptions', 'jsonb')
    .addColumn('nodes', 'jsonb', (c) => c.notNull())
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_by', 'text')
    .execute();

  const typed = db as unknown as Kysely<{ classification: ClassificationRow }>;
  const now = new Date();
  await typed
    .insertInto('classification')
    .values(
      classifications0004.map((input) => ({
        id: input.id,
        // Serialised by hand: pg would send a JavaScript array as a PostgreSQL array.
        labels: JSON.stringify(input.labels),
        descriptions: input.descriptions ? JSON.stringify(input.descriptions) : null,
        nodes: JSON.stringify(input.nodes),
        modified_at: now,
        modified_by: null,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('classification').execute();
}
