import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The columns of an account that the services work with. */
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  description: string;
  given_name: string;
  surname: string;
  realm: string;
  enabled: boolean;
  password_hash: string | null;
  attributes: Record<string, string[]> | null;
}

const accountColumns = [
  'id',
  'name',
  'email',
  'description',
  'given_name',
  'surname',
  'realm',
  'enabled',
  'password_hash',
  'attributes',
] as const;

/** The key that makes names unique without regard to case. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

export async function findAccountByName(db: Db, name: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('account')
    .select(accountColumns)
    .where('name_key', '=', nameKey(name))
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('account').select(accountColumns).where('id', '=', id).executeTakeFirst();
}

export interface NewAccount {
  id: string;
  name: string;
  passwordHash: string | null;
  email?: string;
  description?: string;
  givenName?: string;
  surname?: string;
  realm?: string;
  attributes?: Record<string, string[]> | null;
}

export async function insertAccount(db: Db, account: NewAccount, now: Date): Promise<void> {
  await db
    .insertInto('account')
    .values({
      id: account.id,
      name: account.name.trim(),
      name_key: nameKey(account.name),
      password_hash: account.passwordHash,
      email: account.email ?? '',
      description: account.description ?? '',
      given_name: account.givenName ?? '',
      surname: account.surname ?? '',
      realm: account.realm ?? 'local',
      attributes: account.attributes ? JSON.stringify(account.attributes) : null,
      created_at: now,
      modified_at: now,
    })
    .execute();
}

export interface ProfileFields {
  email?: string;
  description?: string;
  given_name?: string;
  surname?: string;
}

export async function updateAccountProfile(
  db: Db,
  id: string,
  fields: ProfileFields,
  now: Date,
): Promise<void> {
  await db
    .updateTable('account')
    .set({ ...fields, modified_at: now })
    .where('id', '=', id)
    .execute();
}

export async function updateAccountPassword(db: Db, id: string, hash: string, now: Date) {
  await db
    .updateTable('account')
    .set({ password_hash: hash, modified_at: now })
    .where('id', '=', id)
    .execute();
}

export async function updateAccountEnabled(db: Db, id: string, enabled: boolean, now: Date) {
  await db.updateTable('account').set({ enabled, modified_at: now }).where('id', '=', id).execute();
}

/** Roles granted to the account directly and through its groups, sorted. */
export async function listRolesOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('account_role')
    .select('role_name')
    .where('account_id', '=', accountId)
    .union(
      db
        .selectFrom('group_role')
        .innerJoin('group_member', 'group_member.group_id', 'group_role.group_id')
        .select('group_role.role_name')
        .where('group_member.account_id', '=', accountId),
    )
    .execute();
  return rows.map((r) => r.role_name).sort();
}

/** Names of the groups the account belongs to, sorted. */
export async function listGroupsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_member')
    .innerJoin('user_group', 'user_group.id', 'group_member.group_id')
    .select('user_group.name')
    .where('group_member.account_id', '=', accountId)
    .execute();
  return rows.map((r) => r.name).sort();
}

/** Creates the group if it does not exist and answers its id. */
export async function ensureGroup(db: Db, id: string, name: string, description = '') {
  await db
    .insertInto('user_group')
    .values({ id, name, name_key: nameKey(name), description })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}

export async function addGroupMember(db: Db, groupId: string, accountId: string) {
  await db
    .insertInto('group_member')
    .values({ group_id: groupId, account_id: accountId })
    .onConflict((oc) => oc.columns(['group_id', 'account_id']).doNothing())
    .execute();
}

export async function grantGroupRole(db: Db, groupId: string, role: string) {
  await db
    .insertInto('group_role')
    .values({ group_id: groupId, role_name: role })
    .onConflict((oc) => oc.columns(['group_id', 'role_name']).doNothing())
    .execute();
}

export async function grantAccountRole(db: Db, accountId: string, role: string) {
  await db
    .insertInto('account_role')
    .values({ account_id: accountId, role_name: role })
    .onConflict((oc) => oc.columns(['account_id', 'role_name']).doNothing())
    .execute();
}

// Sessions ------------------------------------------------------------------------------

export interface SessionRow {
  id_hash: string;
  account_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export async function insertSession(
  db: Db,
  session: SessionRow & { address: string; user_agent: string },
) {
  await db.insertInto('session').values(session).execute();
}

export async function findSession(db: Db, idHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('session')
    .select(['id_hash', 'account_id', 'created_at', 'last_seen_at', 'expires_at'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, idHash: string, now: Date) {
  await db
    .updateTable('session')
    .set({ last_seen_at: now })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Db, idHash: string) {
  await db.deleteFrom('session').where('id_hash', '=', idHash).execute();
}

export async function deleteSessionsOfAccount(db: Db, accountId: string): Promise<number> {
  const result = await db
    .deleteFrom('session')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countSessionsOfAccount(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('session')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Removes sessions past their absolute end or idle for longer than `idleSeconds`. */
export async function deleteExpiredSessions(
  db: Db,
  now: Date,
  idleSeconds: number,
): Promise<number> {
  const result = await db
    .deleteFrom('session')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb(
          'last_seen_at',
          '<=',
          sql<Date>`${now}::timestamptz - make_interval(secs => ${idleSeconds})`,
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Sign-in throttling ---------------------------------------------------------------------

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
