import type { Db } from '../../db/database.js';
import { requireAdministrator } from '../../http/guards.js';
import type { RequestContext } from '../../http/request-context.js';
import type { AuditSource } from '../audit/audit.service.js';
import { LastAdministratorError, MANAGE_USERS, SelfLockoutError } from './users.errors.js';
import { enabledAdministratorIds, lockAdministration } from './users.repository.js';

/** What user and group administration needs of a request. */
export type UsersContext = Pick<RequestContext, 'db' | 'now' | 'auth'> & { requestId: string };

/**
 * Runs one administrative change in a transaction and checks the safety rails on its
 * outcome, whatever path led there: at least one enabled administrator remains, and the
 * acting administrator still is one. A change that breaks a rail rolls back whole, its audit
 * entries with it. Changes run one after the other (`lockAdministration`), so two
 * administrators cannot each remove the other.
 */
export async function administer<T>(
  ctx: UsersContext,
  change: (trx: Db, source: AuditSource) => Promise<T>,
): Promise<T> {
  // Also reached outside HTTP: the console's and the CLI's user commands.
  const auth = requireAdministrator(ctx.auth, MANAGE_USERS);
  const source: AuditSource = {
    actor: auth.principal.name,
    requestId: ctx.requestId,
    now: ctx.now,
  };
  return ctx.db.transaction().execute(async (trx) => {
    await lockAdministration(trx);
    const result = await change(trx, source);
    const administrators = await enabledAdministratorIds(trx);
    if (administrators.length === 0) throw new LastAdministratorError();
    if (!administrators.includes(auth.accountId)) throw new SelfLockoutError();
    return result;
  });
}
