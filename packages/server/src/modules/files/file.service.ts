import { ErrorCode } from '@geoportal/contract/errors';
import { fileLimits } from '@geoportal/contract/files';
import type { Db } from '../../db/database.js';
import type { BundleRow, FileRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { deniedTo, ObjectNotFoundError } from '../objects/object.errors.js';
import { refuseContentChange } from '../objects/object-extensions.js';
import {
  type LoadedObject,
  loadObject,
  loadReadable,
  type ObjectContext,
  usableKeyExists,
} from '../objects/object-kernel.js';
import { can } from '../objects/policy.js';
import { visibleFilesOf } from './bundle-view.js';
import * as repo from './file.repository.js';
import { BundleNotFoundError, FileNotFoundError, UploadInvalidError } from './files.errors.js';
import { sniffMediaType } from './media-type.js';
import type { BlobStore, Received } from './store.js';

/** What file operations need beyond the object context: the blob store. */
export interface FilesContext extends ObjectContext {
  store: BlobStore;
  /** Where problems of background clean-up go (they never fail a request). */
  log?: { warn(object: unknown, message: string): void };
}

/** A bundle the caller may see, with the object it belongs to and the caller's rights. */
export interface VisibleBundle {
  loaded: LoadedObject;
  bundle: BundleRow;
  mayWrite: boolean;
}

/** A file the caller may read. `publicAccess`: anyone could read it without key or sign-in. */
export interface ReadableFile extends VisibleBundle {
  file: FileRow;
  publicAccess: boolean;
}

/**
 * Whether a bundle is visible: it inherits the object's read permission, and a hidden bundle
 * (display false) is seen only by those who may write the object.
 */
function bundleVisible(loaded: LoadedObject, bundle: BundleRow): boolean {
  return (
    can(loaded.subject, loaded.facts, 'read') &&
    (bundle.display || can(loaded.subject, loaded.facts, 'write'))
  );
}

/**
 * Loads a bundle the caller may see: 404 `object.not_found` for an object they may not read,
 * 404 `bundle.not_found` for a missing or hidden bundle. For signed URLs, ZIPs and previews.
 */
export async function loadVisibleBundle(
  ctx: ObjectContext,
  objectId: string,
  name: string,
): Promise<VisibleBundle> {
  const loaded = await loadReadable(ctx, objectId);
  const bundle = await repo.findBundle(ctx.db, objectId, name);
  if (!bundle || !bundleVisible(loaded, bundle)) throw new BundleNotFoundError();
  return { loaded, bundle, mayWrite: can(loaded.subject, loaded.facts, 'write') };
}

/**
 * Loads a file the caller may read (the rules of the object and the bundle); a missing file
 * and one in a hidden bundle are the same 404 `file.not_found`. For downloads, signed URLs,
 * ZIPs, previews and media.
 */
export async function loadReadableFile(
  ctx: ObjectContext,
  objectId: string,
  bundleName: string,
  path: string,
): Promise<ReadableFile> {
  const loaded = await loadReadable(ctx, objectId);
  const bundle = await repo.findBundle(ctx.db, objectId, bundleName);
  if (!bundle || !bundleVisible(loaded, bundle)) throw new FileNotFoundError();
  const file = await repo.findFile(ctx.db, objectId, bundleName, path);
  if (!file) throw new FileNotFoundError();
  return {
    loaded,
    bundle,
    file,
    mayWrite: can(loaded.subject, loaded.facts, 'write'),
    publicAccess: bundle.display && can({ auth: null }, loaded.facts, 'read'),
  };
}

/**
 * The files of the bundles the caller sees on a record they may read (hidden bundles only
 * with write permission, as everywhere), bundles by order then name, files by path; index
 * files first within that order. 404 when the record may not be read.
 */
export async function listVisibleFiles(ctx: ObjectContext, objectId: string): Promise<FileRow[]> {
  const loaded = await loadReadable(ctx, objectId);
  const mayWrite = can(loaded.subject, loaded.facts, 'write');
  return (await visibleFilesOf(ctx.db, [{ id: objectId, mayWrite }])).get(objectId) ?? [];
}

/** Loads a bundle the caller may change (write permission on the object). */
async function loadWritableBundle(ctx: ObjectContext, objectId: string, name: string) {
  const visible = await loadVisibleBundle(ctx, objectId, name);
  if (!visible.mayWrite) throw deniedTo(visible.loaded.subject);
  await refuseContentChange(ctx.db, objectId);
  return visible;
}

/**
 * Checks, before any byte of an upload is read, that the caller may write the object
 * (401/403/404 like `PUT /object`).
 */
export async function authorizeUpload(ctx: ObjectContext, objectId: string): Promise<void> {
  const loaded = await loadReadable(ctx, objectId);
  if (!can(loaded.subject, loaded.facts, 'write')) throw deniedTo(loaded.subject);
  // A harvested record's files are its remote's, like its metadata (409 object.harvested).
  await refuseContentChange(ctx.db, objectId);
}

/**
 * Stores a received upload as `path` in the bundle (created on first use, displayed, ordered
 * last), replacing the file at that path. In one transaction: lock the object (so it cannot
 * be deleted meanwhile) and the blob row (so the garbage collector cannot remove the bytes
 * meanwhile), move the bytes to their content address (or drop them as a duplicate), then
 * write the rows. The blob is on disk before the row that points to it is committed. Any
 * failure removes the temporary and leaves the database as it was. The blob a replaced file
 * used is collected after the commit.
 */
export async function storeUpload(
  ctx: FilesContext,
  input: { objectId: string; bundle: string; path: string; received: Received },
): Promise<FileRow> {
  const { objectId, bundle, path, received } = input;
  const blob = {
    sha256: received.sha256,
    size: received.size,
    media_type: await sniffMediaType(received.tmpPath, path, received.utf8Text),
    created_at: ctx.now,
  };
  let replaced: string | undefined;
  try {
    // Committed on its own: if the process dies after the bytes moved but before the file
    // row is committed, this unused row lets the start-up sweep find and remove the bytes.
    await repo.ensureBlobRow(ctx.db, blob);
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.lockObject(trx, objectId))) throw new ObjectNotFoundError();
      // The collector may have removed the unused row since; then it is written again.
      for (let attempt = 0; !(await repo.lockBlob(trx, blob.sha256)); attempt++) {
        if (attempt === 3) throw new Error(`blob ${blob.sha256} keeps disappearing`);
        await repo.ensureBlobRow(trx, blob);
      }
      if (!(await repo.findBundle(trx, objectId, bundle))) {
        if ((await repo.countBundles(trx, objectId)) >= fileLimits.bundlesPerObjectMax) {
          throw new UploadInvalidError(
            `A record can have at most ${fileLimits.bundlesPerObjectMax} bundles.`,
          );
        }
        await repo.ensureBundle(trx, objectId, bundle);
      }
      const existing = await repo.lockFile(trx, objectId, bundle, path);
      if (
        !existing &&
        (await repo.countFiles(trx, objectId, bundle)) >= fileLimits.filesPerBundleMax
      ) {
        throw new UploadInvalidError(
          `A bundle can hold at most ${fileLimits.filesPerBundleMax} files.`,
        );
      }
      await ctx.store.place(received);
      await repo.upsertFile(trx, {
        object_id: objectId,
        bundle,
        path,
        sha256: blob.sha256,
        size: blob.size,
        media_type: blob.media_type,
        modified_at: ctx.now,
      });
      replaced = existing?.sha256;
    });
  } catch (error) {
    await ctx.store.discard(received);
    // The blob row (and bytes, if they were moved) of a failed upload are unused now,
    // unless another file holds the same content; the collector tells which.
    await collectBlob(ctx, blob.sha256);
    throw error;
  }
  if (replaced && replaced !== blob.sha256) await collectBlob(ctx, replaced);
  return (await repo.findFile(ctx.db, objectId, bundle, path)) as FileRow;
}

