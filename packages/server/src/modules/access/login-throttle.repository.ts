import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { nameKey } from './access.repository.js';

// Counters of password checks per account name and address (docs/decisions.md, "Sign-in
// lock-out and purges"). Each decision is one statement, so parallel attempts cannot race.

/** The `address` of the account-wide throttle row. */
export const ALL_ADDRESSES = '*';

export interface AddressAttempt {
  /** Password checks from this address in the window, this one included. */
  attempts: number;
  windowStart: Date;
  /** The last successful sign-in of the account from this address, if any. */
  signedInAt: Date | null;
}

/**
 * Counts one more password check of `name` from `address` and answers the count, in one
 * statement: parallel attempts each see their own number, so no more than the limit can
 * pass. A window older than `windowSeconds` starts again at `now`.
 */
export async function countAddressAttempt(
  db: Db,
  name: string,
  address: string,
  now: Date,
  windowSeconds: number,
): Promise<AddressAttempt> {
  const cutoff = new Date(now.getTime() - windowSeconds * 1000);
  const expired = sql<boolean>`login_throttle.window_start <= ${cutoff}::timestamptz`;
  const row = await db
    .insertInto('login_throttle')
    .values({ name_key: nameKey(name), address, window_start: now, attempts: 1 })
    .onConflict((oc) =>
      oc.columns(['name_key', 'address']).doUpdateSet({
        window_start: sql`case when ${expired} then ${now}::timestamptz else login_throttle.window_start end`,
        attempts: sql`case when ${expired} then 1 else login_throttle.attempts + 1 end`,
      }),
    )
    .returning(['attempts', 'window_start', 'signed_in_at'])
    .executeTakeFirstOrThrow();
  return { attempts: row.attempts, windowStart: row.window_start, signedInAt: row.signed_in_at };
}

/** Takes back one counted check from `address` that did not happen. */
export async function uncountAddressAttempt(db: Db, name: string, address: string) {
  await db
    .updateTable('login_throttle')
    .set({ attempts: sql`greatest(attempts - 1, 0)` })
    .where('name_key', '=', nameKey(name))
    .where('address', '=', address)
    .execute();
}

/** After a successful sign-in from `address`: its count starts again and it is remembered. */
export async function recordSignInFromAddress(db: Db, name: string, address: string, now: Date) {
  await db
    .updateTable('login_throttle')
    .set({ attempts: 0, signed_in_at: now })
    .where('name_key', '=', nameKey(name))
    .where('address', '=', address)
    .execute();
}

export interface AccountBackOff {
  windowSeconds: number;
  /** Checks within the window that need no wait. */
  free: number;
  /** The longest wait between two checks, in seconds. */
  maxDelaySeconds: number;
}

/**
 * Takes the account-wide slot for one password check of `name`, in one statement: answers
 * true and counts the check when the slot is free (`next_at` has passed), false otherwise.
 * After `free` checks in the window, every check pushes the next slot away, doubling from
 * 2 seconds up to `maxDelaySeconds`.
 */
export async function takeAccountSlot(
  db: Db,
  name: string,
  now: Date,
  backOff: AccountBackOff,
): Promise<boolean> {
  const cutoff = new Date(now.getTime() - backOff.windowSeconds * 1000);
  const expired = sql<boolean>`login_throttle.window_start <= ${cutoff}::timestamptz`;
  const attempts = sql<number>`case when ${expired} then 1 else login_throttle.attempts + 1 end`;
  const row = await db
    .insertInto('login_throttle')
    .values({
      name_key: nameKey(name),
      address: ALL_ADDRESSES,
      window_start: now,
      attempts: 1,
      next_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['name_key', 'address'])
        .doUpdateSet({
          window_start: sql`case when ${expired} then ${now}::timestamptz else login_throttle.window_start end`,
          attempts,
          next_at: sql`${now}::timestamptz + make_interval(secs => case
            when ${attempts} <= ${backOff.free}::int then 0
            else least(power(2, least(${attempts} - ${backOff.free}::int, 30)), ${backOff.maxDelaySeconds}::int)
          end)`,
        })
        .where((eb) =>
          eb.or([
            eb('login_throttle.next_at', 'is', null),
            eb('login_throttle.next_at', '<=', now),
            eb('login_throttle.window_start', '<=', cutoff),
          ]),
        ),
    )
    .returning('attempts')
    .executeTakeFirst();
  return row !== undefined;
}

/** When the account-wide slot of `name` is free again. */
export async function findAccountSlotTime(db: Db, name: string): Promise<Date | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select('next_at')
    .where('name_key', '=', nameKey(name))
    .where('address', '=', ALL_ADDRESSES)
    .executeTakeFirst();
  return row?.next_at ?? null;
}

/** Takes back one account-wide check that turned out to be a successful sign-in. */
export async function uncountAccountAttempt(db: Db, name: string) {
  await uncountAddressAttempt(db, name, ALL_ADDRESSES);
}

/**
 * Removes throttle rows nothing depends on any more: account-wide rows whose window has
 * passed, address rows whose window has passed and that hold no sign-in since
 * `signedInSince`. Answers how many went.
 */
export async function deleteStaleThrottles(
  db: Db,
  cutoffs: { addressWindow: Date; accountWindow: Date; signedInSince: Date },
): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('address', '=', ALL_ADDRESSES),
          eb('window_start', '<=', cutoffs.accountWindow),
        ]),
        eb.and([
          eb('address', '<>', ALL_ADDRESSES),
          eb('window_start', '<=', cutoffs.addressWindow),
          eb.or([eb('signed_in_at', 'is', null), eb('signed_in_at', '<=', cutoffs.signedInSince)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Names (lower-cased) among `nameKeys` whose sign-in is held back now: an address reached
 * `limit` checks in its window, or the account-wide back-off waits.
 */
export async function lockedNameKeys(
  db: Db,
  nameKeys: readonly string[],
  now: Date,
  limit: number,
  windowSeconds: number,
): Promise<Set<string>> {
  if (nameKeys.length === 0) return new Set();
  const cutoff = new Date(now.getTime() - windowSeconds * 1000);
  const rows = await db
    .selectFrom('login_throttle')
    .select('name_key')
    .where('name_key', 'in', nameKeys)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('address', '<>', ALL_ADDRESSES),
          eb('attempts', '>=', limit),
          eb('window_start', '>', cutoff),
        ]),
        eb.and([eb('address', '=', ALL_ADDRESSES), eb('next_at', '>', now)]),
      ]),
    )
    .distinct()
    .execute();
  return new Set(rows.map((r) => r.name_key));
}

/**
 * Lifts the sign-in lock of an account: every counter starts again. The remembered addresses
 * of earlier sign-ins stay.
 */
export async function clearAttempts(db: Db, name: string) {
  await db
    .updateTable('login_throttle')
    .set({ attempts: 0, next_at: null })
    .where('name_key', '=', nameKey(name))
    .execute();
}
