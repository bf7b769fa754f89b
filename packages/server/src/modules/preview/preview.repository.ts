import type { Db } from '../../db/database.js';
import type { FileRow } from '../../db/schema.js';

/** The SQL of previews: finding the index file that stands for a record. */

/** Each object's index files in displayed bundles, the first bundle's first (one per object). */
function displayedIndexFiles(db: Db) {
  return db
    .selectFrom('file')
    .innerJoin('bundle', (join) =>
      join
        .onRef('bundle.object_id', '=', 'file.object_id')
        .onRef('bundle.name', '=', 'file.bundle'),
    )
    .distinctOn('file.object_id')
    .selectAll('file')
    .where('file.is_index', '=', true)
    .where('bundle.display', '=', true);
}

/**
 * The index file of each object's first displayed bundle (by order, then name) that has
 * one; hidden bundles never stand for a record, whoever asks. One query for any number of
 * objects (`DISTINCT ON`), so a result list costs one round trip.
 */
export async function findIndexFiles(db: Db, objectIds: readonly string[]): Promise<FileRow[]> {
  if (objectIds.length === 0) return [];
  return (await displayedIndexFiles(db)
    .where('file.object_id', 'in', objectIds)
    .orderBy('file.object_id')
    .orderBy('bundle.sort_order')
    .orderBy('bundle.name')
    .execute()) as FileRow[];
}

/**
 * The index files standing for objects after `after` in id order, a page at a time (the
 * preview rebuild walks all of them); the same choice as `findIndexFiles`.
 */
export async function listIndexFilesAfter(
  db: Db,
  after: string,
  limit: number,
): Promise<FileRow[]> {
  return (await displayedIndexFiles(db)
    .where('file.object_id', '>', after)
    .orderBy('file.object_id')
    .orderBy('bundle.sort_order')
    .orderBy('bundle.name')
    .limit(limit)
    .execute()) as FileRow[];
}

/** How many objects have an index file in a displayed bundle. */
export async function countObjectsWithIndex(db: Db): Promise<number> {
  const row = await db
    .selectFrom('file')
    .innerJoin('bundle', (join) =>
      join
        .onRef('bundle.object_id', '=', 'file.object_id')
        .onRef('bundle.name', '=', 'file.bundle'),
    )
    .select((eb) => eb.fn.count<number>('file.object_id').distinct().as('n'))
    .where('file.is_index', '=', true)
    .where('bundle.display', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
