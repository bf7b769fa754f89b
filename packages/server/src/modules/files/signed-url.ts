import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@geoportal/contract/errors';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import { findSecret, insertSecretIfMissing } from './server-secret.repository.js';

/**
 * Signed bearer tokens of `/object/bearer-{id}/{bundle}/{token}/{path}` (Files issue point 4).
 *
 * A token is `base64url(mac ‖ payload)`: `payload` is `1.<expiry in Unix seconds>.<issuer>`
 * and `mac` is HMAC-SHA256 (first 192 bits), under the server's file-URL key, of the object id, the bundle
 * name and the payload. So a token opens one bundle of one object until its expiry, and
 * only while its issuer (recorded in the payload) may still read that bundle: the routes
 * re-check the issuer's right on every use. Nothing is stored per token.
 */

/**
 * How long a bearer token is valid. Long enough for a player to buffer and seek through a
 * video or a page to load its images, short enough that a copied link soon stops working.
 */
export const BEARER_TOKEN_LIFETIME_SECONDS = 10 * 60;

/** Who a token was issued to; the link works only while this issuer may read the bundle. */
export type TokenIssuer =
  | { kind: 'public' }
  | { kind: 'account'; id: string }
  | { kind: 'key'; id: string };

/** What a valid token says. `expires` in Unix seconds. */
export interface BearerClaims {
  expires: number;
  issuer: TokenIssuer;
}

/** 403 `file.token_invalid`: the same answer for every way a token or key can be wrong. */
export class TokenInvalidError extends HttpError {
  constructor() {
    super(403, ErrorCode.fileTokenInvalid, 'This link is invalid or has expired.');
    this.name = 'TokenInvalidError';
  }
}

const SECRET_NAME = 'file-url';
/**
 * HMAC-SHA256 cut to 192 bits (RFC 2104 §5 allows truncation; 192 bits leave no room for
 * guessing). It keeps tokens near 80 characters, below the router's 100-character limit for
 * one path parameter (find-my-way `maxParamLength`): a longer segment never reaches the link
 * routes at all.
 */
const MAC_BYTES = 24;
const TOKEN_MAX_CHARS = 100;
const PAYLOAD = /^1\.(\d{1,12})\.(p|a[\w-]{1,64}|k[\w-]{1,64})$/;

/** One key per database handle: read once, then every request of this process uses it. */
const keys = new WeakMap<Db, Promise<Buffer>>();

/**
 * The file-URL signing key: a random 256-bit key kept in the database (migration
 * `0006-server-secret`), so that every process sharing the database signs and verifies alike
 * and tokens survive restarts. Should the row be missing it is created here; concurrent
 * creators agree on the first row written. Cached per process after the first read (a key
 * replaced in the database takes effect at the next start).
 */
export function fileUrlKey(db: Db, now: Date): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      let secret = await findSecret(db, SECRET_NAME);
      if (!secret) {
        await insertSecretIfMissing(db, SECRET_NAME, randomBytes(32).toString('base64url'), now);
        secret = await findSecret(db, SECRET_NAME);
      }
      const bytes = Buffer.from(secret ?? '', 'base64url');
      if (bytes.length < 32) throw new Error('the stored file-URL key is shorter than 256 bits');
      return bytes;
    })();
    // A failed read (database down) is retried by the next request, not cached.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** Forgets the key read for `db` (`clear caches`): the next use reads it again. */
export function forgetFileUrlKey(db: Db): number {
  return keys.delete(db) ? 1 : 0;
}

function issuerCode(issuer: TokenIssuer): string {
  return issuer.kind === 'public' ? 'p' : `${issuer.kind === 'account' ? 'a' : 'k'}${issuer.id}`;
}

function mac(key: Buffer, objectId: string, bundle: string, payload: Buffer): Buffer {
  // Object ids and bundle names cannot contain a line break, so the fields cannot be shifted.
  return createHmac('sha256', key)
    .update(`geoportal/file-bearer\n${objectId}\n${bundle}\n`)
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A token for the bundle, valid until `expires` (Unix seconds). */
export function signBearerToken(
  key: Buffer,
  scope: { objectId: string; bundle: string },
  claims: BearerClaims,
): string {
  const payload = Buffer.from(`1.${claims.expires}.${issuerCode(claims.issuer)}`);
  return Buffer.concat([mac(key, scope.objectId, scope.bundle, payload), payload]).toString(
    'base64url',
  );
}

/**
 * The claims of a token for this object and bundle that is well-formed, correctly signed and
 * not expired at `now`; otherwise undefined (callers answer `TokenInvalidError` without
 * saying which check failed). The signature is compared in constant time before the payload
 * is looked at.
 */
export function verifyBearerToken(
  key: Buffer,
  scope: { objectId: string; bundle: string },
  token: string,
  now: Date,
): BearerClaims | undefined {
  if (token.length > TOKEN_MAX_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // The last character of base64 can carry unused bits; only the canonical spelling counts,
  // so that every changed character changes the token.
  if (bytes.length <= MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
  const payload = bytes.subarray(MAC_BYTES);
  const expected = mac(key, scope.objectId, scope.bundle, payload);
  if (!timingSafeEqual(expected, bytes.subarray(0, MAC_BYTES))) return undefined;
  const match = PAYLOAD.exec(payload.toString('latin1'));
  if (!match) return undefined;
  const expires = Number(match[1]);
  if (now.getTime() >= expires * 1000) return undefined;
  const code = match[2] as string;
  const issuer: TokenIssuer =
    code === 'p'
      ? { kind: 'public' }
      : { kind: code[0] === 'a' ? 'account' : 'key', id: code.slice(1) };
  return { expires, issuer };
}
