import type { Bundle, FileEntry } from '@geoportal/contract/files';
import type { Db } from '../../db/database.js';
import type { FileRow } from '../../db/schema.js';
import * as repo from './file.repository.js';

/** The API shape of a stored file. */
export function toFileEntry(row: FileRow): FileEntry {
  return {
    path: row.path,
    size: row.size,
    sha256: row.sha256,
    mediaType: row.media_type,
    index: row.is_index,
    modified: row.modified_at.toISOString(),
  };
}

/**
 * The bundles of an object with their files, as the detailed object view lists them: by
 * order, then name; hidden bundles only for callers who may write the object. Kept apart from
 * file.service.ts so that the objects module can use it without importing the files routes'
 * dependencies (and without an import cycle).
 */
export async function listBundlesFor(
  db: Db,
  objectId: string,
  mayWrite: boolean,
): Promise<Bundle[]> {
  const bundles = await repo.listBundles(db, objectId, !mayWrite);
  const files = await repo.listFiles(
    db,
    objectId,
    bundles.map((b) => b.name),
  );
  return bundles.map((b) => ({
    name: b.name,
    display: b.display,
    description: b.description,
    order: b.sort_order,
    files: files.filter((f) => f.bundle === b.name).map(toFileEntry),
  }));
}

/**
 * The files a reader sees of each of several objects, in one statement (a page of records,
 * as DCAT writes their distributions): those of displayed bundles, and of hidden ones too
 * where the reader may write the object (`mayWrite`); index files first, then by bundle
 * (order, then name), then path. Objects without such files are absent. The caller has
 * decided that the objects are readable.
 */
export async function visibleFilesOf(
  db: Db,
  objects: readonly { id: string; mayWrite: boolean }[],
): Promise<Map<string, FileRow[]>> {
  const mayWrite = new Map(objects.map((o) => [o.id, o.mayWrite]));
  const rows = await repo.listFilesOfObjects(db, [...mayWrite.keys()]);
  const visible = rows
    .filter((row) => row.bundle_display || mayWrite.get(row.object_id))
    .sort(
      (a, b) =>
        Number(b.is_index) - Number(a.is_index) ||
        a.bundle_rank - b.bundle_rank ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
  const byObject = new Map<string, FileRow[]>();
  for (const { bundle_display, bundle_rank, ...file } of visible) {
    byObject.set(file.object_id, [...(byObject.get(file.object_id) ?? []), file]);
  }
  return byObject;
}
