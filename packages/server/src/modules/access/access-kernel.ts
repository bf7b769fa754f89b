import type { Db } from '../../db/database.js';
import { findAccountById, listGroupsOfAccount, listRolesOfAccount } from './access.repository.js';
import type { Auth } from './access.service.js';

/**
 * The access kernel: what other modules need of accounts outside a request's own sign-in.
 */

/**
 * An account as the policy sees it now: its id, name, roles and groups as they are at this
 * moment, or undefined when the account is disabled or gone. Without a session: the caller
 * acts on a credential issued earlier (a bearer token), not on a sign-in.
 */
export async function accountAuth(db: Db, accountId: string): Promise<Auth | undefined> {
  const account = await findAccountById(db, accountId);
  if (!account?.enabled) return undefined;
  const [roles, groups] = await Promise.all([
    listRolesOfAccount(db, account.id),
    listGroupsOfAccount(db, account.id),
  ]);
  return {
    accountId: account.id,
    sessionHash: '',
    principal: { name: account.name, readonly: false, roles },
    groups,
  };
}
