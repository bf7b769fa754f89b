import type { Grant, ObjectState } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import type { Db } from '../../db/database.js';
import { type AuditChange, type AuditSource, writeAudits } from '../audit/audit.service.js';
import * as repo from './object.repository.js';
import { type GrantFact, isPublic, presentGrants } from './policy.js';

/**
 * The write kernel of objects (DESIGN §5 "One write path"): every change of an object row —
 * from the editor, the workflow, access control, imports, harvests, an owner transfer or a
 * deletion — goes through these batch operations. Each one runs in the caller's transaction
 * and writes, together with the change, the history entry of a state change, one audit
 * entry per object, and calls the hooks the composition root registered (`app.ts`): the
 * search index refreshes its documents, OAI-PMH notes changes of public visibility. Whether
 * a record is public is decided here only by `policy.isPublic` on the stored grants, before
 * and after the change.
 *
 * The kernel does not check who may do what: the services decide that first (policy.ts),
 * and a harvest decides by its own ownership rule.
 */

/** A record whose public visibility changed, as the hooks need it (OAI sets, tombstones). */
export interface VisibilityChange {
  id: string;
  type: string;
  metadata: Metadata;
  /** `policy.isPublic` after the change (false after a deletion). */
  isPublic: boolean;
}

/** What other modules do inside the transaction of every object write. */
export interface ObjectWriteHooks {
  /** Objects created or changed (not deleted): e.g. refresh their search documents. */
  onObjectsChanged?(trx: Db, ids: readonly string[]): Promise<void>;
  /** Objects that became public or stopped being public (a deletion included). */
  onVisibilityChange?(trx: Db, changes: readonly VisibilityChange[], at: Date): Promise<void>;
}

const registered = new Map<string, ObjectWriteHooks>();

/**
 * Registers the hooks of one module under its name (a second registration replaces the
 * first, so building the app twice in one process registers nothing twice). Called by the
 * composition root only.
 */
export function registerObjectWriteHooks(name: string, hooks: ObjectWriteHooks): void {
  registered.set(name, hooks);
}

/**
 * Refuses a write in a process whose entry point composed no hooks: the change would leave
 * the search index and OAI-PMH behind without a word.
 */
function requireComposed() {
  if (registered.size === 0) {
    throw new Error(
      'The object write hooks are not registered: call composeObjectHooks() (object-hooks.ts) in this entry point.',
    );
  }
}

async function objectsChanged(trx: Db, ids: readonly string[]) {
  requireComposed();
  if (ids.length === 0) return;
  for (const hooks of registered.values()) await hooks.onObjectsChanged?.(trx, ids);
}

async function visibilityChanged(trx: Db, changes: readonly VisibilityChange[], at: Date) {
  requireComposed();
  if (changes.length === 0) return;
  for (const hooks of registered.values()) await hooks.onVisibilityChange?.(trx, changes, at);
}

/**
 * Who writes: the account name for history, the audit source, and what every audit entry of
 * this write adds (`via`: e.g. the harvester and run of a harvest).
 */
export interface WriteActor {
  /** The name history entries show. */
  name: string;
  audit: AuditSource;
  via?: Record<string, unknown>;
}

const now = (actor: WriteActor) => actor.audit.now;

/** One audit entry per change, in one statement, each with the actor's `via`. */
function audit(trx: Db, actor: WriteActor, changes: readonly AuditChange[]) {
  const via = actor.via;
  return writeAudits(
    trx,
    actor.audit,
    via ? changes.map((c) => ({ ...c, details: { ...c.details, ...via } })) : changes,
  );
}

type Before = repo.ObjectRow & { grants: GrantFact[] };

