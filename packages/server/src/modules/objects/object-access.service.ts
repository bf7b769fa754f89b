import { ErrorCode } from '@geoportal/contract/errors';
import {
  type AccessControl,
  type AccessKey,
  type CreateAccessKey,
  type CreatedAccessKey,
  type Grant,
  type ObjectState,
  objectLimits,
} from '@geoportal/contract/object';
import { BadRequestError, NotFoundError } from '../../http/errors.js';
import { refreshSearchDocuments } from '../search/search-index.js';
import * as keys from './access-key.repository.js';
import { newAccessKeySecret, toAccessKey } from './access-keys.js';
import { deniedTo, EveryoneReadOnlyError, EveryoneUnpublishedError } from './object.errors.js';
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
  if (!can(loaded.subject, loaded.facts, 'accessControl')) throw deniedTo(loaded.subject);
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
  const { row } = await loadForAccessControl(ctx, id);
  checkEveryoneGrants(row.state, input.grants);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setObjectPublic(trx, id, input.public);
    await repo.replaceGrants(trx, id, input.grants);
    // Who may find the record in search changes with its grants.
    await refreshSearchDocuments(trx, [id]);
  });
  return getAccessControl(ctx, id);
}

/**
 * Grants to everyone (DESIGN §5 "Review cannot be bypassed"): only read, and only on a
 * published record. On any other record such a grant would make an unreviewed or withdrawn
 * record public, so it is refused for every caller (the policy ignores one stored earlier).
 */
function checkEveryoneGrants(state: ObjectState, grants: readonly Grant[]) {
  const everyone = grants.flatMap((grant, index) =>
    grant.subject.kind === 'everyone' ? [{ grant, index }] : [],
  );
  const notRead = everyone.filter(({ grant }) => grant.permission !== 'read');
  if (notRead.length > 0) throw new EveryoneReadOnlyError(notRead.map(({ index }) => index));
  if (everyone.length > 0 && state !== 'published') {
    throw new EveryoneUnpublishedError(
      state,
      everyone.map(({ index }) => index),
    );
  }
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
  // A key helps only where the policy lets it: a write key writes drafts only.
  const helpful = (['read', 'write'] as const).filter((keyType) =>
    can({ ...loaded.subject, keyType }, loaded.facts, permission),
  );
  return helpful.length > 0 && keys.hasUsableKey(ctx.db, id, helpful, ctx.now);
}
