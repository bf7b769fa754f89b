import type { Db } from '../../db/database.js';
import type { BundleRow, FileRow } from '../../db/schema.js';
import { accountAuth } from '../access/access-kernel.js';
import { ObjectNotFoundError } from '../objects/object.errors.js';
import { keyById, keyHolder, loadObject, type ObjectContext } from '../objects/object-kernel.js';
import { can, type ObjectFacts, type Subject } from '../objects/policy.js';
import * as repo from './file.repository.js';
import { loadVisibleBundle } from './file.service.js';
import { BundleNotFoundError, FileNotFoundError } from './files.errors.js';
import {
  BEARER_TOKEN_LIFETIME_SECONDS,
  fileUrlKey,
  signBearerToken,
  TokenInvalidError,
  type TokenIssuer,
  verifyBearerToken,
} from './signed-url.js';
import { checkFilePath } from './upload.js';

/**
 * Files reached through links that carry their own credential (Files issue point 4): signed
 * bearer URLs and access-key URLs. Such a request is judged only by the credential in its
 * URL; an `AccessToken` or `X-Access-Key` header on it is ignored, so a link behaves the same
 * for whoever follows it.
 */

/** The credential in a link's URL. */
export type Link = { kind: 'bearer'; token: string } | { kind: 'accesskey'; secret: string };

/** What a link opens: a bundle, and for bearer links the token's expiry (Unix seconds). */
export interface LinkedBundle {
  bundle: BundleRow;
  expires?: number;
}

/**
 * Whether the subject sees the bundle: the object's read permission, and for a hidden bundle
 * write permission (the rule of `file.service.ts`, here for subjects other than the caller).
 */
function sees(subject: Subject, facts: ObjectFacts, bundle: BundleRow): boolean {
  return can(subject, facts, 'read') && (bundle.display || can(subject, facts, 'write'));
}

/**
 * `POST /object/{id}/{bundle}/bearer`: a token for a bundle the caller sees (the normal
 * read check: 404 for an object they may not read, or a missing or hidden bundle). The token
 * records the narrowest of the caller's credentials that suffices, and works only while that
 * credential still does: anyone (a published public record's displayed bundle), the
 * signed-in account (its roles and groups as they are when the link is used), or the access
 * key (while active and unexpired). Write implies read in the policy, so one of them alone
 * always suffices.
 */
export async function issueBearerToken(
  ctx: ObjectContext,
  objectId: string,
  bundleName: string,
): Promise<{ token: string; expires: Date }> {
  const { loaded, bundle } = await loadVisibleBundle(ctx, objectId, bundleName);
  let issuer: TokenIssuer;
  if (sees({ auth: null }, loaded.facts, bundle)) issuer = { kind: 'public' };
  else if (ctx.auth && sees({ auth: ctx.auth }, loaded.facts, bundle)) {
    issuer = { kind: 'account', id: ctx.auth.accountId };
  } else if (
    loaded.subject.keyType &&
    ctx.accessKey &&
    sees({ auth: null, keyType: loaded.subject.keyType }, loaded.facts, bundle)
  ) {
    issuer = { kind: 'key', id: ctx.accessKey.split('.', 1)[0] as string };
  } else {
    throw new Error('a visible bundle without a credential that makes it visible');
  }
  const expires = Math.floor(ctx.now.getTime() / 1000) + BEARER_TOKEN_LIFETIME_SECONDS;
  const key = await fileUrlKey(ctx.db, ctx.now);
  return {
    token: signBearerToken(key, { objectId, bundle: bundleName }, { expires, issuer }),
    expires: new Date(expires * 1000),
  };
}

/**
 * The policy subject of a token's issuer as of now, or undefined when the credential is gone
 * (account disabled or removed, key revoked or expired).
 */
async function issuerSubject(
  db: Db,
  objectId: string,
  issuer: TokenIssuer,
  now: Date,
): Promise<Subject | undefined> {
  if (issuer.kind === 'public') return { auth: null };
  if (issuer.kind === 'key') return keyById({ db, now }, objectId, issuer.id);
  // The policy looks at the account id, name, roles and groups; the session is not part of
  // the token (it would put a session reference into URLs).
  const auth = await accountAuth(db, issuer.id);
  return auth ? { auth } : undefined;
}

/**
 * The bundle a link opens. Bearer: a bad, expired or foreign token, or an issuer who can no
 * longer see the bundle (or an object or bundle gone since), is 403 `file.token_invalid`.
 * Access key: the checks of `X-Access-Key` (read or write key of this object, active, not
 * expired); a wrong key is 403 `file.token_invalid`, and a hidden bundle is the same 404 a
 * read key gets with the header.
 */
export async function openLinkedBundle(
  ctx: Pick<ObjectContext, 'db' | 'now'>,
  objectId: string,
  bundleName: string,
  link: Link,
): Promise<LinkedBundle> {
  let subject: Subject | undefined;
  let expires: number | undefined;
  if (link.kind === 'bearer') {
    const key = await fileUrlKey(ctx.db, ctx.now);
    const claims = verifyBearerToken(key, { objectId, bundle: bundleName }, link.token, ctx.now);
    if (!claims) throw new TokenInvalidError();
    expires = claims.expires;
    subject = await issuerSubject(ctx.db, objectId, claims.issuer, ctx.now);
  } else {
    subject = await keyHolder(ctx, objectId, link.secret);
  }
  if (!subject) throw new TokenInvalidError();
  let facts: ObjectFacts;
  try {
    facts = (await loadObject({ db: ctx.db, now: ctx.now, auth: null }, objectId)).facts;
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new TokenInvalidError();
    throw error;
  }
  const bundle = await repo.findBundle(ctx.db, objectId, bundleName);
  if (!bundle || !sees(subject, facts, bundle)) {
    if (link.kind === 'bearer') throw new TokenInvalidError();
    throw new BundleNotFoundError();
  }
  return { bundle, ...(expires !== undefined ? { expires } : {}) };
}

/**
 * A file through a link (see `openLinkedBundle`). The credential is checked before the path
 * (`rawPath`, as decoded from the URL), so a bad token is 403 whatever the path looks like.
 * A missing file is 404 `file.not_found`: the link's holder may see the bundle anyway. An
 * access key on a hidden bundle gets the same 404 as `X-Access-Key` does.
 */
export async function openLinkedFile(
  ctx: Pick<ObjectContext, 'db' | 'now'>,
  objectId: string,
  bundleName: string,
  rawPath: string,
  link: Link,
): Promise<{ file: FileRow; expires?: number }> {
  let linked: LinkedBundle;
  try {
    linked = await openLinkedBundle(ctx, objectId, bundleName, link);
  } catch (error) {
    if (error instanceof BundleNotFoundError) throw new FileNotFoundError();
    throw error;
  }
  const file = await repo.findFile(ctx.db, objectId, bundleName, checkFilePath(rawPath));
  if (!file) throw new FileNotFoundError();
  return { file, ...(linked.expires !== undefined ? { expires: linked.expires } : {}) };
}

/** The files of a bundle, in path order, for its ZIP. */
export function bundleFiles(db: Db, objectId: string, bundleName: string) {
  return repo.listFiles(db, objectId, [bundleName]);
}
