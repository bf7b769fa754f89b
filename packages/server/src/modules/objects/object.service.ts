import type {
  CreateObject,
  DetailLevel,
  Metadata,
  ObjectDetailed,
  ObjectList,
  ObjectListQuery,
  ObjectNormal,
  ObjectState,
  ObjectSummary,
  StateChange,
  UpdateObject,
} from '@geoportal/contract/object';
import { missingRequired } from '@geoportal/contract/record';
import type { ImportCheck } from '@geoportal/contract/record-import';
import type { Db } from '../../db/database.js';
import type { Auth } from '../access/access.service.js';
import { newId } from '../access/session.js';
import { auditSource } from '../audit/audit.service.js';
import { codeUses, unknownCodes } from '../classifications/record-codes.js';
import { listBundlesFor } from '../files/bundle-view.js';
import { indexThumbnails } from '../preview/thumbnail.js';
import {
  CommentRequiredError,
  deniedError,
  deniedTo,
  IncompleteRecordError,
  ReadOnlyFieldError,
  TransitionNotAllowedError,
  UnknownCodeError,
  VersionConflictError,
} from './object.errors.js';
import * as repo from './object.repository.js';
import { describedBy, refuseContentChange } from './object-extensions.js';
import {
  type LoadedObject,
  loadObject,
  loadReadable,
  type ObjectChangeContext,
  type ObjectContext,
} from './object-kernel.js';
import { changedReadOnlyFields } from './object-representation.js';
import * as writes from './object-writes.js';
import { can, isPublisher, transitions, viewerOf } from './policy.js';

/** The writer of a request's changes: the signed-in caller, audited with the request id. */
function writerOf(ctx: ObjectChangeContext): writes.WriteActor {
  return { name: ctx.auth?.principal.name ?? '', audit: auditSource(ctx) };
}

/**
 * `thumbnail`: the preview URL of the record's index image or PDF (`indexThumbnails`), looked
 * up by the caller so that a list needs one query for all its records.
 */
function toSummary(row: repo.ObjectRow, thumbnail?: string): ObjectSummary {
  const metadata = row.metadata as Metadata;
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    title: metadata.title,
    ...(metadata.extent ? { extent: metadata.extent } : {}),
    ...(thumbnail ? { thumbnail } : {}),
  };
}

/** The record thumbnail of one object (see `toSummary`). */
async function thumbnailOf(db: Db, id: string): Promise<string | undefined> {
  return (await indexThumbnails(db, [id])).get(id);
}

function toNormal(row: repo.ObjectRow, thumbnail?: string): ObjectNormal {
  return {
    ...toSummary(row, thumbnail),
    version: row.version,
    owner: row.owner_name,
    created: row.created_at.toISOString(),
    modified: row.modified_at.toISOString(),
    metadata: row.metadata as Metadata,
  };
}

async function toDetailed(ctx: ObjectContext, loaded: LoadedObject): Promise<ObjectDetailed> {
  const { subject, facts, row } = loaded;
  const history = await repo.listHistory(ctx.db, row.id);
  const mayWrite = can(subject, facts, 'write');
  return {
    ...toNormal(row, await thumbnailOf(ctx.db, row.id)),
    // Hidden bundles only for those who may write the record.
    bundles: await listBundlesFor(ctx.db, row.id, mayWrite),
    permissions: {
      read: true,
      write: mayWrite,
      delete: can(subject, facts, 'delete'),
      accessControl: can(subject, facts, 'accessControl'),
      transitions: transitions(subject, facts).map((t) => t.to),
    },
    history: history.map((h) => ({
      from: h.from_state as ObjectState | null,
      to: h.to_state as ObjectState,
      by: h.actor_name,
      at: h.at.toISOString(),
      ...(h.comment ? { comment: h.comment } : {}),
    })),
    // What other modules add (the link check's findings for those who can fix the links).
    ...(await describedBy(ctx.db, row.id, { detailed: true, mayWrite })),
  };
}

/** `GET /object/{id}` at the asked detail level. */
export async function getObject(ctx: ObjectContext, id: string, detail: DetailLevel) {
  const loaded = await loadReadable(ctx, id);
  if (detail === 'summary') return toSummary(loaded.row, await thumbnailOf(ctx.db, id));
  if (detail === 'detailed') return toDetailed(ctx, loaded);
  // What other modules add: a harvested record says where it comes from.
  const mayWrite = can(loaded.subject, loaded.facts, 'write');
  return {
    ...toNormal(loaded.row, await thumbnailOf(ctx.db, id)),
    ...(await describedBy(ctx.db, id, { detailed: false, mayWrite })),
  };
}

function requireAuth(ctx: ObjectContext): Auth {
  if (!ctx.auth) throw deniedError(false);
  return ctx.auth;
}

/**
 * Refuses a record holding codes its classifications lack (400 record.unknown_code, one
 * field per code). `prefix` roots the paths: `body` for a request body, empty for a stored
 * record. `type` is left out when the caller did not send it.
 */
async function checkCodes(
  db: Db,
  type: string | undefined,
  metadata: Metadata,
  prefix: string,
): Promise<void> {
  const fields = await unknownCodes(db, codeUses(type, metadata, prefix));
  if (fields.length > 0) throw new UnknownCodeError(fields);
}

/**
 * Creates a draft owned by the caller (submitters, editors, administrators). `fileIdentifier`
 * remembers the identifier of an imported file, so that a later import of it is recognised.
 */
