import type { Db } from '../../db/database.js';
import type { FileRow } from '../../db/schema.js';

/** The SQL of previews: finding the index file that stands for a record. */

/**
 * The index file of each object's first displayed bundle (by order, then name) that has
 * one; hidden bundles never stand for a record, whoever asks. One query for any number of
 * objects (`DISTINCT ON`), so a result list costs one round trip.
 */
export async function findIndexFiles(db: Db, objectIds: readonly string[]): Promise<FileRow[]> {
  if (objectIds.length === 0) return [];
  return (await db
    .selectFrom('file')
    .innerJoin('bundle', (join) =>
      join
        .onRef('bundle.object_id', '=', 'file.object_id')
        .onRef('bundle.name', '=', 'file.bundle'),
    )
    .distinctOn('file.object_id')
    .selectAll('file')
    .where('file.object_id', 'in', objectIds)
    .where('file.is_index', '=', true)
    .where('bundle.display', '=', true)
    .orderBy('file.object_id')
    .orderBy('bundle.sort_order')
    .orderBy('bundle.name')
    .execute()) as FileRow[];
}
