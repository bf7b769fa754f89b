import { ErrorBody } from '@geoportal/contract/errors';
import { AuditList, GroupDetail, GroupList } from '@geoportal/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('groups, members and the audit log on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    await createAccount(t.app, 'root', 'root password 1', { role: 'administrator' });
    await createAccount(t.app, 'sam', 'sam password 1');
    tokens.root = await signIn(t.app, 'root', 'root password 1');
    tokens.sam = await signIn(t.app, 'sam', 'sam password 1');
    // The start-up administrator steps aside, so `root` is the only enabled one.
    expect((await call('PUT', '/users/admin/disabled', 'root', true)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    who?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(who ? withToken(tokens[who] ?? who) : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
  const code = (res: { json(): unknown }) => ErrorBody.parse(res.json()).code;
  const isAllowed = async (who: string, role: string) =>
    (await call('POST', '/access/isAllowed', who, [role])).json() as boolean;
  const auditCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('audit_entry')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 401 without sign-in and 403 to non-administrators on every endpoint', async () => {
    const body = { name: 'x', label: { de: 'x', en: 'x' } };
    for (const [method, url, payload] of [
      ['GET', '/groups'],
      ['POST', '/groups', body],
      ['GET', '/groups/x'],
      ['PUT', '/groups/x', { version: 1 }],
      ['DELETE', '/groups/x'],
      ['PUT', '/groups/x/members/sam'],
      ['DELETE', '/groups/x/members/sam'],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      );
      expect((await call(method, url, 'sam', payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses bad bodies with 400, unknown groups and users with 404, taken names with 409', async () => {
    for (const payload of [
      {},
      { name: 'a/b', label: { de: 'x', en: 'x' } },
      { name: 'ok', label: { de: 'x' } },
      { name: 'ok', label: { de: 'x', en: 'x' }, roles: ['wizard'] },
    ]) {
      expect((await call('POST', '/groups', 'root', payload)).statusCode).toBe(400);
    }
    expect(code(await call('GET', '/groups/none', 'root'))).toBe('group.not_found');
    expect(code(await call('PUT', '/groups/none/members/sam', 'root'))).toBe('group.not_found');
    const created = await call('POST', '/groups', 'root', {
      name: 'Redaktion',
      label: { de: 'Redaktion', en: 'Editorial team' },
      roles: ['editor'],
    });
    expect(created.statusCode).toBe(201);
    expect(GroupDetail.parse(created.json())).toMatchObject({
      name: 'Redaktion',
      roles: ['editor'],
      members: 0,
      memberNames: [],
      version: 1,
    });
    const taken = await call('POST', '/groups', 'root', {
      name: 'redaktion',
      label: { de: 'x', en: 'x' },
    });
    expect(taken.statusCode).toBe(409);
    expect(code(taken)).toBe('group.exists');
    expect(code(await call('PUT', '/groups/redaktion/members/nobody', 'root'))).toBe(
      'user.not_found',
    );
  });

  it('gives a group’s role to a member at once and takes it away at once', async () => {
    expect(await isAllowed('sam', 'editor')).toBe(false);
    const added = await call('PUT', '/groups/Redaktion/members/sam', 'root');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ members: 1, memberNames: ['sam'] });
    expect(await isAllowed('sam', 'editor')).toBe(true);
    const sam = (await call('GET', '/users/sam', 'root')).json();
    expect(sam).toMatchObject({ groups: ['Redaktion'], roles: [], effectiveRoles: ['editor'] });
    // Twice is the same and writes no second entry.
    const entries = await auditCount();
    expect((await call('PUT', '/groups/Redaktion/members/sam', 'root')).statusCode).toBe(200);
    expect(await auditCount()).toBe(entries);

    const removed = await call('DELETE', '/groups/Redaktion/members/sam', 'root');
    expect(removed.json()).toMatchObject({ members: 0 });
    expect(await isAllowed('sam', 'editor')).toBe(false);

    await call('PUT', '/groups/Redaktion/members/sam', 'root');
    const group = GroupDetail.parse((await call('GET', '/groups/Redaktion', 'root')).json());
    const changed = await call('PUT', '/groups/Redaktion', 'root', {
      version: group.version,
      roles: ['submitter'],
      label: { de: 'Redaktion', en: 'Editors' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await isAllowed('sam', 'editor')).toBe(false);
    expect(await isAllowed('sam', 'submitter')).toBe(true);
    const stale = await call('PUT', '/groups/Redaktion', 'root', { version: group.version });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe('group.version_conflict');
    const list = GroupList.parse((await call('GET', '/groups', 'root')).json());
    expect(list.find((g) => g.name === 'Redaktion')).toMatchObject({
      label: { de: 'Redaktion', en: 'Editors' },
      roles: ['submitter'],
      members: 1,
    });
  });

  it('keeps the last administrator when a group would take the role away', async () => {
    // root is an administrator only through the "administrator group" of the test helper.
    const adminGroup = GroupDetail.parse(
      (await call('GET', '/groups/administrator%20group', 'root')).json(),
    );
    const entries = await auditCount();
    for (const res of [
      await call('DELETE', '/groups/administrator%20group/members/root', 'root'),
      await call('DELETE', '/groups/administrator%20group', 'root'),
      await call('PUT', '/groups/administrator%20group', 'root', {
        version: adminGroup.version,
        roles: [],
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(code(res)).toBe('user.last_administrator');
    }
    expect(await auditCount()).toBe(entries);
    expect(await isAllowed('root', 'administrator')).toBe(true);
  });

  it('deletes a group: its members lose its roles', async () => {
    expect((await call('DELETE', '/groups/Redaktion', 'root')).statusCode).toBe(204);
    expect(await isAllowed('sam', 'submitter')).toBe(false);
    expect((await call('GET', '/users/sam', 'root')).json().groups).toEqual([]);
  });

  describe('GET /audit', () => {
    it('refuses bad filters with 400 and has no way to change entries', async () => {
      expect((await call('GET', '/audit?from=yesterday', 'root')).statusCode).toBe(400);
      expect((await call('GET', '/audit?rows=1000', 'root')).statusCode).toBe(400);
      for (const method of ['PUT', 'DELETE', 'POST', 'PATCH'] as const) {
        expect((await call(method, '/audit', 'root', {})).statusCode).toBe(404);
        expect((await call(method, '/audit/1', 'root', {})).statusCode).toBe(404);
      }
    });

    it('lists every change newest first, filtered by actor, action, target and time', async () => {
      const all = AuditList.parse((await call('GET', '/audit?rows=200', 'root')).json());
      expect(all.docs.map((e) => e.action).reverse()).toEqual([
        'user.disable',
        'group.create',
        'group.member_add',
        'group.member_remove',
        'group.member_add',
        'group.update',
        'group.delete',
      ]);
      expect(all.docs.every((e) => e.actor === 'root' && e.requestId !== '')).toBe(true);
      const update = all.docs.find((e) => e.action === 'group.update');
      expect(update?.details).toEqual({
        label: {
          before: { de: 'Redaktion', en: 'Editorial team' },
          after: { de: 'Redaktion', en: 'Editors' },
        },
        roles: { before: ['editor'], after: ['submitter'] },
      });
      const members = AuditList.parse(
        (await call('GET', '/audit?action=group.member_add&target=Redaktion', 'root')).json(),
      );
      expect(members.numFound).toBe(2);
      expect(members.docs[0]?.details).toEqual({ user: 'sam' });
      const groups = AuditList.parse((await call('GET', '/audit?action=group', 'root')).json());
      expect(groups.numFound).toBe(6);
      expect(AuditList.parse((await call('GET', '/audit?actor=sam', 'root')).json()).numFound).toBe(
        0,
      );
      const at = all.docs[0]?.at as string;
      const later = new Date(Date.parse(at) + 1000).toISOString();
      expect(
        AuditList.parse((await call('GET', `/audit?from=${later}`, 'root')).json()).numFound,
      ).toBe(0);
      expect(
        AuditList.parse((await call('GET', `/audit?to=${later}&rows=2&start=1`, 'root')).json())
          .docs,
      ).toEqual(all.docs.slice(1, 3));
    });
  });
});
