import { randomBytes } from 'node:crypto';
import type { SeedStep } from '../../db/seed/seed-step.js';
import {
  addGroupMember,
  ensureGroup,
  findAccountByName,
  grantGroupRole,
  insertAccount,
} from './access.repository.js';
import { hashPassword } from './password.js';
import { newId } from './session.js';

/** Groups that carry the built-in roles; accounts get their roles by membership. */
const roleGroups = [
  { id: 'administrators', name: 'Administrators', role: 'administrator' },
  { id: 'editors', name: 'Editors', role: 'editor' },
  { id: 'submitters', name: 'Submitters', role: 'submitter' },
] as const;

/** The demo accounts of DESIGN §3: admin, editor and submitter, each in its role's group. */
export const demoAccounts = [
  { name: 'admin', group: 'administrators', givenName: 'Ada', surname: 'Admin' },
  { name: 'editor', group: 'editors', givenName: 'Erik', surname: 'Editor' },
  { name: 'submitter', group: 'submitters', givenName: 'Sina', surname: 'Submitter' },
] as const;

/** A demo account's password: public, in the README, and only ever on a demo database. */
export const demoPassword = (name: string) => `${name}-demo`;

/** Seeds the demo accounts. */
export const demoAccountsStep: SeedStep = {
  name: 'demo-accounts',
  async apply(db, { now }) {
    const demo = demoAccounts;
    for (const g of roleGroups) {
      await ensureGroup(db, g.id, g.name);
      await grantGroupRole(db, g.id, g.role);
    }
    for (const account of demo) {
      const id = newId();
      await insertAccount(
        db,
        {
          id,
          name: account.name,
          passwordHash: await hashPassword(demoPassword(account.name)),
          givenName: account.givenName,
          surname: account.surname,
          email: `${account.name}@geoportal.example`,
        },
        now,
      );
      await addGroupMember(db, account.group, id);
    }
  },
};

/**
 * The first administrator of a database without demo data: `admin` with `ADMIN_PASSWORD`,
 * or a random password printed once to the log.
 */
export const bootstrapAdminStep: SeedStep = {
  name: 'bootstrap-admin',
  async apply(db, { config, log, now }) {
    if (await findAccountByName(db, 'admin')) return;
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    const id = newId();
    await insertAccount(db, { id, name: 'admin', passwordHash: await hashPassword(password) }, now);
    await ensureGroup(db, 'administrators', 'Administrators');
    await grantGroupRole(db, 'administrators', 'administrator');
    await addGroupMember(db, 'administrators', id);
    if (!config.adminPassword) {
      log.warn(
        `Created the account "admin" with the password ${password} — change it after signing in.`,
      );
    } else {
      log.info('Created the account "admin" with the password from ADMIN_PASSWORD.');
    }
  },
};