export async function createObject(
  ctx: ObjectChangeContext,
  input: CreateObject,
  options: { fileIdentifier?: string | undefined } = {},
): Promise<ObjectNormal> {
  const auth = requireAuth(ctx);
  if (!isPublisher({ auth })) throw deniedError(true);
  const type = input.type ?? 'dataset';
  await checkCodes(ctx.db, type, input.metadata, 'body');
  const id = newId();
  await ctx.db.transaction().execute((trx) =>
    writes.createObjects(trx, writerOf(ctx), [
      {
        id,
        type,
        state: 'draft',
        ownerId: auth.accountId,
        metadata: input.metadata,
        fileIdentifier: options.fileIdentifier ?? null,
      },
    ]),
  );
  return toNormal((await repo.findObject(ctx.db, id)) as repo.ObjectRow);
}

/**
 * What an imported file's identifier meets: the first record it names that the caller may
 * read (with whether they may save over it); else `hidden` when such records exist but the
 * caller may see none of them, which tells only that the identifier is taken.
 */
export async function findImportMatch(
  ctx: ObjectContext,
  fileIdentifier: string,
): Promise<ImportCheck['existing'] | 'hidden' | null> {
  const ids = await repo.findIdsByFileIdentifier(ctx.db, fileIdentifier);
  for (const id of ids) {
    const loaded = await loadObject(ctx, id).catch(() => null);
    if (!loaded || !can(loaded.subject, loaded.facts, 'read')) continue;
    const { row } = loaded;
    return {
      id: row.id,
      version: row.version,
      state: row.state,
      title: (row.metadata as Metadata).title,
      writable: can(loaded.subject, loaded.facts, 'write'),
    };
  }
  return ids.length > 0 ? 'hidden' : null;
}

/** Saves a record over the version the editor started from; a stale version is 409. */
export async function updateObject(
  ctx: ObjectChangeContext,
  input: UpdateObject,
): Promise<ObjectNormal> {
  const loaded = await loadReadable(ctx, input.id);
  if (!can(loaded.subject, loaded.facts, 'write')) throw deniedTo(loaded.subject);
  await refuseContentChange(ctx.db, input.id);
  // A stale body is a conflict first: its read-only fields differ because of the other save.
  if (input.version !== loaded.row.version) throw new VersionConflictError();
  const changed = changedReadOnlyFields(loaded.row, input);
  if (changed.length > 0) throw new ReadOnlyFieldError(changed);
  // The stored type was checked when it was saved; only a newly sent one is checked here.
  await checkCodes(ctx.db, input.type, input.metadata, 'body');
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const written = await writes.overwriteObjects(trx, writerOf(ctx), [
      {
        id: input.id,
        version: input.version,
        type: input.type ?? loaded.row.type,
        metadata: input.metadata,
      },
    ]);
    return written.length === 1;
  });
  if (!saved) throw new VersionConflictError();
  return toNormal((await repo.findObject(ctx.db, input.id)) as repo.ObjectRow);
}

export async function deleteObject(ctx: ObjectChangeContext, id: string): Promise<void> {
  const loaded = await loadReadable(ctx, id);
  if (!can(loaded.subject, loaded.facts, 'delete')) throw deniedTo(loaded.subject);
  await ctx.db.transaction().execute((trx) => writes.deleteObjects(trx, writerOf(ctx), [id]));
}

/** A workflow step, recorded with who, when and the comment. */
export async function changeState(
  ctx: ObjectChangeContext,
  id: string,
  change: StateChange,
): Promise<ObjectDetailed> {
  const loaded = await loadReadable(ctx, id);
  const step = transitions(loaded.subject, loaded.facts).find((t) => t.to === change.state);
  if (!step) {
    if (!ctx.auth) throw deniedError(false);
    throw new TransitionNotAllowedError(loaded.row.state, change.state);
  }
  if (step.commentRequired && !change.comment) throw new CommentRequiredError();
  if (change.state === 'submitted' || change.state === 'published') {
    // Drafts may be incomplete; what goes to review or to the public must be complete, and
    // its codes are checked again in case a classification changed since the last save.
    const metadata = loaded.row.metadata as Metadata;
    const missing = missingRequired(metadata, loaded.row.type);
    if (missing.length > 0) throw new IncompleteRecordError(missing, change.state);
    await checkCodes(ctx.db, loaded.row.type, metadata, '');
  }
  await ctx.db
    .transaction()
    .execute((trx) =>
      writes.setStates(trx, writerOf(ctx), [id], change.state, change.comment ?? null),
    );
  return toDetailed(ctx, await loadReadable(ctx, id));
}

/**
 * `GET /object`: readable objects, optionally the caller's own, another owner's or of one
 * state. Editors and administrators read every record, so for them this is every record
 * they manage; the review queue is `state=submitted&sort=submitted asc`.
 */
export async function listObjects(ctx: ObjectContext, query: ObjectListQuery): Promise<ObjectList> {
  if (query.owner === 'me' && !ctx.auth) throw deniedError(false);
  const auth = ctx.auth;
  const { numFound, rows } = await repo.listObjects(ctx.db, viewerOf(auth), {
    ...(query.owner === 'me' && auth ? { ownerId: auth.accountId } : {}),
    ...(query.ownerName ? { ownerName: query.ownerName } : {}),
    ...(query.state ? { state: query.state } : {}),
    sort: query.sort,
    start: query.start,
    rows: query.rows,
  });
  const thumbnails = await indexThumbnails(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    numFound,
    start: query.start,
    rows: query.rows,
    docs: rows.map((row) => ({
      ...toSummary(row, thumbnails.get(row.id)),
      modified: row.modified_at.toISOString(),
      owner: row.owner_name,
      // Only while it waits for review: an older submission says nothing about the record now.
      ...(row.state === 'submitted' && row.submitted_at && row.submitted_by
        ? { submitted: { at: new Date(row.submitted_at).toISOString(), by: row.submitted_by } }
        : {}),
    })),
  };
}
