import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BundleRow, FileRow } from '../../db/schema.js';

/** The only place with the SQL of bundles, files and blobs. */

export async function findBundle(db: Db, objectId: string, name: string) {
  return (await db
    .selectFrom('bundle')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('name', '=', name)
    .executeTakeFirst()) as BundleRow | undefined;
}

/** Bundles of an object by order, then name; `displayedOnly` leaves hidden ones out. */
export async function listBundles(db: Db, objectId: string, displayedOnly: boolean) {
  let query = db.selectFrom('bundle').selectAll().where('object_id', '=', objectId);
  if (displayedOnly) query = query.where('display', '=', true);
  return (await query.orderBy('sort_order').orderBy('name').execute()) as BundleRow[];
}

/** Files of an object (of the given bundles), by bundle and path. */
export async function listFiles(db: Db, objectId: string, bundles: string[]) {
  if (bundles.length === 0) return [];
  return (await db
    .selectFrom('file')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('bundle', 'in', bundles)
    .orderBy('bundle')
    .orderBy('path')
    .execute()) as FileRow[];
}

/**
 * The files of several objects, each with whether its bundle is displayed and the bundle's
 * rank among the object's bundles (by order, then name, as `listBundles`), in one
 * statement: the files of a page of records. In no particular order.
 */
export async function listFilesOfObjects(db: Db, objectIds: readonly string[]) {
  if (objectIds.length === 0) return [];
  return (await db
    .selectFrom('file')
    .innerJoin('bundle', (join) =>
      join
        .onRef('bundle.object_id', '=', 'file.object_id')
        .onRef('bundle.name', '=', 'file.bundle'),
    )
    .selectAll('file')
    .select([
      'bundle.display as bundle_display',
      sql<number>`(dense_rank() over (partition by file.object_id order by bundle.sort_order, bundle.name))::int`.as(
        'bundle_rank',
      ),
    ])
    .where('file.object_id', 'in', [...objectIds])
    .execute()) as (FileRow & { bundle_display: boolean; bundle_rank: number })[];
}

export async function findFile(db: Db, objectId: string, bundle: string, path: string) {
  return (await db
    .selectFrom('file')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('bundle', '=', bundle)
    .where('path', '=', path)
    .executeTakeFirst()) as FileRow | undefined;
}

/**
 * Locks the object row against deletion for the rest of the transaction (a key share lock
 * does not block saving the record). Answers false when the object is gone.
 */
export async function lockObject(db: Db, objectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('object')
    .select('id')
    .where('id', '=', objectId)
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the blob row unless it exists; a single statement, committed on its own. */
export async function ensureBlobRow(
  db: Db,
  blob: { sha256: string; size: number; media_type: string; created_at: Date },
) {
  await db
    .insertInto('blob')
    .values(blob)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

/** Locks a blob row for the rest of the transaction; false when it does not exist. */
export async function lockBlob(db: Db, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('blob')
    .select('sha256')
    .where('sha256', '=', sha256)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any file uses the blob. Run after `lockBlob` so that the answer holds. */
export async function blobInUse(db: Db, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('file')
    .select('sha256')
    .where('sha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteBlobRow(db: Db, sha256: string) {
  await db.deleteFrom('blob').where('sha256', '=', sha256).execute();
}

/** Blobs no file uses (left by a failed upload, a crash or a deleted object). */
export async function listUnusedBlobs(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('blob')
    .select('sha256')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('file').select('sha256').whereRef('file.sha256', '=', 'blob.sha256'))),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.sha256);
}

/** The distinct blobs the files of an object use. */
export async function listObjectBlobs(db: Db, objectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('file')
    .select('sha256')
    .distinct()
    .where('object_id', '=', objectId)
    .execute();
  return rows.map((r) => r.sha256);
}

/** Creates the bundle if missing, displayed and ordered after the existing ones. */
export async function ensureBundle(db: Db, objectId: string, name: string) {
  await db
    .insertInto('bundle')
    .columns(['object_id', 'name', 'sort_order'])
    .expression(
      db.selectNoFrom([
        sql.val(objectId).as('object_id'),
        sql.val(name).as('name'),
        sql<number>`coalesce((select max(sort_order) + 1 from bundle where object_id = ${objectId}), 0)`.as(
          'sort_order',
        ),
      ]),
    )
    .onConflict((oc) => oc.columns(['object_id', 'name']).doNothing())
    .execute();
}

export async function countBundles(db: Db, objectId: string): Promise<number> {
  const row = await db
    .selectFrom('bundle')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', objectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countFiles(db: Db, objectId: string, bundle: string): Promise<number> {
  const row = await db
    .selectFrom('file')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', objectId)
    .where('bundle', '=', bundle)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The file at a path, locked for the rest of the transaction. */
export async function lockFile(db: Db, objectId: string, bundle: string, path: string) {
  return (await db
    .selectFrom('file')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('bundle', '=', bundle)
    .where('path', '=', path)
    .forUpdate()
    .executeTakeFirst()) as FileRow | undefined;
}

/** Writes a file row, replacing the one at the same path (its index flag stays). */
export async function upsertFile(db: Db, row: Omit<FileRow, 'is_index'>) {
  await db
    .insertInto('file')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['object_id', 'bundle', 'path']).doUpdateSet({
        sha256: row.sha256,
        size: row.size,
        media_type: row.media_type,
        modified_at: row.modified_at,
      }),
    )
    .execute();
}

export async function deleteFile(db: Db, objectId: string, bundle: string, path: string) {
  const rows = await db
    .deleteFrom('file')
    .where('object_id', '=', objectId)
    .where('bundle', '=', bundle)
    .where('path', '=', path)
    .returning('sha256')
    .execute();
  return rows[0]?.sha256;
}

export async function setDisplay(db: Db, objectId: string, name: string, display: boolean) {
  await db
    .updateTable('bundle')
    .set({ display })
    .where('object_id', '=', objectId)
    .where('name', '=', name)
    .execute();
}

export async function setDescription(db: Db, objectId: string, name: string, description: string) {
  await db
    .updateTable('bundle')
    .set({ description })
    .where('object_id', '=', objectId)
    .where('name', '=', name)
    .execute();
}

/** Clears the bundle's index flag; with `path`, only on that file. */
export async function clearIndex(db: Db, objectId: string, bundle: string, path?: string) {
  let query = db
    .updateTable('file')
    .set({ is_index: false })
    .where('object_id', '=', objectId)
    .where('bundle', '=', bundle)
    .where('is_index', '=', true);
  if (path !== undefined) query = query.where('path', '=', path);
  await query.execute();
}

export async function markIndex(db: Db, objectId: string, bundle: string, path: string) {
  await db
    .updateTable('file')
    .set({ is_index: true })
    .where('object_id', '=', objectId)
    .where('bundle', '=', bundle)
    .where('path', '=', path)
    .execute();
}

/** Blobs in hash order after `after` (the fixity check walks all of them in pages). */
export async function listBlobsAfter(db: Db, after: string, limit: number) {
  return db
    .selectFrom('blob')
    .select(['sha256', 'size'])
    .where('sha256', '>', after)
    .orderBy('sha256')
    .limit(limit)
    .execute();
}

export async function countBlobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('blob')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
