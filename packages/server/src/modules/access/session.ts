import { createHash, randomBytes } from 'node:crypto';

/** A new session id: 256 random bits, URL-safe. Only its hash is ever stored. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a session id. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** An opaque, URL-safe, never reused id for accounts and groups. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