async function loadBefore(trx: Db, ids: readonly string[]): Promise<Map<string, Before>> {
  const rows = await repo.findObjectsWithGrants(trx, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

const publicNow = (row: { state: string; public: boolean; grants: readonly Grant[] }) =>
  isPublic(row);

/** The visibility changes between `before` and the state after (one per changed record). */
function visibilityDiff(
  pairs: readonly { before: Before | null; after: VisibilityChange }[],
): VisibilityChange[] {
  return pairs
    .filter(({ before, after }) => (before ? publicNow(before) : false) !== after.isPublic)
    .map(({ after }) => after);
}

// Create -----------------------------------------------------------------------------------

export interface NewObject {
  id: string;
  type: string;
  state: ObjectState;
  ownerId: string;
  metadata: Metadata;
  /** The identifier of the file or remote record it came from, if any. */
  fileIdentifier?: string | null;
  /** Grants it is created with (a harvester's group). */
  grants?: readonly Grant[];
  /** The history comment of its creation. */
  comment?: string | null;
}

/** Creates objects (history: none → their state; audit `object.create`). */
export async function createObjects(trx: Db, actor: WriteActor, rows: readonly NewObject[]) {
  if (rows.length === 0) return;
  const at = now(actor);
  await repo.insertObjects(
    trx,
    rows.map((r) => ({
      id: r.id,
      type: r.type,
      state: r.state,
      owner_id: r.ownerId,
      metadata: r.metadata,
      file_identifier: r.fileIdentifier ?? null,
    })),
    at,
  );
  await repo.insertGrants(
    trx,
    rows.flatMap((r) => (r.grants ?? []).map((grant) => ({ objectId: r.id, grant }))),
  );
  await repo.insertHistoryRows(
    trx,
    rows.map((r) => ({
      object_id: r.id,
      from_state: null,
      to_state: r.state,
      actor_name: actor.name,
      at,
      comment: r.comment ?? null,
    })),
  );
  await audit(
    trx,
    actor,
    rows.map((r) => ({
      action: 'object.create',
      targetKind: 'object',
      target: r.id,
      details: { type: r.type, state: r.state, title: r.metadata.title },
    })),
  );
  await objectsChanged(
    trx,
    rows.map((r) => r.id),
  );
  await visibilityChanged(
    trx,
    rows
      .filter((r) => isPublic({ state: r.state, public: true, grants: r.grants ?? [] }))
      .map((r) => ({ id: r.id, type: r.type, metadata: r.metadata, isPublic: true })),
    at,
  );
}

// Content ----------------------------------------------------------------------------------

export interface ContentChange {
  id: string;
  type: string;
  metadata: Metadata;
  /** Saved only over this version (the editor's optimistic check); any version when absent. */
  version?: number;
  /** A new state with the content (a harvest restoring a record it withdrew). */
  state?: ObjectState;
  comment?: string | null;
}

/**
 * Saves new content over objects (audit `object.update` with the names of the changed
 * fields; a state change also writes history and `object.transition`). Answers the ids
 * written; an id whose version moved on (or that is gone) is left out and nothing of it
 * is written.
 */
export async function overwriteObjects(
  trx: Db,
  actor: WriteActor,
  changes: readonly ContentChange[],
): Promise<string[]> {
  if (changes.length === 0) return [];
  const at = now(actor);
  const before = await loadBefore(
    trx,
    changes.map((c) => c.id),
  );
  const written: ContentChange[] = [];
  for (const change of changes) {
    const row = before.get(change.id);
    if (!row) continue;
    if (change.version !== undefined && change.version !== row.version) continue;
    const ok = await repo.overwriteObject(
      trx,
      {
        id: change.id,
        type: change.type,
        metadata: change.metadata,
        state: change.state ?? row.state,
        ...(change.version !== undefined ? { version: change.version } : {}),
      },
      at,
    );
    if (ok) written.push(change);
  }
  const moved = written.filter((c) => c.state && c.state !== before.get(c.id)?.state);
  await repo.insertHistoryRows(
    trx,
    moved.map((c) => ({
      object_id: c.id,
      from_state: (before.get(c.id) as Before).state,
      to_state: c.state as ObjectState,
      actor_name: actor.name,
      at,
      comment: c.comment ?? null,
    })),
  );
  const entries: AuditChange[] = [];
  for (const c of written) {
    const row = before.get(c.id) as Before;
    const old = row.metadata as Record<string, unknown>;
    const fields = [
      ...(row.type !== c.type ? ['type'] : []),
      ...[...new Set([...Object.keys(old), ...Object.keys(c.metadata)])].filter(
        (key) =>
          JSON.stringify(old[key]) !== JSON.stringify((c.metadata as Record<string, unknown>)[key]),
      ),
    ].sort();
    entries.push({
      action: 'object.update',
      targetKind: 'object',
      target: c.id,
      details: { fields },
    });
    if (c.state && c.state !== row.state) {
      entries.push({
        action: 'object.transition',
        targetKind: 'object',
        target: c.id,
        details: {
          state: { before: row.state, after: c.state },
          ...(c.comment ? { comment: c.comment } : {}),
        },
      });
    }
  }
  await audit(trx, actor, entries);
  const ids = written.map((c) => c.id);
  await objectsChanged(trx, ids);
  await visibilityChanged(
    trx,
    visibilityDiff(
      written.map((c) => {
        const row = before.get(c.id) as Before;
        return {
          before: row,
          after: {
            id: c.id,
            type: c.type,
            metadata: c.metadata,
            isPublic: publicNow({ ...row, state: c.state ?? row.state }),
          },
        };
      }),
    ),
    at,
  );
  return ids;
}

// Workflow ---------------------------------------------------------------------------------

/** Moves objects to a state (history, audit `object.transition`); unknown ids are skipped. */
export async function setStates(
  trx: Db,
  actor: WriteActor,
  ids: readonly string[],
  state: ObjectState,
  comment: string | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  const at = now(actor);
  const before = [...(await loadBefore(trx, ids)).values()];
  if (before.length === 0) return;
  await repo.setStates(
    trx,
    before.map((r) => r.id),
    state,
    at,
  );
  await repo.insertHistoryRows(
    trx,
    before.map((r) => ({
      object_id: r.id,
      from_state: r.state,
      to_state: state,
      actor_name: actor.name,
      at,
      comment,
    })),
  );
  await audit(
    trx,
    actor,
    before.map((r) => ({
      action: 'object.transition',
      targetKind: 'object',
      target: r.id,
      details: { state: { before: r.state, after: state }, ...(comment ? { comment } : {}) },
    })),
  );
  await objectsChanged(
    trx,
    before.map((r) => r.id),
  );
  await visibilityChanged(
    trx,
    visibilityDiff(
      before.map((r) => ({
        before: r,
        after: {
          id: r.id,
          type: r.type,
          metadata: r.metadata as Metadata,
          isPublic: publicNow({ ...r, state }),
        },
      })),
    ),
    at,
  );
}

// Access control ---------------------------------------------------------------------------

const grantKey = (grant: Grant) =>
  `${grant.subject.kind}:${'name' in grant.subject ? grant.subject.name.toLowerCase() : ''}:${grant.permission}`;

/**
 * Replaces an object's public flag and grants (audit `object.access_change` with the flag
 * before/after and the grants added and removed, when anything changed).
 */
export async function setAccessControl(
  trx: Db,
  actor: WriteActor,
  id: string,
  access: { public: boolean; grants: readonly Grant[] },
): Promise<void> {
  const row = (await loadBefore(trx, [id])).get(id);
  if (!row) return;
  await repo.setObjectPublic(trx, id, access.public);
  await repo.replaceGrants(trx, id, access.grants);
  const beforeGrants = presentGrants(row.grants);
  const beforeKeys = new Set(beforeGrants.map(grantKey));
  const afterKeys = new Set(access.grants.map(grantKey));
  const added = access.grants.filter((grant) => !beforeKeys.has(grantKey(grant)));
  const removed = beforeGrants.filter((grant) => !afterKeys.has(grantKey(grant)));
  const details = {
    ...(row.public !== access.public
      ? { public: { before: row.public, after: access.public } }
      : {}),
    ...(added.length > 0 || removed.length > 0
      ? { grants: { before: beforeGrants, after: access.grants, added, removed } }
      : {}),
  };
  // Saving the same grants again changes nothing, so it leaves no entry.
  if (Object.keys(details).length > 0) {
    await audit(trx, actor, [
      { action: 'object.access_change', targetKind: 'object', target: id, details },
    ]);
  }
  await objectsChanged(trx, [id]);
  const after = (await loadBefore(trx, [id])).get(id) as Before;
  await visibilityChanged(
    trx,
    visibilityDiff([
      {
        before: row,
        after: {
          id,
          type: row.type,
          metadata: row.metadata as Metadata,
          isPublic: publicNow(after),
        },
      },
    ]),
    now(actor),
  );
}

// Owner ------------------------------------------------------------------------------------

/** Gives every object of one account to another (audit `object.owner_change` each). */
export async function transferOwner(
  trx: Db,
  actor: WriteActor,
  from: { id: string; name: string },
  to: { id: string; name: string },
): Promise<string[]> {
  const moved = await repo.transferOwner(trx, from.id, to.id);
  await audit(
    trx,
    actor,
    moved.map((id) => ({
      action: 'object.owner_change',
      targetKind: 'object',
      target: id,
      details: { owner: { before: from.name, after: to.name } },
    })),
  );
  // The owner decides who finds a draft, so the search index learns the new one.
  await objectsChanged(trx, moved);
  return moved;
}

// Delete -----------------------------------------------------------------------------------

/**
 * Deletes objects (their history, grants, files' rows and search documents by cascade).
 * Each deletion is audited with what identified the record; a public one leaves a
 * visibility change (OAI-PMH answers it as deleted). Answers how many went.
 */
export async function deleteObjects(
  trx: Db,
  actor: WriteActor,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const before = [...(await loadBefore(trx, ids)).values()];
  if (before.length === 0) return 0;
  await visibilityChanged(
    trx,
    before
      .filter((r) => publicNow(r))
      .map((r) => ({ id: r.id, type: r.type, metadata: r.metadata as Metadata, isPublic: false })),
    now(actor),
  );
  await repo.deleteObjects(
    trx,
    before.map((r) => r.id),
  );
  // The record is gone afterwards: the entry keeps what identified it.
  await audit(
    trx,
    actor,
    before.map((r) => ({
      action: 'object.delete',
      targetKind: 'object',
      target: r.id,
      details: {
        title: (r.metadata as Metadata).title,
        type: r.type,
        state: r.state,
        owner: r.owner_name,
      },
    })),
  );
  return before.length;
}