/**
 * Removes a blob (row and bytes) if no file uses it. Holds the blob row's lock while it
 * checks and unlinks, so an upload of the same content (which takes the same lock before it
 * relies on the bytes) either sees the row gone and writes the bytes anew, or makes the blob
 * used before the check. Never throws: a failure is logged and the next sweep retries.
 */
export async function collectBlob(
  ctx: { db: Db; store: BlobStore; log?: FilesContext['log'] },
  sha256: string,
): Promise<boolean> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.lockBlob(trx, sha256))) return false;
      if (await repo.blobInUse(trx, sha256)) return false;
      await repo.deleteBlobRow(trx, sha256);
      // Inside the transaction: if the commit fails, a row without bytes and without files
      // remains, which the next sweep removes; never a file row without bytes.
      await ctx.store.remove(sha256);
      return true;
    });
  } catch (error) {
    ctx.log?.warn({ err: error, sha256 }, 'could not collect an unused blob');
    return false;
  }
}

/**
 * Start-up (and periodic) clean-up: temporaries of uploads that never finished, and blobs
 * no file uses (failed uploads, crashes, deleted objects). Answers what it removed.
 */
export async function sweep(
  ctx: { db: Db; store: BlobStore; log?: FilesContext['log'] },
  options: { now: number; temporariesOlderThanMs: number },
): Promise<{ temporaries: number; blobs: number }> {
  const temporaries = await ctx.store.removeStaleTemporaries(
    options.now,
    options.temporariesOlderThanMs,
  );
  let blobs = 0;
  for (;;) {
    const unused = await repo.listUnusedBlobs(ctx.db, 500);
    let removed = 0;
    for (const sha256 of unused) if (await collectBlob(ctx, sha256)) removed += 1;
    blobs += removed;
    // Stop when nothing more could be removed (a batch can shrink under concurrent uploads).
    if (unused.length < 500 || removed === 0) break;
  }
  return { temporaries, blobs };
}

