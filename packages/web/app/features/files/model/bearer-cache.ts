import type { BearerToken } from '@geoportal/contract/files';

/** A token is used for new tags only while this much of its life is left, in milliseconds. */
export const BEARER_RENEW_MARGIN_MS = 60_000;

export interface BearerCache {
  /**
   * The token of `key` (caller, object and bundle): the cached one while more than the margin
   * of its life is left, else a newly issued one. Callers at the same time share one issue;
   * a failed issue is not kept, so the next caller asks again.
   */
  get(key: string, issue: () => Promise<BearerToken>): Promise<BearerToken>;
  /** Drops the token of `key`, e.g. after the server refused it. */
  forget(key: string): void;
}

/**
 * Signed tokens per bundle, reused until shortly before they expire: a record page with a
 * PDF, a video and its subtitles in one bundle asks the server once, not once per tag.
 */
export function createBearerCache(
  options: { now?: () => number; marginMs?: number } = {},
): BearerCache {
  const now = options.now ?? Date.now;
  const margin = options.marginMs ?? BEARER_RENEW_MARGIN_MS;
  // `expires` is infinite while the issue is on its way: callers meanwhile wait for it.
  const entries = new Map<string, { expires: number; token: Promise<BearerToken> }>();

  return {
    get(key, issue) {
      const cached = entries.get(key);
      if (cached && cached.expires - margin > now()) return cached.token;
      const entry = { expires: Number.POSITIVE_INFINITY, token: issue() };
      entries.set(key, entry);
      entry.token.then(
        (token) => {
          // An unreadable time counts as expired: the next tag asks again.
          entry.expires = Date.parse(token.expires) || 0;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.token;
    },
    forget(key) {
      entries.delete(key);
    },
  };
}

/**
 * The cache key: the bundle and whoever the token was issued to (the session token and the
 * access key sent along), so a sign-in, sign-out or new key never reuses another's token.
 */
export function bearerKey(
  id: string,
  bundle: string,
  caller: { token: string | null; accessKey?: string },
): string {
  return JSON.stringify([id, bundle, caller.token ?? '', caller.accessKey ?? '']);
}
