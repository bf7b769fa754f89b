import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/access-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { accountAuth } from '../access/access-kernel.js';
import type { UsersContext } from './admin-transaction.js';
import { createGroup, getGroup, setMembership, updateGroup } from './groups.service.js';
import { getUser, updateUser } from './users.service.js';

const users = ['u1', 'u2', 'u3'] as const;
const groups = ['g1', 'g2'] as const;
const roles = ['editor', 'submitter'] as const;

type Op =
  | { kind: 'grant' | 'revoke'; user: (typeof users)[number]; role: (typeof roles)[number] }
  | { kind: 'join' | 'leave'; user: (typeof users)[number]; group: (typeof groups)[number] }
  | { kind: 'groupRoles'; group: (typeof groups)[number]; roles: (typeof roles)[number][] };

const user = fc.constantFrom(...users);
const group = fc.constantFrom(...groups);
const role = fc.constantFrom(...roles);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('grant' as const, 'revoke' as const), user, role }),
  fc.record({ kind: fc.constantFrom('join' as const, 'leave' as const), user, group }),
  fc.record({
    kind: fc.constant('groupRoles' as const),
    group,
    roles: fc.uniqueArray(role, { maxLength: 2 }),
  }),
);

/** The roles each user should hold after `ops`, computed without the database. */
function reference(ops: Op[]): Record<string, string[]> {
  const direct = new Map<string, Set<string>>(users.map((u) => [u, new Set()]));
  const members = new Map<string, Set<string>>(groups.map((g) => [g, new Set()]));
  const groupRoles = new Map<string, string[]>(groups.map((g) => [g, []]));
  for (const o of ops) {
    if (o.kind === 'grant') direct.get(o.user)?.add(o.role);
    if (o.kind === 'revoke') direct.get(o.user)?.delete(o.role);
    if (o.kind === 'join') members.get(o.group)?.add(o.user);
    if (o.kind === 'leave') members.get(o.group)?.delete(o.user);
    if (o.kind === 'groupRoles') groupRoles.set(o.group, o.roles);
  }
  return Object.fromEntries(
    users.map((u) => {
      const held = new Set(direct.get(u));
      for (const g of groups) {
        if (members.get(g)?.has(u)) for (const r of groupRoles.get(g) ?? []) held.add(r);
      }
      return [u, [...held].sort()];
    }),
  );
}

describe('effectiveRoles', () => {
  let t: TestApp;
  let ctx: () => UsersContext;
  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' });
    const rootId = await createAccount(t.app, 'root', 'root password 1', {
      role: 'administrator',
    });
    const auth = await accountAuth(t.app.db, rootId);
    ctx = () => ({ db: t.app.db, now: t.app.clock(), auth: auth ?? null, requestId: 'prop' });
    for (const name of users) await createAccount(t.app, name, `${name} password 1`);
    for (const name of groups) {
      await createGroup(ctx(), { name, label: { de: name, en: name }, roles: [] });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function apply(o: Op) {
    if (o.kind === 'grant' || o.kind === 'revoke') {
      const current = await getUser(ctx(), o.user);
      const next =
        o.kind === 'grant' ? [...current.roles, o.role] : current.roles.filter((r) => r !== o.role);
      await updateUser(ctx(), o.user, { version: current.version, roles: next });
    } else if (o.kind === 'join' || o.kind === 'leave') {
      await setMembership(ctx(), o.group, o.user, o.kind === 'join');
    } else if (o.kind === 'groupRoles') {
      const current = await getGroup(ctx(), o.group);
      await updateGroup(ctx(), o.group, { version: current.version, roles: o.roles });
    }
  }

  it('equals the roles computed from the operations, after every sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        // Every run starts from users without roles or groups and groups without roles.
        for (const u of users) {
          const current = await getUser(ctx(), u);
          await updateUser(ctx(), u, { version: current.version, roles: [], groups: [] });
        }
        for (const g of groups) {
          const current = await getGroup(ctx(), g);
          await updateGroup(ctx(), g, { version: current.version, roles: [] });
        }
        for (const o of ops) await apply(o);
        const expected = reference(ops);
        for (const u of users) {
          expect((await getUser(ctx(), u)).effectiveRoles).toEqual(expected[u]);
          // The sign-in sees the same roles (no cache between change and request).
          const id = (
            await t.app.db
              .selectFrom('account')
              .select('id')
              .where('name', '=', u)
              .executeTakeFirstOrThrow()
          ).id;
          expect((await accountAuth(t.app.db, id))?.principal.roles).toEqual(expected[u]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
