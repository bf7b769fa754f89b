import { createHash } from 'node:crypto';
import { Principal, Session } from '@geoportal/contract/access';
import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '../../http/request-context.js';
import { createAccount, signIn, testClock, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { setAccountEnabled } from './access.service.js';

describe.each(testDatabases)('access API on $name', (database) => {
  let t: TestApp;
  const clock = testClock();
  let submitterId: string;

  beforeAll(async () => {
    t = await createTestApp(database, {}, { clock });
    submitterId = await createAccount(t.app, 'Sub.Mitter', 'correct horse battery', {
      role: 'submitter',
    });
    await createAccount(t.app, 'boss', 'admin password 1', { role: 'administrator' });
    await createAccount(t.app, 'ed', 'editor password 1', { role: 'editor' });
  });
  afterAll(async () => {
    await t.close();
  });

  const authorize = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/access/authorize', payload: payload as object });
  const authorized = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/access/authorized',
      headers: token ? withToken(token) : {},
    });

  describe('POST /access/authorize', () => {
    it('refuses a malformed body with 400 and the fields', async () => {
      for (const payload of [
        {},
        { username: 'x' },
        { username: 1, password: [] },
        { username: '', password: 'x' },
      ]) {
        const res = await authorize(payload);
        expect(res.statusCode).toBe(400);
        expect(ErrorBody.parse(res.json()).code).toBe('request.validation');
      }
    });

    it('answers a wrong password and an unknown user alike with 401', async () => {
      const wrong = await authorize({ username: 'ed', password: 'not the password' });
      const unknown = await authorize({ username: 'nobody-here', password: 'not the password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().code).toBe('auth.invalid_credentials');
    });

    it('answers a session whose id is 256 random bits, with the name matched without case', async () => {
      const res = await authorize({ username: 'sub.mitter', password: 'correct horse battery' });
      expect(res.statusCode).toBe(200);
      const session = Session.parse(res.json());
      expect(session.id).toMatch(/^[\w-]{43}$/);
      expect(Date.parse(session.expires) - clock().getTime()).toBe(12 * 3600 * 1000);
    });

    it('starts a new session on every sign-in', async () => {
      const a = await signIn(t.app, 'ed', 'editor password 1');
      const b = await signIn(t.app, 'ed', 'editor password 1');
      expect(a).not.toBe(b);
      expect((await authorized(a)).statusCode).toBe(200);
      expect((await authorized(b)).statusCode).toBe(200);
    });

    it('stores only hashes of session ids and passwords', async () => {
      const token = await signIn(t.app, 'ed', 'editor password 1');
      const sessions = await t.app.db.selectFrom('session').select('id_hash').execute();
      expect(sessions.map((s) => s.id_hash)).not.toContain(token);
      expect(sessions.map((s) => s.id_hash)).toContain(
        createHash('sha256').update(token).digest('hex'),
      );
      const accounts = await t.app.db.selectFrom('account').select('password_hash').execute();
      for (const a of accounts)
        expect(a.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      const dump = JSON.stringify(await t.app.db.selectFrom('account').selectAll().execute());
      expect(dump).not.toContain('editor password 1');
    });
  });

  describe('GET /access/authorized', () => {
    it('is 401 without a token or with an unknown one', async () => {
      expect((await authorized()).statusCode).toBe(401);
      const res = await authorized('x'.repeat(43));
      expect(res.statusCode).toBe(401);
      expect(ErrorBody.parse(res.json()).code).toBe('auth.required');
    });

    it('answers the principal with its roles', async () => {
      const token = await signIn(t.app, 'Sub.Mitter', 'correct horse battery');
      const principal = Principal.parse((await authorized(token)).json());
      expect(principal).toEqual({ name: 'Sub.Mitter', readonly: false, roles: ['submitter'] });
    });

    it('marks a user with attributes as read-only and lists the attributes', async () => {
      await createAccount(t.app, 'ext', 'external password 1', {
        attributes: { department: ['GIS'], phone: ['1', '2'] },
      });
      const token = await signIn(t.app, 'ext', 'external password 1');
      const principal = Principal.parse((await authorized(token)).json());
      expect(principal.readonly).toBe(true);
      expect(principal.attributes?.entry).toEqual([
        { name: 'department', value: ['GIS'] },
        { name: 'phone', value: ['1', '2'] },
      ]);
    });
  });

  describe('GET /access/dismiss', () => {
    it('ends the session on the server', async () => {
      const token = await signIn(t.app, 'ed', 'editor password 1');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/access/dismiss',
        headers: withToken(token),
      });
      expect(res.statusCode).toBe(204);
      expect((await authorized(token)).statusCode).toBe(401);
    });

    it('is harmless without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/access/dismiss' });
      expect(res.statusCode).toBe(204);
    });
  });

  describe('POST /access/isAllowed', () => {
    const isAllowed = (roles: unknown, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/access/isAllowed',
        payload: roles as object,
        headers: token ? withToken(token) : {},
      });

    it('refuses a body that is not a list of role names', async () => {
      for (const body of [{ roles: [] }, 'editor', [1], ['x'.repeat(100)]]) {
        const res = await isAllowed(body);
        expect([400, 415]).toContain(res.statusCode);
        expect(ErrorBody.safeParse(res.json()).success).toBe(true);
      }
    });

    it('answers false for nobody signed in', async () => {
      expect((await isAllowed(['submitter'])).json()).toBe(false);
      expect((await isAllowed([])).json()).toBe(false);
    });

    it('answers by the roles held, the wildcard for an empty list, everything for administrators', async () => {
      const sub = await signIn(t.app, 'Sub.Mitter', 'correct horse battery');
      const admin = await signIn(t.app, 'boss', 'admin password 1');
      expect((await isAllowed(['editor'], sub)).json()).toBe(false);
      expect((await isAllowed(['editor', 'submitter'], sub)).json()).toBe(true);
      expect((await isAllowed([], sub)).json()).toBe(true);
      expect((await isAllowed(['*'], sub)).json()).toBe(true);
      expect((await isAllowed(['editor'], admin)).json()).toBe(true);
    });
  });

  it('GET /access/realms lists the local realm with form login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/access/realms' });
    expect(res.json()).toEqual([{ id: 'local', formLogin: true }]);
  });

  describe('session timeouts', () => {
    it('ends a session idle for longer than 2 hours', async () => {
      const token = await signIn(t.app, 'ed', 'editor password 1');
      clock.advance(2 * 3600 - 60);
      expect((await authorized(token)).statusCode).toBe(200);
      clock.advance(2 * 3600 - 60);
      expect((await authorized(token)).statusCode).toBe(200);
      clock.advance(2 * 3600 + 1);
      expect((await authorized(token)).statusCode).toBe(401);
    });

    it('ends even an active session 12 hours after sign-in', async () => {
      const token = await signIn(t.app, 'ed', 'editor password 1');
      for (let hour = 1; hour < 12; hour++) {
        clock.advance(3600);
        expect((await authorized(token)).statusCode).toBe(200);
      }
      clock.advance(3600);
      expect((await authorized(token)).statusCode).toBe(401);
    });
  });

  it('disabling a user ends all their sessions and refuses sign-in', async () => {
    const token = await signIn(t.app, 'Sub.Mitter', 'correct horse battery');
    await setAccountEnabled(appContext(t.app), submitterId, false);
    expect((await authorized(token)).statusCode).toBe(401);
    const res = await authorize({ username: 'Sub.Mitter', password: 'correct horse battery' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.account_disabled');
    const wrong = await authorize({ username: 'Sub.Mitter', password: 'wrong password' });
    expect(wrong.json().code).toBe('auth.invalid_credentials');
    await setAccountEnabled(appContext(t.app), submitterId, true);
  });

  describe('brute-force protection', () => {
    it('locks an account after 10 failures in 15 minutes, with Retry-After, until the window passes', async () => {
      await createAccount(t.app, 'target', 'target password 1');
      for (let i = 0; i < 10; i++) {
        clock.advance(10);
        expect((await authorize({ username: 'target', password: `guess ${i}` })).statusCode).toBe(
          401,
        );
      }
      const locked = await authorize({ username: 'TARGET', password: 'target password 1' });
      expect(locked.statusCode).toBe(429);
      expect(ErrorBody.parse(locked.json()).code).toBe('auth.too_many_attempts');
      const retryAfter = Number(locked.headers['retry-after']);
      // The oldest of the ten failures was 90 s ago: the window ends 15 min after it.
      expect(retryAfter).toBe(15 * 60 - 90);
      clock.advance(retryAfter);
      expect(
        (await authorize({ username: 'target', password: 'target password 1' })).statusCode,
      ).toBe(200);
    });

    it('locks unknown user names the same way', async () => {
      for (let i = 0; i < 10; i++) await authorize({ username: 'ghost', password: `guess ${i}` });
      expect((await authorize({ username: 'ghost', password: 'guess' })).statusCode).toBe(429);
    });
  });
});

describe('per-address sign-in limit', () => {
  it('answers 429 with Retry-After once one address floods the sign-in', async () => {
    const t = await createTestApp(testDatabases[0] as (typeof testDatabases)[number]);
    try {
      const authorize = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/v1/access/authorize', payload });
      // Every request counts, a malformed one too; these fail before any password hashing
      // (60 hashings took 30 s on a busy two-core machine).
      for (let i = 0; i < 60; i++) {
        expect((await authorize({ username: `flood-${i}` })).statusCode).toBe(400);
      }
      const refused = await authorize({ username: 'flood', password: 'a real attempt' });
      expect(refused.statusCode).toBe(429);
      expect(ErrorBody.parse(refused.json()).code).toBe('request.rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
