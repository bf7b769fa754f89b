import {
  type Principal,
  type Profile,
  type ProfileUpdate,
  type Session,
  WILDCARD_ROLE,
} from '@geoportal/contract/access';
import { ErrorCode } from '@geoportal/contract/errors';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { auditSource, changedFields, writeAudit } from '../audit/audit.service.js';
import { holdsAdministrator } from '../objects/policy.js';
import {
  AccountDisabledError,
  AuthRequiredError,
  InvalidCredentialsError,
  PasswordRefusedError,
  ReadonlyUserError,
  TooManyLoginAttemptsError,
} from './access.errors.js';
import * as repo from './access.repository.js';
import * as throttle from './login-throttle.repository.js';
import { hashPassword, passwordProblem, verifyAgainstDummy, verifyPassword } from './password.js';
import { hashSessionId, newSessionId } from './session.js';

/** What every access operation needs: the database, the current time and the timeouts. */
export interface AccessContext {
  db: Db;
  now: Date;
  config: Pick<Config, 'sessionIdleTimeoutSeconds' | 'sessionAbsoluteTimeoutSeconds'>;
}

/** What a change of the caller's own account needs besides: the request id of its audit entry. */
export type AccountChangeContext = AccessContext & { requestId: string };

/** The signed-in caller of a request. */
export interface Auth {
  accountId: string;
  sessionHash: string;
  principal: Principal;
  /** Names of the caller's groups, for group grants on objects. */
  groups: string[];
}

/** Password checks of one account from one address count towards its lock for this long. */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** This many checks from one address within the window lock that address until it passes. */
export const LOGIN_FAILURE_LIMIT = 10;
/**
 * The account-wide back-off against guessing from many addresses: after `free` checks in a
 * day, each further check waits for the last one, 2 s doubling up to a minute. The owner
 * waits at most that minute, and not at all from an address they signed in from lately.
 */
export const ACCOUNT_BACK_OFF: throttle.AccountBackOff = {
  windowSeconds: 24 * 3600,
  free: 20,
  maxDelaySeconds: 60,
};
/** An address the account signed in from within this time skips the account-wide back-off. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;
/** A session's last-seen time is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface LoginInput {
  username: string;
  password: string;
  address: string;
  userAgent: string;
}

/**
 * Signs a user in and answers a new session. Unknown user and wrong password answer alike
 * and take about as long. Attempts are counted before the password is checked
 * (`admitPasswordCheck`), so parallel guesses cannot pass the limits.
 */
export async function login(ctx: AccessContext, input: LoginInput): Promise<Session> {
  const admission = await admitPasswordCheck(ctx, input.username, input.address);
  const account = await repo.findAccountByName(ctx.db, input.username);
  let valid = false;
  if (account?.password_hash) valid = await verifyPassword(account.password_hash, input.password);
  else await verifyAgainstDummy(input.password);
  if (!account || !valid) throw new InvalidCredentialsError();
  if (!account.enabled) throw new AccountDisabledError();

  await passwordCheckSucceeded(ctx, input.username, input.address, admission);
  await repo.recordLogin(ctx.db, account.id, ctx.now);
  return startSession(ctx, account.id, input.address, input.userAgent);
}

interface Admission {
  /** The account signed in from this address lately; the account-wide back-off skips it. */
  knownAddress: boolean;
}

/**
 * Counts a password check of account `name` from `address` before it happens, or refuses it
 * with 429: after `LOGIN_FAILURE_LIMIT` checks from this address in the window (other
 * addresses, the owner's, are not affected), and while the account-wide back-off waits.
 * A check counts as failed until `passwordCheckSucceeded` says otherwise.
 */
