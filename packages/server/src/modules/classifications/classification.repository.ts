import type {
  Classification,
  ClassificationInput,
  ClassificationNode,
} from '@geoportal/contract/classification';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ClassificationTable } from '../../db/schema.js';

const columns = ['id', 'labels', 'descriptions', 'nodes', 'modified_at'] as const;

type Row = Pick<Selectable<ClassificationTable>, (typeof columns)[number]>;

function toClassification(row: Row): Classification {
  return {
    id: row.id,
    labels: row.labels,
    ...(row.descriptions ? { descriptions: row.descriptions } : {}),
    nodes: row.nodes as ClassificationNode[],
    modified: row.modified_at.toISOString(),
  };
}

/** One classification with its whole tree, or undefined when no such id is stored. */
export async function getClassification(db: Db, id: string): Promise<Classification | undefined> {
  const row = await db
    .selectFrom('classification')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toClassification(row) : undefined;
}

/** Several classifications in one query, by id; ids not stored are absent from the map. */
export async function getClassifications(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Classification>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('classification')
    .select(columns)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, toClassification(row)]));
}

/**
 * Stores a classification under `id`, replacing a stored one as a whole. Answers whether it
 * was new. Insert-or-nothing first, so two first writers cannot both create it.
 */
export async function upsertClassification(
  db: Db,
  id: string,
  input: ClassificationInput,
  change: { now: Date; by: string },
): Promise<{ created: boolean }> {
  // Serialised by hand: pg would send a JavaScript array as a PostgreSQL array.
  const values = {
    labels: JSON.stringify(input.labels),
    descriptions: input.descriptions ? JSON.stringify(input.descriptions) : null,
    nodes: JSON.stringify(input.nodes),
    modified_at: change.now,
    modified_by: change.by,
  };
  const inserted = await db
    .insertInto('classification')
    .values({ id, ...values })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { created: true };
  await db.updateTable('classification').set(values).where('id', '=', id).execute();
  return { created: false };
}
