import { randomBytes } from 'node:crypto';
import type { TemporaryPassword, UserDetail } from '@geoportal/contract/users';
import { requireAdministrator } from '../../http/guards.js';
import { ReadonlyUserError } from '../access/access.errors.js';
import { endSessionsOfAccount, unlockSignIn } from '../access/access.service.js';
import { hashPassword } from '../access/password.js';
import { writeAudit } from '../audit/audit.service.js';
import { transferOwner } from '../objects/object-writes.js';
import { administer, type UsersContext } from './admin-transaction.js';
import { MANAGE_USERS, OwnsRecordsError, SuccessorInvalidError } from './users.errors.js';
import * as repo from './users.repository.js';
import { checkPassword, getUser, loadUser, nameKey } from './users.service.js';

/**
 * Disables or enables the user `name`. Disabling ends every session at once: the user's
 * next request, on any device, is anonymous.
 */
export async function setDisabled(
  ctx: UsersContext,
  name: string,
  disabled: boolean,
): Promise<UserDetail> {
  await administer(ctx, async (trx, source) => {
    const row = await loadUser(trx, name);
    if (row.enabled === !disabled) return;
    await repo.updateUser(trx, row.id, { enabled: !disabled }, ctx.now);
    if (disabled) await endSessionsOfAccount(trx, row.id);
    await writeAudit(trx, source, {
      action: disabled ? 'user.disable' : 'user.enable',
      targetKind: 'user',
      target: row.name,
      details: { disabled: { before: !disabled, after: disabled } },
    });
  });
  return getUser(ctx, name);
}

/** Lifts the sign-in lock-out after failed password checks. */
export async function unlockUser(ctx: UsersContext, name: string): Promise<UserDetail> {
  await administer(ctx, async (trx, source) => {
    const row = await loadUser(trx, name);
    await unlockSignIn(trx, row.name);
    await writeAudit(trx, source, { action: 'user.unlock', targetKind: 'user', target: row.name });
  });
  return getUser(ctx, name);
}

/** A temporary password: 16 random characters, easy to read out and type. */
export function temporaryPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Sets a temporary password that the user must replace at the next sign-in, and ends all
 * their sessions. Answers the password once; only its hash is stored.
 */
export async function resetPassword(
  ctx: UsersContext,
  name: string,
  chosen: string | undefined,
): Promise<TemporaryPassword> {
  requireAdministrator(ctx.auth, MANAGE_USERS);
  const row = await loadUser(ctx.db, name);
  if (Object.keys(row.attributes ?? {}).length > 0) throw new ReadonlyUserError();
  const password = chosen ?? temporaryPassword();
  await checkPassword(password, row.name);
  const hash = await hashPassword(password);
  await administer(ctx, async (trx, source) => {
    const current = await loadUser(trx, name);
    await repo.updateUser(
      trx,
      current.id,
      { password_hash: hash, must_change_password: true },
      ctx.now,
    );
    await endSessionsOfAccount(trx, current.id);
    await writeAudit(trx, source, {
      action: 'user.password_reset',
      targetKind: 'user',
      target: current.name,
      details: { mustChangePassword: { before: current.must_change_password, after: true } },
    });
  });
  return { password };
}

/**
 * Deletes the user `name`. Their records go to `successorName`; without one, a user who
 * owns records is kept (409 with the count).
 */
export async function deleteUser(
  ctx: UsersContext,
  name: string,
  successorName: string | undefined,
): Promise<void> {
  await administer(ctx, async (trx, source) => {
    const row = await loadUser(trx, name);
    const owned = await repo.countOwnedRecords(trx, row.id);
    let successor: repo.UserRow | undefined;
    if (successorName !== undefined) {
      successor = await repo.findUserRow(trx, nameKey(successorName));
      if (!successor) throw new SuccessorInvalidError('The successor does not exist.');
      if (successor.id === row.id) {
        throw new SuccessorInvalidError('The successor must be another user.');
      }
    }
    if (owned > 0 && !successor) throw new OwnsRecordsError(owned);
    let moved: string[] = [];
    if (successor && owned > 0) {
      // Through the objects write kernel: an audit entry per record, the search learns the owner.
      moved = await transferOwner(
        trx,
        { name: source.actor, audit: source },
        { id: row.id, name: row.name },
        { id: successor.id, name: successor.name },
      );
    }
    await repo.deleteAccount(trx, row.id);
    await writeAudit(trx, source, {
      action: 'user.delete',
      targetKind: 'user',
      target: row.name,
      details: successor ? { records: moved.length, successor: successor.name } : {},
    });
  });
}
