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
import {
  AccountDisabledError,
  AuthRequiredError,
  InvalidCredentialsError,
  PasswordRefusedError,
  ReadonlyUserError,
  TooManyLoginAttemptsError,
} from './access.errors.js';
import * as repo from './access.repository.js';
import { hashPassword, passwordProblem, verifyAgainstDummy, verifyPassword } from './password.js';
import { hashSessionId, newSessionId } from './session.js';

/** What every access operation needs: the database, the current time and the timeouts. */
export interface AccessContext {
  db: Db;
  now: Date;
  config: Pick<Config, 'sessionIdleTimeoutSeconds' | 'sessionAbsoluteTimeoutSeconds'>;
}

/** The signed-in caller of a request. */
export interface Auth {
  accountId: string;
  sessionHash: string;
  principal: Principal;
  /** Names of the caller's groups, for group grants on objects. */
  groups: string[];
}

/** Failed sign-ins for one account within this window count towards the lock. */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** This many failures within the window lock further attempts until the window passes. */
export const LOGIN_FAILURE_LIMIT = 10;
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
 * and take about as long; after 10 failures within 15 minutes the account answers 429
 * until the window has passed.
 */
export async function login(ctx: AccessContext, input: LoginInput): Promise<Session> {
  const since = new Date(ctx.now.getTime() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
  const failures = await repo.listLoginFailures(ctx.db, input.username, since);
  if (failures.length >= LOGIN_FAILURE_LIMIT) {
    const unlockAt =
      (failures.at(-LOGIN_FAILURE_LIMIT) as Date).getTime() + LOGIN_FAILURE_WINDOW_SECONDS * 1000;
    throw new TooManyLoginAttemptsError(
      Math.max(1, Math.ceil((unlockAt - ctx.now.getTime()) / 1000)),
    );
  }

  const account = await repo.findAccountByName(ctx.db, input.username);
  let valid = false;
  if (account?.password_hash) valid = await verifyPassword(account.password_hash, input.password);
  else await verifyAgainstDummy(input.password);
  if (!account || !valid) {
    await repo.recordLoginFailure(ctx.db, input.username, input.address, ctx.now);
    throw new InvalidCredentialsError();
  }
  if (!account.enabled) throw new AccountDisabledError();

  await repo.clearLoginFailures(ctx.db, input.username);
  return startSession(ctx, account.id, input.address, input.userAgent);
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

/** Ends the session of `token`; ending an unknown or already ended session is not an error. */
export async function logout(ctx: AccessContext, token: string): Promise<void> {
  await repo.deleteSession(ctx.db, hashSessionId(token));
}

/**
 * The caller behind an access token, or null when the token is unknown, expired (absolute
 * or idle timeout) or its account is disabled. Expired sessions are deleted on sight.
 */
export async function authenticate(ctx: AccessContext, token: string): Promise<Auth | null> {
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
  if (now - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
    await repo.touchSession(ctx.db, sessionHash, ctx.now);
  }
  const [roles, groups] = await Promise.all([
    repo.listRolesOfAccount(ctx.db, account.id),
    repo.listGroupsOfAccount(ctx.db, account.id),
  ]);
  return { accountId: account.id, sessionHash, principal: toPrincipal(account, roles), groups };
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
  const held = new Set(auth.principal.roles);
  if (held.has('administrator')) return true;
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

/** Updates the caller's own name, email and description; read-only accounts get 403. */
export async function updateProfile(
  ctx: AccessContext,
  auth: Auth,
  update: ProfileUpdate,
): Promise<Profile> {
  if (auth.principal.readonly) throw new ReadonlyUserError();
  await repo.updateAccountProfile(
    ctx.db,
    auth.accountId,
    {
      ...(update.email !== undefined ? { email: update.email } : {}),
      ...(update.description !== undefined ? { description: update.description } : {}),
      ...(update.givenName !== undefined ? { given_name: update.givenName } : {}),
      ...(update.surname !== undefined ? { surname: update.surname } : {}),
    },
    ctx.now,
  );
  return getProfile(ctx, auth);
}

/**
 * Changes the caller's password after checking the current one. Every session of the
 * account ends, the caller's included; the answer is a fresh session so that the caller
 * stays signed in on this device only.
 */
export async function changePassword(
  ctx: AccessContext,
  auth: Auth,
  input: { currentPassword: string; newPassword: string; address: string; userAgent: string },
): Promise<Session> {
  if (auth.principal.readonly) throw new ReadonlyUserError();
  const account = await repo.findAccountById(ctx.db, auth.accountId);
  if (
    !account?.password_hash ||
    !(await verifyPassword(account.password_hash, input.currentPassword))
  ) {
    throw new PasswordRefusedError(ErrorCode.passwordWrongCurrent);
  }
  const problem = await passwordProblem(input.newPassword, account.name);
  if (problem) throw new PasswordRefusedError(problem);
  const hash = await hashPassword(input.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    const tctx = { ...ctx, db: trx };
    await repo.updateAccountPassword(trx, account.id, hash, ctx.now);
    await repo.deleteSessionsOfAccount(trx, account.id);
    return startSession(tctx, account.id, input.address, input.userAgent);
  });
}

/** Enables or disables an account; disabling ends all its sessions at once. */
export async function setAccountEnabled(ctx: AccessContext, accountId: string, enabled: boolean) {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateAccountEnabled(trx, accountId, enabled, ctx.now);
    if (!enabled) await repo.deleteSessionsOfAccount(trx, accountId);
  });
}
