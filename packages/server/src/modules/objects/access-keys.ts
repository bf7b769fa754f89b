import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AccessKey } from '@geoportal/contract/object';
import type { Db } from '../../db/database.js';
import { type AccessKeyRow, findAccessKey, touchAccessKey } from './access-key.repository.js';

/**
 * Access key secrets: `<key id>.<256 random bits>`. The id finds the row; only a salted
 * SHA-256 of the secret is stored (the secret is random, so a slow hash adds nothing).
 */
export function newAccessKeySecret(): { id: string; secret: string; salt: string; hash: string } {
  const id = randomBytes(12).toString('base64url');
  const secret = `${id}.${randomBytes(32).toString('base64url')}`;
  const salt = randomBytes(16).toString('base64url');
  return { id, secret, salt, hash: hashSecret(salt, secret) };
}

function hashSecret(salt: string, secret: string): string {
  return createHash('sha256').update(`${salt}:${secret}`).digest('hex');
}

/**
 * The type of the key presented for an object, or undefined when it is unknown, belongs to
 * another object, is revoked or expired, or does not match. A valid key's last use is noted.
 */
export async function presentedKeyType(
  db: Db,
  objectId: string,
  presented: string | undefined,
  now: Date,
): Promise<'read' | 'write' | undefined> {
  if (!presented || presented.length > 200) return undefined;
  const keyId = presented.split('.', 1)[0] ?? '';
  const row = await findAccessKey(db, objectId, keyId);
  if (!row?.active || (row.expires_at && row.expires_at <= now)) return undefined;
  const expected = Buffer.from(row.secret_hash, 'hex');
  const actual = Buffer.from(hashSecret(row.salt, presented), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  await touchAccessKey(db, row.id, now);
  return row.type;
}

/** The API shape of a key: never its secret, salt or hash. */
export function toAccessKey(row: AccessKeyRow, now: Date): AccessKey {
  return {
    id: row.id,
    type: row.type,
    comment: row.comment,
    created: row.created_at.toISOString(),
    creator: row.creator_name,
    expires: row.expires_at?.toISOString() ?? null,
    active: row.active && !(row.expires_at && row.expires_at <= now),
    lastUsed: row.last_used_at?.toISOString() ?? null,
  };
}
