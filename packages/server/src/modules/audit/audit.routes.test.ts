import { Session } from '@geoportal/contract/access';
import { ErrorBody } from '@geoportal/contract/errors';
import { type AuditEntry, AuditList } from '@geoportal/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, testClock, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { writeAudit } from './audit.service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe.each(testDatabases)('the audit log on $name', (database) => {
  let t: TestApp;
  const clock = testClock();
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database, {}, { clock });
    await createAccount(t.app, 'root', 'root password 1', { role: 'administrator' });
    await createAccount(t.app, 'ed', 'ed password 1', { role: 'editor' });
    await createAccount(t.app, 'sub', 'sub password 1', { role: 'submitter' });
    await createAccount(t.app, 'maria', 'maria password 1', { role: 'submitter' });
    await createAccount(t.app, 'ext', 'ext password 1', { attributes: { org: ['LGL'] } });
    for (const name of ['root', 'ed', 'sub', 'maria', 'ext']) {
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: Method, url: string, who?: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(who ? withToken(tokens[who] ?? who) : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  /** `GET /audit` with the query, as the administrator. */
  async function audit(query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const res = await call('GET', `/audit?${search}`, 'root');
    expect(res.statusCode, res.body).toBe(200);
    return AuditList.parse(res.json());
  }

  /** Every entry, page by page (the largest page is 200 rows). */
  async function everything(): Promise<{ docs: AuditEntry[]; text: string }> {
    const docs: AuditEntry[] = [];
    for (let start = 0; ; start += 200) {
      const res = await call('GET', `/audit?start=${start}&rows=200`, 'root');
      expect(res.statusCode).toBe(200);
      const page = AuditList.parse(res.json());
      docs.push(...page.docs);
      if (start + 200 >= page.numFound) return { docs, text: JSON.stringify(docs) };
    }
  }

  const summary = (docs: AuditEntry[]) => docs.map((d) => `${d.action} ${d.target}`);

  describe('who may read it', () => {
    it('answers 401 to visitors, before the query is checked', async () => {
      for (const url of ['/audit', '/audit?rows=100000', '/audit?from=yesterday']) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(401);
        expect(ErrorBody.parse(res.json())).toMatchObject({ status: 401, code: 'auth.required' });
      }
    });

    it('answers 403 to submitters and editors, naming the audit log', async () => {
      for (const who of ['sub', 'ed', 'maria', 'ext']) {
        const res = await call('GET', '/audit?rows=100000', who);
        expect(res.statusCode, who).toBe(403);
        expect(ErrorBody.parse(res.json())).toEqual({
          status: 403,
          code: 'auth.forbidden',
          message: 'Only administrators may see the audit log.',
        });
      }
    });

    it('answers administrators, never from a cache', async () => {
      const res = await call('GET', '/audit', 'root');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(AuditList.parse(res.json())).toMatchObject({ start: 0, rows: 50 });
    });
  });

  describe('listing, filters and paging', () => {
    const at: Date[] = [];
    beforeAll(async () => {
      // Three administrative changes a minute apart: two groups, then a member of one.
      at.push(clock());
      const label = { de: 'Gruppe', en: 'Group' };
      expect((await call('POST', '/groups', 'root', { name: 'alpha', label })).statusCode).toBe(
        201,
      );
      clock.advance(60);
      at.push(clock());
      expect((await call('POST', '/groups', 'root', { name: 'beta', label })).statusCode).toBe(201);
      clock.advance(60);
      at.push(clock());
      expect((await call('PUT', '/groups/alpha/members/ed', 'root')).statusCode).toBe(200);
      clock.advance(60);
    });

    it('lists entries newest first with time, actor, action, target, details and request', async () => {
      const list = await audit({ action: 'group' });
      expect(list).toMatchObject({ numFound: 3, start: 0, rows: 50 });
      expect(summary(list.docs)).toEqual([
        'group.member_add alpha',
        'group.create beta',
        'group.create alpha',
      ]);
      const [member, , created] = list.docs as [AuditEntry, AuditEntry, AuditEntry];
      expect(member).toMatchObject({
        at: at[2]?.toISOString(),
        actor: 'root',
        targetKind: 'group',
      });
      expect(created).toMatchObject({
        at: at[0]?.toISOString(),
        actor: 'root',
        targetKind: 'group',
        details: { label: { after: { de: 'Gruppe', en: 'Group' } }, roles: { after: [] } },
      });
      // The request id finds the entry's request in the server log.
      expect(new Set(list.docs.map((d) => d.requestId)).size).toBe(3);
      for (const doc of list.docs) expect(doc.requestId).not.toBe('');
    });

    it('filters by actor, exact action, kind of action and target', async () => {
      expect(summary((await audit({ target: 'alpha' })).docs)).toEqual([
        'group.member_add alpha',
        'group.create alpha',
      ]);
      expect(summary((await audit({ action: 'group.create' })).docs)).toEqual([
        'group.create beta',
        'group.create alpha',
      ]);
      expect((await audit({ actor: 'root', action: 'group' })).numFound).toBe(3);
      expect((await audit({ actor: 'ed', action: 'group' })).numFound).toBe(0);
      expect((await audit({ actor: 'nobody' })).numFound).toBe(0);
      // A kind matches whole words only, and LIKE's wildcards are plain characters.
      expect((await audit({ action: 'grou' })).numFound).toBe(0);
      expect((await audit({ action: '%' })).numFound).toBe(0);
      expect((await audit({ action: 'group.%' })).numFound).toBe(0);
      expect((await audit({ target: 'alpha', action: 'group.create' })).numFound).toBe(1);
    });

    it('filters by time: from includes its instant, to excludes it', async () => {
      const iso = (i: number) => (at[i] as Date).toISOString();
      expect(summary((await audit({ action: 'group', from: iso(1) })).docs)).toEqual([
        'group.member_add alpha',
        'group.create beta',
      ]);
      expect(summary((await audit({ action: 'group', to: iso(1) })).docs)).toEqual([
        'group.create alpha',
      ]);
      expect(summary((await audit({ action: 'group', from: iso(1), to: iso(2) })).docs)).toEqual([
        'group.create beta',
      ]);
      // With an offset instead of Z: the same instant.
      const local = '2026-01-15T11:01:00+01:00';
      expect(new Date(local).toISOString()).toBe(iso(1));
      expect((await audit({ action: 'group', from: local })).numFound).toBe(2);
    });

    it('pages with start and rows; numFound counts every match', async () => {
      const pages = [];
      for (const start of [0, 1, 2, 3]) {
        const page = await audit({ action: 'group', start, rows: 1 });
        expect(page).toMatchObject({ numFound: 3, start, rows: 1 });
        pages.push(...summary(page.docs));
      }
      expect(pages).toEqual(['group.member_add alpha', 'group.create beta', 'group.create alpha']);
      expect((await audit({ action: 'group', start: 2, rows: 5 })).docs).toHaveLength(1);
    });

    it('refuses a bad query with 400 and the field', async () => {
      for (const query of [
        'rows=0',
        'rows=201',
        'start=-1',
        'start=x',
        'from=yesterday',
        'to=2026-01-15',
        `action=${'a'.repeat(65)}`,
      ]) {
        const res = await call('GET', `/audit?${query}`, 'root');
        expect(res.statusCode, query).toBe(400);
        const body = ErrorBody.parse(res.json());
        expect(body.code).toBe('request.validation');
        expect(body.fields?.map((f) => f.path)).toEqual([`querystring.${query.split('=')[0]}`]);
      }
    });
  });

  describe('append-only', () => {
    it('has no endpoint that changes or removes an entry', async () => {
      const before = (await audit()).numFound;
      const [first] = (await audit({ rows: 1 })).docs;
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/audit', `/audit/${first?.id}`]) {
          const res = await call(method, url, 'root', method === 'DELETE' ? undefined : {});
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toMatchObject({ code: 'route.not_found' });
        }
      }
      expect((await audit()).numFound).toBe(before);
      expect((await audit({ rows: 1 })).docs[0]).toEqual(first);
      const doc = (await call('GET', '/openapi.json')).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const auditPaths = Object.keys(doc.paths).filter((path) => path.includes('/audit'));
      expect(auditPaths).toEqual(['/api/v1/audit']);
      expect(Object.keys(doc.paths['/api/v1/audit'] ?? {})).toEqual(['get']);
    });

    it('keeps no entry of a change that rolled back', async () => {
      const source = { actor: 'root', requestId: 'test', now: clock() };
      await expect(
        t.app.db.transaction().execute(async (trx) => {
          await writeAudit(trx, source, {
            action: 'user.update',
            targetKind: 'user',
            target: 'rolled-back',
          });
          throw new Error('the change fails after its entry was written');
        }),
      ).rejects.toThrow('the change fails');
      expect((await audit({ target: 'rolled-back' })).numFound).toBe(0);
      // The same write in a transaction that commits is there.
      await t.app.db.transaction().execute(async (trx) => {
        await writeAudit(trx, source, {
          action: 'user.update',
          targetKind: 'user',
          target: 'kept',
        });
      });
      expect(summary((await audit({ target: 'kept' })).docs)).toEqual(['user.update kept']);
    });

    it('keeps no entry of an administrative change refused by a safety rail', async () => {
      // Disabling oneself writes its entry, then the rail refuses and everything rolls back.
      const res = await call('PUT', '/users/root/disabled', 'root', true);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'user.self_lockout' });
      expect((await audit({ target: 'root' })).numFound).toBe(0);
    });
  });

  describe("a user's own changes", () => {
    it('writes account.profile_change with the changed fields before and after', async () => {
      const res = await call('PUT', '/access/profile', 'maria', {
        givenName: ' Maria ',
        email: 'maria@example.org',
      });
      expect(res.statusCode).toBe(200);
      const [entry, ...rest] = (await audit({ target: 'maria' })).docs;
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        actor: 'maria',
        action: 'account.profile_change',
        targetKind: 'user',
        target: 'maria',
        at: clock().toISOString(),
        details: {
          givenName: { before: '', after: 'Maria' },
          email: { before: '', after: 'maria@example.org' },
        },
      });
      expect(Object.keys(entry?.details ?? {}).sort()).toEqual(['email', 'givenName']);
    });

    it('writes only what changed, and nothing for a save without a change', async () => {
      clock.advance(1);
      const same = await call('PUT', '/access/profile', 'maria', {
        givenName: 'Maria',
        email: 'maria@example.org',
      });
      expect(same.statusCode).toBe(200);
      expect((await audit({ target: 'maria' })).numFound).toBe(1);
      const changed = await call('PUT', '/access/profile', 'maria', {
        givenName: 'Maria',
        surname: 'Muster',
      });
      expect(changed.statusCode).toBe(200);
      const [entry] = (await audit({ target: 'maria' })).docs;
      expect(entry?.details).toEqual({ surname: { before: '', after: 'Muster' } });
    });

    it('writes nothing for a refused profile change', async () => {
      const res = await call('PUT', '/access/profile', 'ext', { surname: 'Extern' });
      expect(res.statusCode).toBe(403);
      expect((await audit({ target: 'ext' })).numFound).toBe(0);
      expect((await call('PUT', '/access/profile', undefined, { surname: 'x' })).statusCode).toBe(
        401,
      );
    });

    it('writes account.password_change with what changed, never the password', async () => {
      clock.advance(1);
      const wrong = await call('PUT', '/access/profile/password', 'maria', {
        currentPassword: 'not maria password',
        newPassword: 'maria password 2',
      });
      expect(wrong.statusCode).toBe(400);
      expect((await audit({ target: 'maria', action: 'account.password_change' })).numFound).toBe(
        0,
      );
      const res = await call('PUT', '/access/profile/password', 'maria', {
        currentPassword: 'maria password 1',
        newPassword: 'maria password 2',
      });
      expect(res.statusCode).toBe(200);
      tokens.maria = Session.parse(res.json()).id;
      const [entry] = (await audit({ target: 'maria', action: 'account.password_change' })).docs;
      expect(entry).toMatchObject({
        actor: 'maria',
        action: 'account.password_change',
        targetKind: 'user',
        target: 'maria',
        at: clock().toISOString(),
        details: { changed: ['password'], sessionsEnded: 1 },
      });
      // Both own changes, found by their kind.
      expect(summary((await audit({ action: 'account' })).docs)).toEqual([
        'account.password_change maria',
        'account.profile_change maria',
        'account.profile_change maria',
      ]);
    });
  });

  describe('secrets', () => {
    const first = 'first Secret 4711';
    const reset = 'reset Secret 4712';
    const own = 'own Secret 4713';

    it('never holds a password, its hash or a session token, whoever set it', async () => {
      // An administrator creates a user and sets a password; the user chooses their own.
      const created = await call('POST', '/users', 'root', {
        name: 'pat',
        password: first,
        mustChangePassword: false,
      });
      expect(created.statusCode).toBe(201);
      const hashes = [await passwordHash('pat')];
      const resetRes = await call('PUT', '/users/pat/password', 'root', { password: reset });
      expect(resetRes.statusCode).toBe(200);
      hashes.push(await passwordHash('pat'));
      const patToken = await signIn(t.app, 'pat', reset);
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/access/profile/password',
        headers: withToken(patToken),
        payload: { currentPassword: reset, newPassword: own },
      });
      expect(changed.statusCode).toBe(200);
      hashes.push(await passwordHash('pat'));
      const newToken = Session.parse(changed.json()).id;

      expect(summary((await audit({ target: 'pat' })).docs)).toEqual([
        'account.password_change pat',
        'user.password_reset pat',
        'user.create pat',
      ]);
      const { text } = await everything();
      for (const secret of [first, reset, own, ...hashes, patToken, newToken, tokens.root]) {
        expect(secret && secret.length > 8).toBe(true);
        expect(text).not.toContain(secret as string);
      }
      expect(text).not.toContain('$argon2');
      // No key of any entry's details names a password or a hash.
      const keys = (value: unknown): string[] =>
        value !== null && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)])
          : [];
      const { docs } = await everything();
      expect(docs.flatMap((d) => keys(d.details)).filter((k) => /password|hash/i.test(k))).toEqual(
        [],
      );
    });

    it('drops secret fields at any depth, whatever a caller passes to the writer', async () => {
      await t.app.db.transaction().execute(async (trx) => {
        await writeAudit(
          trx,
          { actor: 'root', requestId: 'test', now: clock() },
          {
            action: 'process.start',
            targetKind: 'process',
            target: 'with-secrets',
            details: {
              kind: 'harvest.run',
              password: 'top secret 1',
              params: { apiToken: 'top secret 2', list: [{ clientSecret: 'top secret 3', a: 1 }] },
              passwordHash: 'top secret 4',
            },
          },
        );
      });
      const [entry] = (await audit({ target: 'with-secrets' })).docs;
      expect(entry?.details).toEqual({ kind: 'harvest.run', params: { list: [{ a: 1 }] } });
      expect((await everything()).text).not.toContain('top secret');
    });
  });

  async function passwordHash(name: string): Promise<string> {
    const row = await t.app.db
      .selectFrom('account')
      .select('password_hash')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.password_hash as string;
  }
});
