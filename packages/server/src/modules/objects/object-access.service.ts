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
import { auditSource, writeAudit } from '../audit/audit.service.js';
import { recordVisibilityChange } from '../oai/oai-visibility.js';
import { refreshSearchDocuments } from '../search/search-index.js';
import * as keys from './access-key.repository.js';
import { newAccessKeySecret, toAccessKey } from './access-keys.js';
import { deniedTo, EveryoneReadOnlyError, EveryoneUnpublishedError } from './object.errors.js';
import * as repo from './object.repository.js';
import {
  type LoadedObject,
  loadObject,
  loadReadable,
  type ObjectChangeContext,
  type ObjectContext,
} from './object-kernel.js';
import { can, isPublic } from './policy.js';

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
  ctx: ObjectChangeContext,
  id: string,
  input: AccessControl,
): Promise<AccessControl> {
  const { row, facts } = await loadForAccessControl(ctx, id);
  checkEveryoneGrants(row.state, input.grants);
  const changes = accessChanges({ public: row.public, grants: [...facts.grants] }, input);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setObjectPublic(trx, id, input.public);
    await repo.replaceGrants(trx, id, input.grants);
    // Who may find the record in search changes with its grants.
    await refreshSearchDocuments(trx, [id]);
    // The public flag and grants to everyone decide what harvesters see (OAI-PMH).
    await recordVisibilityChange(
      trx,
      row,
      isPublic(facts),
      isPublic({ state: row.state, public: input.public, grants: input.grants }),
      ctx.now,
    );
    // Saving the same grants again changes nothing, so it leaves no entry.
    if (Object.keys(changes).length > 0) {
      await writeAudit(trx, auditSource(ctx), {
        action: 'object.access_change',
        targetKind: 'object',
        target: id,
        details: changes,
      });
    }
  });
  return getAccessControl(ctx, id);
}

const grantKey = (grant: Grant) =>
  `${grant.subject.kind}:${'name' in grant.subject ? grant.subject.name : ''}:${grant.permission}`;

/**
 * The audit details of an access-control change: the public flag before/after, and the
 * grants before/after with those added and removed (a changed permission is one of each).
 * Grants are compared as sets: their stored order carries no meaning.
 */
function accessChanges(before: AccessControl, after: AccessControl): Record<string, unknown> {
  const beforeKeys = new Set(before.grants.map(grantKey));
  const afterKeys = new Set(after.grants.map(grantKey));
  const added = after.grants.filter((grant) => !beforeKeys.has(grantKey(grant)));
  const removed = before.grants.filter((grant) => !afterKeys.has(grantKey(grant)));
  return {
    ...(before.public !== after.public
      ? { public: { before: before.public, after: after.public } }
      : {}),
    ...(added.length > 0 || removed.length > 0
      ? { grants: { before: before.grants, after: after.grants, added, removed } }
      : {}),
  };
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
  ctx: ObjectChangeContext,
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
  await ctx.db.transaction().execute(async (trx) => {
    await keys.insertAccessKey(trx, {
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
    // The key's id and terms only: the secret is shown once, to its creator, and nowhere else.
    await writeAudit(trx, auditSource(ctx), {
      action: 'object.access_key_create',
      targetKind: 'object',
      target: id,
      details: {
        key: keyId,
        type: input.type,
        comment: input.comment ?? '',
        expires: expires ? expires.toISOString() : null,
      },
    });
  });
  const row = (await keys.findAccessKey(ctx.db, id, keyId)) as keys.AccessKeyRow;
  return { ...toAccessKey(row, ctx.now), secret };
}

/** Revokes a key for good: it stays listed, inactive. */
export async function revokeAccessKey(ctx: ObjectChangeContext, id: string, keyId: string) {
  await loadForAccessControl(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await keys.findAccessKey(trx, id, keyId);
    if (!before || !(await keys.deactivateAccessKey(trx, id, keyId))) {
      throw new NotFoundError(
        ErrorCode.accessKeyNotFound,
        'No access key with this id exists for this record.',
      );
    }
    await writeAudit(trx, auditSource(ctx), {
      action: 'object.access_key_revoke',
      targetKind: 'object',
      target: id,
      details: { key: keyId, type: before.type, active: { before: before.active, after: false } },
    });
  });
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