/** `PUT …/{bundle}/display`. */
export async function setDisplay(
  ctx: ObjectContext,
  objectId: string,
  name: string,
  display: boolean,
) {
  await loadWritableBundle(ctx, objectId, name);
  await repo.setDisplay(ctx.db, objectId, name, display);
}

/** `PUT …/{bundle}/description`. */
export async function setDescription(
  ctx: ObjectContext,
  objectId: string,
  name: string,
  description: string,
) {
  await loadWritableBundle(ctx, objectId, name);
  await repo.setDescription(ctx.db, objectId, name, description);
}

/**
 * `PUT …/{bundle}/index/{path}`: true makes the file the bundle's index file (the previous
 * one loses the flag, in the same transaction); false clears it on that file.
 */
export async function setIndex(
  ctx: ObjectContext,
  objectId: string,
  name: string,
  path: string,
  index: boolean,
) {
  await loadWritableBundle(ctx, objectId, name);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockFile(trx, objectId, name, path))) throw new FileNotFoundError();
    if (!index) return repo.clearIndex(trx, objectId, name, path);
    await repo.clearIndex(trx, objectId, name);
    await repo.markIndex(trx, objectId, name, path);
  });
}

/**
 * `DELETE …/{bundle}/delete/{path}`. Removing a file changes the record's content like
 * replacing it does, so it needs write permission (not the object's delete permission).
 * The blob is collected after the commit if no other file uses it.
 */
export async function deleteFile(ctx: FilesContext, objectId: string, name: string, path: string) {
  await loadWritableBundle(ctx, objectId, name);
  const sha256 = await repo.deleteFile(ctx.db, objectId, name, path);
  if (!sha256) throw new FileNotFoundError();
  await collectBlob(ctx, sha256);
}

/** `GET|PUT|DELETE …/{bundle}/try`: read, write or delete on the bundle (= on its object). */
export async function probeBundle(
  ctx: ObjectContext,
  objectId: string,
  name: string,
  permission: 'read' | 'write' | 'delete',
): Promise<void> {
  const { loaded } = await loadVisibleBundle(ctx, objectId, name);
  if (!can(loaded.subject, loaded.facts, permission)) throw deniedTo(loaded.subject);
}

/**
 * `GET|PUT …/{bundle}/accessKey/required`: true when the caller lacks read (or write) on the
 * bundle but an active key that would give it exists. A hidden bundle is seen only with
 * write, so for it only a write key helps. A missing object or bundle answers false.
 */
export async function bundleAccessKeyRequired(
  ctx: ObjectContext,
  objectId: string,
  name: string,
  permission: 'read' | 'write',
): Promise<boolean> {
  let loaded: LoadedObject;
  try {
    loaded = await loadObject(ctx, objectId);
  } catch (error) {
    if (error instanceof HttpError && error.code === ErrorCode.objectNotFound) return false;
    throw error;
  }
  const bundle = await repo.findBundle(ctx.db, objectId, name);
  if (!bundle) return false;
  if (
    permission === 'read'
      ? bundleVisible(loaded, bundle)
      : can(loaded.subject, loaded.facts, 'write')
  )
    return false;
  // A key helps only where the policy lets it: a write key writes (and sees hidden bundles
  // of) drafts only.
  const helpful = (['read', 'write'] as const).filter((keyType) => {
    const withKey = { ...loaded, subject: { ...loaded.subject, keyType } };
    return permission === 'read'
      ? bundleVisible(withKey, bundle)
      : can(withKey.subject, withKey.facts, 'write');
  });
  return helpful.length > 0 && usableKeyExists(ctx, objectId, helpful);
}