async function admitPasswordCheck(
  ctx: AccessContext,
  name: string,
  address: string,
): Promise<Admission> {
  const attempt = await throttle.countAddressAttempt(
    ctx.db,
    name,
    address,
    ctx.now,
    LOGIN_FAILURE_WINDOW_SECONDS,
  );
  if (attempt.attempts > LOGIN_FAILURE_LIMIT) {
    const unlockAt = attempt.windowStart.getTime() + LOGIN_FAILURE_WINDOW_SECONDS * 1000;
    throw new TooManyLoginAttemptsError(secondsUntil(ctx, unlockAt));
  }
  const knownAddress =
    attempt.signedInAt !== null &&
    ctx.now.getTime() - attempt.signedInAt.getTime() < KNOWN_ADDRESS_SECONDS * 1000;
  if (!knownAddress && !(await throttle.takeAccountSlot(ctx.db, name, ctx.now, ACCOUNT_BACK_OFF))) {
    // Not checked, so not counted against this address.
    await throttle.uncountAddressAttempt(ctx.db, name, address);
    const slot = await throttle.findAccountSlotTime(ctx.db, name);
    throw new TooManyLoginAttemptsError(secondsUntil(ctx, slot?.getTime() ?? 0));
  }
  return { knownAddress };
}

/** The right password: the address's count starts again and the address is remembered. */
async function passwordCheckSucceeded(
  ctx: AccessContext,
  name: string,
  address: string,
  admission: Admission,
) {
  await throttle.recordSignInFromAddress(ctx.db, name, address, ctx.now);
  if (!admission.knownAddress) await throttle.uncountAccountAttempt(ctx.db, name);
}

function secondsUntil(ctx: AccessContext, time: number): number {
  return Math.max(1, Math.ceil((time - ctx.now.getTime()) / 1000));
}

async function startSession(
  ctx: AccessContext,
  accountId: string,
  address: string,
  userAgent: string,
): Promise<Session> {
  const id = newSessionId();
  const expires = new Date(ctx.now.getTime() + ctx.config.sessionAbsoluteTimeoutSeconds * 1000);
  await repo.insertSession(ctx.db, {
    id_hash: hashSessionId(id),
    account_id: accountId,
    created_at: ctx.now,
    last_seen_at: ctx.now,
    expires_at: expires,
    address: address.slice(0, 100),
    user_agent: userAgent.slice(0, 500),
  });
  return { id, expires: expires.toISOString() };
}

/**
 * Deletes sessions past their absolute or idle timeout and sign-in counters whose windows
 * have passed (an address's is kept while it counts as one the account signed in from).
 */
export async function purgeStaleAccessRows(
  ctx: AccessContext,
): Promise<{ sessions: number; throttles: number }> {
  const now = ctx.now.getTime();
  const sessions = await repo.deleteExpiredSessions(
    ctx.db,
    ctx.now,
    ctx.config.sessionIdleTimeoutSeconds,
  );
  const throttles = await throttle.deleteStaleThrottles(ctx.db, {
    addressWindow: new Date(now - LOGIN_FAILURE_WINDOW_SECONDS * 1000),
    accountWindow: new Date(now - ACCOUNT_BACK_OFF.windowSeconds * 1000),
    signedInSince: new Date(now - KNOWN_ADDRESS_SECONDS * 1000),
  });
  return { sessions, throttles };
}

/** Ends the session of `token`; ending an unknown or already ended session is not an error. */
export async function logout(ctx: AccessContext, token: string): Promise<void> {
  await repo.deleteSession(ctx.db, hashSessionId(token));
}

/**
 * The caller behind an access token, or null when the token is unknown, expired (absolute
 * or idle timeout) or its account is disabled. Expired sessions are deleted on sight. A
 * request is activity and keeps the session from idling out; a check on behalf of an open
 * stream (`touch: false`) is not.
 */
