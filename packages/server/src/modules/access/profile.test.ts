import { Profile, Session } from '@geoportal/contract/access';
import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('own profile and password on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
    await createAccount(t.app, 'maria', 'first password 1', { role: 'submitter' });
    await createAccount(t.app, 'external', 'external password 1', { attributes: { org: ['LGB'] } });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? withToken(token) : {},
      ...(payload ? { payload } : {}),
    });

  it('needs a sign-in', async () => {
    expect((await call('GET', '/access/profile')).statusCode).toBe(401);
    expect((await call('PUT', '/access/profile', undefined, { surname: 'x' })).statusCode).toBe(
      401,
    );
    const res = await call('PUT', '/access/profile/password', undefined, {
      currentPassword: 'a',
      newPassword: 'b'.repeat(10),
    });
    expect(res.statusCode).toBe(401);
  });

  it('reads and updates the own names, email and description', async () => {
    const token = await signIn(t.app, 'maria', 'first password 1');
    const before = Profile.parse((await call('GET', '/access/profile', token)).json());
    expect(before).toMatchObject({ name: 'maria', givenName: '', readonly: false, realm: 'local' });
    const res = await call('PUT', '/access/profile', token, {
      givenName: ' Maria ',
      surname: 'Muster',
      email: 'maria@example.org',
      description: 'Landesamt für Geoinformation',
    });
    expect(res.statusCode).toBe(200);
    expect(Profile.parse(res.json())).toMatchObject({
      givenName: 'Maria',
      surname: 'Muster',
      email: 'maria@example.org',
      description: 'Landesamt für Geoinformation',
    });
    const principal = (await call('GET', '/access/authorized', token)).json();
    expect(principal).toMatchObject({ givenName: 'Maria', email: 'maria@example.org' });
  });

  it('refuses bad profile input with 400 and keeps what was stored', async () => {
    const token = await signIn(t.app, 'maria', 'first password 1');
    for (const payload of [
      { email: 'not an email' },
      { surname: 'x'.repeat(101) },
      { givenName: 42 },
    ]) {
      const res = await call('PUT', '/access/profile', token, payload);
      expect(res.statusCode).toBe(400);
      expect(ErrorBody.parse(res.json()).fields?.length).toBeGreaterThan(0);
    }
    const profile = Profile.parse((await call('GET', '/access/profile', token)).json());
    expect(profile.email).toBe('maria@example.org');
  });

  it('answers 403 user.readonly to a read-only user', async () => {
    const token = await signIn(t.app, 'external', 'external password 1');
    const update = await call('PUT', '/access/profile', token, { surname: 'x' });
    expect(update.statusCode).toBe(403);
    expect(update.json().code).toBe('user.readonly');
    const password = await call('PUT', '/access/profile/password', token, {
      currentPassword: 'external password 1',
      newPassword: 'another long password',
    });
    expect(password.json().code).toBe('user.readonly');
  });

  it.each([
    ['wrong current password', 'not my password', 'a fine new password', 'password.wrong_current'],
    ['too short', 'first password 1', 'short', 'request.validation'],
    ['too long', 'first password 1', 'x'.repeat(129), 'request.validation'],
    ['common', 'first password 1', 'password123', 'password.common'],
    [
      'the user name',
      'first password 1',
      'Maria-is-not-it'.slice(0, 0) || 'MARIA',
      'request.validation',
    ],
  ])('refuses a password change: %s', async (_case, currentPassword, newPassword, code) => {
    const token = await signIn(t.app, 'maria', 'first password 1');
    const res = await call('PUT', '/access/profile/password', token, {
      currentPassword,
      newPassword,
    });
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json()).code).toBe(code);
  });

  it('changing the password ends every session and answers a new one', async () => {
    const here = await signIn(t.app, 'maria', 'first password 1');
    const elsewhere = await signIn(t.app, 'maria', 'first password 1');
    const res = await call('PUT', '/access/profile/password', here, {
      currentPassword: 'first password 1',
      newPassword: 'second password 2',
    });
    expect(res.statusCode).toBe(200);
    const fresh = Session.parse(res.json());
    expect((await call('GET', '/access/authorized', here)).statusCode).toBe(401);
    expect((await call('GET', '/access/authorized', elsewhere)).statusCode).toBe(401);
    expect((await call('GET', '/access/authorized', fresh.id)).statusCode).toBe(200);
    await expect(signIn(t.app, 'maria', 'first password 1')).rejects.toThrow('401');
    expect(await signIn(t.app, 'maria', 'second password 2')).toMatch(/^[\w-]{43}$/);
  });
});
