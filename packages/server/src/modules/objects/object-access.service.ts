import { ErrorCode } from '@geoportal/contract/errors';
import {
  type AccessControl,
  type AccessKey,
  type CreateAccessKey,
  type CreatedAccessKey,
  objectLimits,
} from '@geoportal/contract/object';
import { BadRequestError, NotFoundError } from '../../http/errors.js';
import { refreshSearchDocuments } from '../search/search-index.js';
import * as keys from './access-key.repository.js';
import { newAccessKeySecret, toAccessKey } from './access-keys.js';
import { deniedError } from './object.errors.js';
import * as repo from './object.repository.js';
import {
  type LoadedObject,
  loadObject,
  loadReadable,
  type ObjectContext,
} from './object-kernel.js';
import { can } from './policy.js';

async function loadForAccessControl(ctx: ObjectContext, id: string): Promise<LoadedObject> {
  const loaded = await loadReadable(ctx, id);
  if (!can(loaded.subject, loaded.facts, 'accessControl')) throw deniedError(ctx.auth !== null);
  return loaded;
}

export async function getAccessControl(ctx: ObjectContext, id: string): Promise<AccessControl> {
  const { row, facts } = await loadForAccessControl(ctx, id);
  return { public: row.public, grants: [...facts.grants] };
}

/** Replaces the grants and the public flag in one transaction. */
export async function setAccessControl(
  ctx: ObjectContext,
  id: string,
  input: AccessControl,
): Promise<AccessControl> {
  await loadForAccessControl(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setObjectPublic(trx, id, input.public);
    await repo.replaceGrants(trx, id, input.grants);
    // Who may find the record in search changes with its grants.
    await refreshSearchDocuments(trx, [id]);
  });
  return getAccessControl(ctx, id);
}

export async function listAccessKeys(ctx: ObjectContext, id: string): Promise<AccessKey[]> {
  await loadForAccessControl(ctx, id);
  return (await keys.listAccessKeys(ctx.db, id)).map((row) => toAccessKey(row, ctx.now));
}

/** Creates a key and answers its secret, the only time it is shown. */
export async function createAccessKey(
  ctx: ObjectContext,
  id: string,
  input: CreateAccessKey,
): Promise<CreatedAccessKey> {
  await loadForAccessControl(ctx, id);
  const expires = input.expires ? new Date(input.expires) : null;
  if (expires && expires <= ctx.now) {
    throw new BadRequestError('The expiry must lie in the future.', [
      { path: 'body.expires', message: 'must lie in the future' },
    ]);
  }
  if ((await keys.countAccessKeys(ctx.db, id)) >= objectLimits.accessKeysMax) {
    throw new BadRequestError(
      `A record can have at most ${objectLimits.accessKeysMax} access keys.`,
    );
  }
  const { id: keyId, secret, salt, hash } = newAccessKeySecret();
  await keys.insertAccessKey(ctx.db, {
    id: keyId,
    object_id: id,
    type: input.type,
    salt,
    secret_hash: hash,
    comment: input.comment ?? '',
    created_at: ctx.now,
    creator_name: ctx.auth?.principal.name ?? '',
    expires_at: expires,
  });
  const row = (await keys.findAccessKey(ctx.db, id, keyId)) as keys.AccessKeyRow;
  return { ...toAccessKey(row, ctx.now), secret };
}

/** Revokes a key for good: it stays listed, inactive. */
export async function revokeAccessKey(ctx: ObjectContext, id: string, keyId: string) {
  await loadForAccessControl(ctx, id);
  if (!(await keys.deactivateAccessKey(ctx.db, id, keyId))) {
    throw new NotFoundError(
      ErrorCode.accessKeyNotFound,
      'No access key with this id exists for this record.',
    );
  }
}

/**
 * `GET|PUT …/accessKey/required`: true when the caller lacks read (or write) but an active
 * key that would give it exists. A missing object answers false, like one without keys.
 */
export async function accessKeyRequired(
  ctx: ObjectContext,
  id: string,
  permission: 'read' | 'write',
): Promise<boolean> {
  let loaded: LoadedObject;
  try {
    loaded = await loadObject(ctx, id);
  } catch {
    return false;
  }
  if (can(loaded.subject, loaded.facts, permission)) return false;
  const types = permission === 'read' ? ['read', 'write'] : ['write'];
  return keys.hasUsableKey(ctx.db, id, types, ctx.now);
}