export async function authenticate(
  ctx: AccessContext,
  token: string,
  { touch } = { touch: true },
): Promise<Auth | null> {
  if (token.length === 0 || token.length > 200) return null;
  const sessionHash = hashSessionId(token);
  const session = await repo.findSession(ctx.db, sessionHash);
  if (!session) return null;
  const now = ctx.now.getTime();
  const idleLimit = session.last_seen_at.getTime() + ctx.config.sessionIdleTimeoutSeconds * 1000;
  if (now >= session.expires_at.getTime() || now >= idleLimit) {
    await repo.deleteSession(ctx.db, sessionHash);
    return null;
  }
  const account = await repo.findAccountById(ctx.db, session.account_id);
  if (!account?.enabled) {
    await repo.deleteSession(ctx.db, sessionHash);
    return null;
  }
  if (touch && now - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
    await repo.touchSession(ctx.db, sessionHash, ctx.now);
  }
  const [roles, groups] = await Promise.all([
    repo.listRolesOfAccount(ctx.db, account.id),
    repo.listGroupsOfAccount(ctx.db, account.id),
  ]);
  return { accountId: account.id, sessionHash, principal: toPrincipal(account, roles), groups };
}

/**
 * The identity of an enabled account without a session: a queued command run acts as the
 * administrator who queued it, and the command-line tool as its configured account. Null
 * when the account does not exist or is disabled.
 */
export async function authOfAccount(db: Db, name: string): Promise<Auth | null> {
  const account = await repo.findAccountByName(db, name);
  if (!account?.enabled) return null;
  const [roles, groups] = await Promise.all([
    repo.listRolesOfAccount(db, account.id),
    repo.listGroupsOfAccount(db, account.id),
  ]);
  return { accountId: account.id, sessionHash: '', principal: toPrincipal(account, roles), groups };
}

