import { ErrorBody } from '@geoportal/contract/errors';
import { RoleList, TemporaryPassword, UserDetail, UserList } from '@geoportal/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('user administration on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    await createAccount(t.app, 'root', 'root password 1', { role: 'administrator' });
    await createAccount(t.app, 'ed', 'ed password 1', { role: 'editor' });
    await createAccount(t.app, 'ext', 'ext password 1', { attributes: { org: ['LGL'] } });
    tokens.root = await signIn(t.app, 'root', 'root password 1');
    tokens.ed = await signIn(t.app, 'ed', 'ed password 1');
    // The start-up administrator (random password) steps aside, so `root` is the only one.
    const res = await call('PUT', '/users/admin/disabled', 'root', true);
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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
      // As JSON text, so that `false` is a body too.
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });
  const code = (res: { json(): unknown }) => ErrorBody.parse(res.json()).code;
  const auditActions = async (target: string) =>
    (
      await t.app.db
        .selectFrom('audit_entry')
        .select('action')
        .where('target', '=', target)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  describe('access', () => {
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/users'],
      ['POST', '/users', { name: 'x', password: 'long enough 1' }],
      ['GET', '/users/ed'],
      ['PUT', '/users/ed', { version: 1 }],
      ['DELETE', '/users/ed'],
      ['PUT', '/users/ed/disabled', true],
      ['DELETE', '/users/ed/lock'],
      ['PUT', '/users/ed/password', {}],
      ['GET', '/roles'],
      ['GET', '/audit'],
    ];
    it('answers 401 without sign-in and 403 to non-administrators on every endpoint', async () => {
      for (const [method, url, body] of endpoints) {
        const anonymous = await call(method as 'GET', url, undefined, body);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(code(anonymous)).toBe('auth.required');
        const editor = await call(method as 'GET', url, 'ed', body);
        expect(editor.statusCode, `${method} ${url}`).toBe(403);
        expect(code(editor)).toBe('auth.forbidden');
      }
      const rows = await t.app.db
        .selectFrom('account')
        .select('enabled')
        .where('name', '=', 'ed')
        .execute();
      expect(rows).toEqual([{ enabled: true }]);
      expect(await auditActions('ed')).toEqual([]);
    });
  });

  describe('POST /users', () => {
    it('refuses bad bodies with 400 and names the field', async () => {
      for (const body of [
        {},
        { name: 'a b', password: 'long enough 1' },
        { name: 'ok', password: 'short' },
        { name: 'ok', password: 'long enough 1', email: 'not-an-email' },
        { name: 'ok', password: 'long enough 1', roles: ['wizard'] },
        { name: 'ok', password: 'long enough 1', groups: ['no such group'] },
        { name: 'ok', password: 'password' },
      ]) {
        const res = await call('POST', '/users', 'root', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(ErrorBody.parse(res.json()).fields?.length).toBeGreaterThan(0);
      }
      expect(
        (
          await call('POST', '/users', 'root', {
            name: 'ok',
            password: 'long enough 1',
            roles: ['wizard'],
          })
        ).json().code,
      ).toBe('role.unknown');
      expect((await call('GET', '/users/ok', 'root')).statusCode).toBe(404);
      expect(await auditActions('ok')).toEqual([]);
    });

    it('creates a user who must change the password, without a hash in the answer', async () => {
      const res = await call('POST', '/users', 'root', {
        name: 'Anna',
        password: 'temporary secret 1',
        email: 'anna@example.org',
        givenName: 'Anna',
        surname: 'Berg',
        roles: ['submitter'],
      });
      expect(res.statusCode).toBe(201);
      const user = UserDetail.parse(res.json());
      expect(user).toMatchObject({
        name: 'Anna',
        mustChangePassword: true,
        disabled: false,
        locked: false,
        roles: ['submitter'],
        effectiveRoles: ['submitter'],
        ownedRecords: 0,
        version: 1,
      });
      expect(res.body).not.toMatch(/argon|temporary secret/);
      const principal = await call(
        'GET',
        '/access/authorized',
        await signIn(t.app, 'anna', 'temporary secret 1'),
      );
      expect(principal.json()).toMatchObject({ name: 'Anna', mustChangePassword: true });
      const audit = await t.app.db
        .selectFrom('audit_entry')
        .selectAll()
        .where('target', '=', 'Anna')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'user.create', actor: 'root', target_kind: 'user' });
      expect(audit[0]?.request_id).not.toBe('');
      expect(JSON.stringify(audit)).not.toMatch(/argon|temporary secret|password_hash/);
    });

    it('answers 409 user.exists for a taken name in any case', async () => {
      const res = await call('POST', '/users', 'root', { name: 'ANNA', password: 'long enough 1' });
      expect(res.statusCode).toBe(409);
      expect(code(res)).toBe('user.exists');
    });

    it('clears the must-change flag when the user picks a new password', async () => {
      await call('POST', '/users', 'root', { name: 'cora', password: 'cora start 12' });
      const token = await signIn(t.app, 'cora', 'cora start 12');
      const changed = await call('PUT', '/access/profile/password', token, {
        currentPassword: 'cora start 12',
        newPassword: 'cora own choice 9',
      });
      expect(changed.statusCode).toBe(200);
      const principal = await call('GET', '/access/authorized', changed.json().id);
      expect(principal.json().mustChangePassword).toBeUndefined();
    });
  });

  describe('GET /users', () => {
    it('searches name, names and e-mail by infix without case, filters, sorts and pages', async () => {
      const list = async (query: string) =>
        UserList.parse((await call('GET', `/users?${query}`, 'root')).json());
      expect((await list('q=ERG')).docs.map((u) => u.name)).toEqual(['Anna']);
      expect((await list('q=example.ORG')).docs.map((u) => u.name)).toEqual(['Anna']);
      expect((await list('q=%25')).numFound).toBe(0);
      expect((await list('role=administrator')).docs.map((u) => u.name)).toEqual(['admin', 'root']);
      expect((await list('role=administrator&disabled=false')).docs.map((u) => u.name)).toEqual([
        'root',
      ]);
      expect((await list('role=editor')).docs.map((u) => u.name)).toEqual(['ed']);
      expect((await list('group=editor%20group')).docs.map((u) => u.name)).toEqual(['ed']);
      const page = await list('sort=-name&rows=2&start=1');
      expect(page.rows).toBe(2);
      const all = await list('sort=-name&rows=200');
      expect(all.docs.map((u) => u.name)).toEqual(
        [...all.docs.map((u) => u.name)].sort((a, b) =>
          b.toLowerCase().localeCompare(a.toLowerCase()),
        ),
      );
      expect(page.docs.map((u) => u.name)).toEqual(all.docs.slice(1, 3).map((u) => u.name));
      expect(page.numFound).toBe(all.numFound);
      expect((await list('disabled=true')).docs.map((u) => u.name)).toEqual(['admin']);
      expect((await list('disabled=false')).numFound).toBe(all.numFound - 1);
      expect((await call('GET', '/users?sort=password', 'root')).statusCode).toBe(400);
      expect((await call('GET', '/users?rows=0', 'root')).statusCode).toBe(400);
      expect(JSON.stringify(all)).not.toMatch(/argon|hash/);
    });

    it('marks a user from an external realm as read-only', async () => {
      const user = UserDetail.parse((await call('GET', '/users/ext', 'root')).json());
      expect(user.readonly).toBe(true);
    });

    it('lists the known roles', async () => {
      const roles = RoleList.parse((await call('GET', '/roles', 'root')).json());
      expect(roles.map((r) => r.name)).toEqual(['administrator', 'editor', 'submitter']);
    });
  });

  describe('PUT /users/{name}', () => {
    it('answers 404 for an unknown user and 400 for a body without version', async () => {
      expect(code(await call('PUT', '/users/nobody', 'root', { version: 1 }))).toBe(
        'user.not_found',
      );
      expect((await call('PUT', '/users/Anna', 'root', { email: 'a@b.de' })).statusCode).toBe(400);
    });

    it('saves fields and roles, and refuses a stale version with 409', async () => {
      const before = UserDetail.parse((await call('GET', '/users/anna', 'root')).json());
      const first = await call('PUT', '/users/anna', 'root', {
        version: before.version,
        surname: 'Berg-Tal',
        roles: ['editor'],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        surname: 'Berg-Tal',
        roles: ['editor'],
        version: before.version + 1,
      });
      const second = await call('PUT', '/users/anna', 'root', {
        version: before.version,
        surname: 'Lost',
      });
      expect(second.statusCode).toBe(409);
      expect(code(second)).toBe('user.version_conflict');
      expect(UserDetail.parse((await call('GET', '/users/anna', 'root')).json()).surname).toBe(
        'Berg-Tal',
      );
      const entry = await t.app.db
        .selectFrom('audit_entry')
        .select('details')
        .where('target', '=', 'Anna')
        .where('action', '=', 'user.update')
        .executeTakeFirstOrThrow();
      expect(entry.details).toEqual({
        surname: { before: 'Berg', after: 'Berg-Tal' },
        roles: { before: ['submitter'], after: ['editor'] },
      });
    });

    it('keeps the fields of a read-only user but changes their roles', async () => {
      const user = UserDetail.parse((await call('GET', '/users/ext', 'root')).json());
      const refused = await call('PUT', '/users/ext', 'root', {
        version: user.version,
        email: 'x@y.de',
      });
      expect(refused.statusCode).toBe(403);
      expect(code(refused)).toBe('user.readonly');
      const roles = await call('PUT', '/users/ext', 'root', {
        version: user.version,
        roles: ['submitter'],
      });
      expect(roles.statusCode).toBe(200);
      expect(roles.json().effectiveRoles).toEqual(['submitter']);
      expect((await call('PUT', '/users/ext/password', 'root', {})).statusCode).toBe(403);
    });
  });

  describe('lifecycle', () => {
    it('disabling ends every session at once, enabling lets the user in again', async () => {
      await call('POST', '/users', 'root', {
        name: 'dora',
        password: 'dora start 12',
        mustChangePassword: false,
      });
      const token = await signIn(t.app, 'dora', 'dora start 12');
      expect((await call('GET', '/access/authorized', token)).statusCode).toBe(200);
      expect(
        (await call('PUT', '/users/dora/disabled', 'root', { disabled: true })).statusCode,
      ).toBe(400);
      const off = await call('PUT', '/users/dora/disabled', 'root', true);
      expect(off.statusCode).toBe(200);
      expect(off.json().disabled).toBe(true);
      expect((await call('GET', '/access/authorized', token)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/access/authorize',
        payload: { username: 'dora', password: 'dora start 12' },
      });
      expect(login.statusCode).toBe(403);
      expect((await call('PUT', '/users/dora/disabled', 'root', false)).json().disabled).toBe(
        false,
      );
      await signIn(t.app, 'dora', 'dora start 12');
      expect(await auditActions('dora')).toEqual(['user.create', 'user.disable', 'user.enable']);
      expect(code(await call('PUT', '/users/nobody/disabled', 'root', true))).toBe(
        'user.not_found',
      );
    });

    it('shows and lifts the sign-in lock-out', async () => {
      for (let i = 0; i < 10; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/access/authorize',
          payload: { username: 'dora', password: 'wrong guess' },
        });
      }
      expect(UserDetail.parse((await call('GET', '/users/dora', 'root')).json()).locked).toBe(true);
      const unlocked = await call('DELETE', '/users/dora/lock', 'root');
      expect(unlocked.statusCode).toBe(200);
      expect(unlocked.json().locked).toBe(false);
      await signIn(t.app, 'dora', 'dora start 12');
      expect(await auditActions('dora')).toContain('user.unlock');
    });

    it('resets the password: answers it once, ends sessions, asks for a new one', async () => {
      const token = await signIn(t.app, 'dora', 'dora start 12');
      expect(
        (await call('PUT', '/users/dora/password', 'root', { password: 'short' })).statusCode,
      ).toBe(400);
      expect((await call('PUT', '/users/nobody/password', 'root', {})).statusCode).toBe(404);
      const res = await call('PUT', '/users/dora/password', 'root', {});
      expect(res.statusCode).toBe(200);
      const { password } = TemporaryPassword.parse(res.json());
      expect(password).toHaveLength(16);
      expect((await call('GET', '/access/authorized', token)).statusCode).toBe(401);
      const fresh = await signIn(t.app, 'dora', password);
      expect((await call('GET', '/access/authorized', fresh)).json().mustChangePassword).toBe(true);
      const audit = await t.app.db
        .selectFrom('audit_entry')
        .selectAll()
        .where('action', '=', 'user.password_reset')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit)).not.toContain(password);
      expect(
        JSON.stringify(await call('GET', '/users/dora', 'root').then((r) => r.json())),
      ).not.toContain(password);
    });

    it('deletes a user who owns records only with a successor, who receives them', async () => {
      await call('POST', '/users', 'root', {
        name: 'eva',
        password: 'eva start 123',
        roles: ['submitter'],
        mustChangePassword: false,
      });
      const token = await signIn(t.app, 'eva', 'eva start 123');
      const draft = await call('POST', '/object', token, { metadata: completeMetadata() });
      expect(draft.statusCode).toBe(201);
      const refused = await call('DELETE', '/users/eva', 'root');
      expect(refused.statusCode).toBe(409);
      expect(code(refused)).toBe('user.owns_records');
      expect(refused.json().message).toContain('1 record');
      expect((await call('DELETE', '/users/eva?successor=nobody', 'root')).statusCode).toBe(400);
      expect(code(await call('DELETE', '/users/eva?successor=EVA', 'root'))).toBe(
        'user.successor_invalid',
      );
      expect((await call('GET', '/users/eva', 'root')).statusCode).toBe(200);
      const deleted = await call('DELETE', '/users/eva?successor=ed', 'root');
      expect(deleted.statusCode).toBe(204);
      expect((await call('GET', '/users/eva', 'root')).statusCode).toBe(404);
      expect((await call('GET', '/access/authorized', token)).statusCode).toBe(401);
      const record = await call('GET', `/object/${draft.json().id}`, 'ed');
      expect(record.statusCode).toBe(200);
      expect(record.json().owner).toBe('ed');
      expect(await auditActions('eva')).toEqual(['user.create', 'user.delete']);
      expect(code(await call('DELETE', '/users/eva', 'root'))).toBe('user.not_found');
    });
  });

  describe('safety rails', () => {
    it('keeps the last enabled administrator on every user path, without audit entries', async () => {
      const root = UserDetail.parse((await call('GET', '/users/root', 'root')).json());
      const count = async () =>
        Number(
          (
            await t.app.db
              .selectFrom('audit_entry')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const entries = await count();
      for (const res of [
        await call('PUT', '/users/root/disabled', 'root', true),
        await call('DELETE', '/users/root', 'root'),
        await call('PUT', '/users/root', 'root', { version: root.version, groups: [] }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(code(res)).toBe('user.last_administrator');
      }
      expect(await count()).toBe(entries);
      const after = UserDetail.parse((await call('GET', '/users/root', 'root')).json());
      expect(after).toMatchObject({
        disabled: false,
        effectiveRoles: ['administrator'],
        version: root.version,
      });
    });

    it('lets no administrator lock themselves out while another one remains', async () => {
      await call('POST', '/users', 'root', {
        name: 'admin2',
        password: 'admin two 123',
        roles: ['administrator'],
        mustChangePassword: false,
      });
      tokens.admin2 = await signIn(t.app, 'admin2', 'admin two 123');
      const self = UserDetail.parse((await call('GET', '/users/admin2', 'admin2')).json());
      for (const res of [
        await call('PUT', '/users/admin2/disabled', 'admin2', true),
        await call('DELETE', '/users/admin2', 'admin2'),
        await call('PUT', '/users/admin2', 'admin2', { version: self.version, roles: [] }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(code(res)).toBe('user.self_lockout');
      }
      // Another administrator may take the role away, and it is gone on the next request.
      const taken = await call('PUT', '/users/admin2', 'root', {
        version: self.version,
        roles: [],
      });
      expect(taken.statusCode).toBe(200);
      expect((await call('GET', '/users', 'admin2')).statusCode).toBe(403);
    });
  });
});
