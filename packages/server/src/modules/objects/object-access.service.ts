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
import * as keys from './access-key.repository.js';
import { newAccessKeySecret, toAccessKey } from './access-keys.js';
import {
  deniedTo,
  EveryoneReadOnlyError,
  EveryoneUnpublishedError,
  UnknownGranteeError,
} from './object.errors.js';
import * as repo from './object.repository.js';
import {
  type LoadedObject,
  loadObject,
  loadReadable,
  type ObjectChangeContext,
  type ObjectContext,
} from './object-kernel.js';
import * as writes from './object-writes.js';
import { can, presentGrants } from './policy.js';

async function loadForAccessControl(ctx: ObjectContext, id: string): Promise<LoadedObject> {
  const loaded = await loadReadable(ctx, id);
  if (!can(loaded.subject, loaded.facts, 'accessControl')) throw deniedTo(loaded.subject);
  return loaded;
}

export async function getAccessControl(ctx: ObjectContext, id: string): Promise<AccessControl> {
  const { row, facts } = await loadForAccessControl(ctx, id);
  return { public: row.public, grants: presentGrants(facts.grants) };
}

/** Replaces the grants and the public flag in one transaction. */
export async function setAccessControl(
  ctx: ObjectChangeContext,
  id: string,
  input: AccessControl,
): Promise<AccessControl> {
  const { row } = await loadForAccessControl(ctx, id);
  checkEveryoneGrants(row.state, input.grants);
  await checkGrantees(ctx, input.grants);
  await ctx.db
    .transaction()
    .execute((trx) =>
      writes.setAccessControl(
        trx,
        { name: ctx.auth?.principal.name ?? '', audit: auditSource(ctx) },
        id,
        input,
      ),
    );
  return getAccessControl(ctx, id);
}

/**
 * A grant to a user names an account that exists (it is stored by the account's id, so a
 * name without one would grant nobody, or a later account of that name).
 */
async function checkGrantees(ctx: ObjectContext, grants: readonly Grant[]) {
  const names = grants.flatMap((grant, index) =>
    grant.subject.kind === 'user' ? [{ name: grant.subject.name, index }] : [],
  );
  if (names.length === 0) return;
  const accounts = await repo.accountsByName(
    ctx.db,
    names.map((n) => n.name),
  );
  const unknown = names.filter((n) => !accounts.has(n.name.trim().toLowerCase()));
  if (unknown.length > 0) throw new UnknownGranteeError(unknown);
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