function toPrincipal(account: repo.AccountRow, roles: string[]): Principal {
  const entries = Object.entries(account.attributes ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return {
    name: account.name,
    ...(account.email ? { email: account.email } : {}),
    ...(account.description ? { description: account.description } : {}),
    ...(account.given_name ? { givenName: account.given_name } : {}),
    ...(account.surname ? { surname: account.surname } : {}),
    readonly: entries.length > 0,
    roles,
    ...(account.must_change_password ? { mustChangePassword: true } : {}),
    ...(entries.length > 0
      ? { attributes: { entry: entries.map(([name, value]) => ({ name, value })) } }
      : {}),
  };
}

/**
 * Whether the caller holds any of `roles`. The wildcard `*` means any signed-in user, an
 * empty list asks for the wildcard, and an administrator may do everything. Nobody signed
 * in holds no role.
 */
export function isAllowed(auth: Auth | null, roles: readonly string[]): boolean {
  if (!auth) return false;
  if (holdsAdministrator(auth.principal.roles)) return true;
  const held = new Set(auth.principal.roles);
  const asked = roles.length === 0 ? [WILDCARD_ROLE] : roles;
  return asked.some((role) => role === WILDCARD_ROLE || held.has(role));
}

export function requireAuth(auth: Auth | null): Auth {
  if (!auth) throw new AuthRequiredError();
  return auth;
}

export async function getProfile(ctx: AccessContext, auth: Auth): Promise<Profile> {
  const account = await repo.findAccountById(ctx.db, auth.accountId);
  if (!account) throw new AuthRequiredError();
  return toProfile(account, auth.principal.readonly);
}

function toProfile(account: repo.AccountRow, readonly: boolean): Profile {
  return {
    name: account.name,
    givenName: account.given_name,
    surname: account.surname,
    email: account.email,
    description: account.description,
    readonly,
    realm: account.realm,
  };
}

/**
 * Updates the caller's own name, email and description; read-only accounts get 403. A change
 * writes an `account.profile_change` audit entry with the fields before and after, in the
 * same transaction; a save that changes nothing writes none.
 */
export async function updateProfile(
  ctx: AccountChangeContext,
  auth: Auth,
  update: ProfileUpdate,
): Promise<Profile> {
  if (auth.principal.readonly) throw new ReadonlyUserError();
  await ctx.db.transaction().execute(async (trx) => {
    const account = await repo.findAccountById(trx, auth.accountId);
    if (!account) throw new AuthRequiredError();
    await repo.updateAccountProfile(
      trx,
      account.id,
      {
        ...(update.email !== undefined ? { email: update.email } : {}),
        ...(update.description !== undefined ? { description: update.description } : {}),
        ...(update.givenName !== undefined ? { given_name: update.givenName } : {}),
        ...(update.surname !== undefined ? { surname: update.surname } : {}),
      },
      ctx.now,
    );
    const { givenName, surname, email, description } = toProfile(account, false);
    const changes = changedFields({ givenName, surname, email, description }, update);
    if (Object.keys(changes).length === 0) return;
    await writeAudit(trx, auditSource({ ...ctx, auth }), {
      action: 'account.profile_change',
      targetKind: 'user',
      target: account.name,
      details: changes,
    });
  });
  return getProfile(ctx, auth);
}

/**
 * Changes the caller's password after checking the current one. Every session of the
 * account ends, the caller's included; the answer is a fresh session so that the caller
 * stays signed in on this device only. Checks of the current password count like sign-ins
 * from the caller's address, so a session cannot be used to guess the password. The change
 * writes an `account.password_change` audit entry in its transaction: that the password
 * changed and how many sessions ended, never a password or its hash.
 */
export async function changePassword(
  ctx: AccountChangeContext,
  auth: Auth,
  input: { currentPassword: string; newPassword: string; address: string; userAgent: string },
): Promise<Session> {
  if (auth.principal.readonly) throw new ReadonlyUserError();
  const account = await repo.findAccountById(ctx.db, auth.accountId);
  if (!account?.password_hash) throw new PasswordRefusedError(ErrorCode.passwordWrongCurrent);
  const admission = await admitPasswordCheck(ctx, account.name, input.address);
  if (!(await verifyPassword(account.password_hash, input.currentPassword))) {
    throw new PasswordRefusedError(ErrorCode.passwordWrongCurrent);
  }
  await passwordCheckSucceeded(ctx, account.name, input.address, admission);
  const problem = await passwordProblem(input.newPassword, account.name);
  if (problem) throw new PasswordRefusedError(problem);
  const hash = await hashPassword(input.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    const tctx = { ...ctx, db: trx };
    // The owner's own choice ends a password an administrator set.
    await repo.updateAccountPassword(trx, account.id, hash, ctx.now, false);
    const ended = await repo.deleteSessionsOfAccount(trx, account.id);
    await writeAudit(trx, auditSource({ ...ctx, auth }), {
      action: 'account.password_change',
      targetKind: 'user',
      target: account.name,
      details: { changed: ['password'], sessionsEnded: ended },
    });
    return startSession(tctx, account.id, input.address, input.userAgent);
  });
}

/** Ends every session of the account, e.g. after an administrator disabled it. */
export async function endSessionsOfAccount(db: Db, accountId: string): Promise<number> {
  return repo.deleteSessionsOfAccount(db, accountId);
}

/** Lower-cased names among `nameKeys` whose sign-in is locked now (the lock-out above). */
export async function lockedNameKeys(db: Db, nameKeys: readonly string[], now: Date) {
  return throttle.lockedNameKeys(
    db,
    nameKeys,
    now,
    LOGIN_FAILURE_LIMIT,
    LOGIN_FAILURE_WINDOW_SECONDS,
  );
}

/** Lifts the sign-in lock-out of the account `name` (administrators' "unlock"). */
export async function unlockSignIn(db: Db, name: string) {
  await throttle.clearAttempts(db, name);
}

/** Enables or disables an account; disabling ends all its sessions at once. */
export async function setAccountEnabled(ctx: AccessContext, accountId: string, enabled: boolean) {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateAccountEnabled(trx, accountId, enabled, ctx.now);
    if (!enabled) await repo.deleteSessionsOfAccount(trx, accountId);
  });
}
