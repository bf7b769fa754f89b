import type { ObjectNormal } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import type { RequestContext } from '../../http/request-context.js';
import { findAccessKey, hasUsableKey } from './access-key.repository.js';
import { presentedKeyType } from './access-keys.js';
import { ObjectNotFoundError } from './object.errors.js';
import * as repo from './object.repository.js';
import { can, type ObjectFacts, type Subject } from './policy.js';

/**
 * The object kernel: what other modules (files, preview, media, records, search) need of an
 * object without going through the objects endpoints' service. Loading an object with the
 * facts the policy judges, and the caller it was judged for, lives here once.
 */

/** What every object operation needs of the request: database, time, caller, presented key. */
export type ObjectContext = Pick<RequestContext, 'db' | 'now' | 'auth' | 'accessKey'>;

/** What a change of workflow or access control needs besides: the request id for its audit entry. */
export type ObjectChangeContext = ObjectContext & Pick<RequestContext, 'requestId'>;

/** An object as stored, with what the policy needs and the caller it was judged for. */
export interface LoadedObject {
  row: repo.ObjectRow;
  facts: ObjectFacts;
  subject: Subject;
}

/** Loads an object and resolves the caller's key for it; missing → 404. */
export async function loadObject(ctx: ObjectContext, id: string): Promise<LoadedObject> {
  const row = await repo.findObject(ctx.db, id);
  if (!row) throw new ObjectNotFoundError();
  const grants = await repo.listGrants(ctx.db, id);
  const keyType = await presentedKeyType(ctx.db, id, ctx.accessKey, ctx.now);
  return {
    row,
    facts: { ownerId: row.owner_id, state: row.state, public: row.public, grants },
    subject: { auth: ctx.auth, ...(keyType ? { keyType } : {}) },
  };
}

/** Loads an object the caller may read; anything else is the same 404. */
export async function loadReadable(ctx: ObjectContext, id: string): Promise<LoadedObject> {
  const loaded = await loadObject(ctx, id);
  if (!can(loaded.subject, loaded.facts, 'read')) throw new ObjectNotFoundError();
  return loaded;
}

/**
 * An object as the writers of records read it (ISO 19139, Dublin Core, DCAT, OGC API
 * Records): what `GET /object/{id}` says of it at detail level normal that a record says, with
 * the same values (times as ISO strings).
 */
export type ObjectRecord = Pick<ObjectNormal, 'id' | 'type' | 'created' | 'modified' | 'metadata'>;

/** A readable object of a page: as loaded and judged, and as its record is written. */
export interface ReadableObject extends LoadedObject {
  record: ObjectRecord;
}

/**
 * A page of records for the caller: of `ids` (a page the search index found), the objects
 * the caller may read, in the order of `ids`; gone and unreadable ones are left out. Each is
 * judged by the same rule as `GET /object/{id}` (`can … 'read'`; for a visitor that is
 * `policy.isPublic`). No access key is considered: a key opens one object through its own URL,
 * never a list. One statement (the rows with their grants) whatever the page's size; the
 * facts and subject come along for further decisions (whether the caller may write, which
 * bundles they see).
 */
export async function readablePage(
  ctx: Pick<ObjectContext, 'db' | 'auth'>,
  ids: readonly string[],
): Promise<ReadableObject[]> {
  const subject: Subject = { auth: ctx.auth };
  const readable = new Map<string, ReadableObject>();
  for (const { grants, ...row } of await repo.findObjectsWithGrants(ctx.db, ids)) {
    const facts: ObjectFacts = {
      ownerId: row.owner_id,
      state: row.state,
      public: row.public,
      grants,
    };
    if (!can(subject, facts, 'read')) continue;
    const record: ObjectRecord = {
      id: row.id,
      type: row.type,
      created: row.created_at.toISOString(),
      modified: row.modified_at.toISOString(),
      metadata: row.metadata as Metadata,
    };
    readable.set(row.id, { row, facts, subject, record });
  }
  return ids.flatMap((id) => readable.get(id) ?? []);
}

/**
 * The subject of whoever holds the access key `secret` (`<id>.<secret>`) of the object, or
 * undefined when the key is unknown, revoked, expired or does not match. For links that carry
 * a key in their URL instead of the `X-Access-Key` header.
 */
export async function keyHolder(
  ctx: Pick<ObjectContext, 'db' | 'now'>,
  objectId: string,
  secret: string,
): Promise<Subject | undefined> {
  const keyType = await presentedKeyType(ctx.db, objectId, secret, ctx.now);
  return keyType ? { auth: null, keyType } : undefined;
}

/**
 * The subject of the key `keyId` of the object as of now, or undefined when it is gone,
 * revoked or expired. For credentials that named a key earlier (a bearer token's issuer).
 */
export async function keyById(
  ctx: Pick<ObjectContext, 'db' | 'now'>,
  objectId: string,
  keyId: string,
): Promise<Subject | undefined> {
  const key = await findAccessKey(ctx.db, objectId, keyId);
  if (!key?.active || (key.expires_at && key.expires_at <= ctx.now)) return undefined;
  return { auth: null, keyType: key.type };
}

/** Whether an active, unexpired key of one of `types` exists for the object. */
export function usableKeyExists(
  ctx: Pick<ObjectContext, 'db' | 'now'>,
  objectId: string,
  types: Array<'read' | 'write'>,
): Promise<boolean> {
  return hasUsableKey(ctx.db, objectId, types, ctx.now);
}
