import { ErrorBody } from '@geoportal/contract/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, testClock, withToken } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { ACCOUNT_BACK_OFF } from './access.service.js';
import { findAccountSlotTime, takeAccountSlot } from './login-throttle.repository.js';
import * as password from './password.js';

// Counts every Argon2 verification, real and dummy, to prove which attempts were checked.
vi.mock('./password.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.js')>();
  return {
    ...original,
    verifyPassword: vi.fn(original.verifyPassword),
    verifyAgainstDummy: vi.fn(original.verifyAgainstDummy),
  };
});

const verifications = () =>
  vi.mocked(password.verifyPassword).mock.calls.length +
  vi.mocked(password.verifyAgainstDummy).mock.calls.length;

describe.each(testDatabases)('sign-in lock-out on $name', (database) => {
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp(database, {}, { clock });
    await createAccount(t.app, 'owner', 'owner password 1');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    vi.mocked(password.verifyPassword).mockClear();
    vi.mocked(password.verifyAgainstDummy).mockClear();
  });

  const authorize = (username: string, pw: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/access/authorize',
      payload: { username, password: pw },
      remoteAddress: address,
    });

  it('checks at most 10 of 40 parallel wrong passwords from one address; the owner elsewhere still signs in', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => authorize('owner', `guess ${i}`, '203.0.113.66')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(verifications()).toBe(10);
    const locked = answers.find((a) => a.statusCode === 429);
    expect(ErrorBody.parse(locked?.json()).code).toBe('auth.too_many_attempts');
    expect(Number(locked?.headers['retry-after'])).toBe(15 * 60);

    // The attacker's address stays locked, even with the right password, and is not checked.
    const again = await authorize('owner', 'owner password 1', '203.0.113.66');
    expect(again.statusCode).toBe(429);
    expect(verifications()).toBe(10);
    // The owner at another address is not locked out.
    expect((await authorize('OWNER', 'owner password 1', '198.51.100.7')).statusCode).toBe(200);
  });

  it('slows guessing from many addresses account-wide, but not the owner at an address they used', async () => {
    await createAccount(t.app, 'victim', 'victim password 1');
    expect((await authorize('victim', 'victim password 1', '198.51.100.8')).statusCode).toBe(200);
    // Twenty checks from as many addresses use up the free ones (counted without hashing).
    for (let i = 0; i < ACCOUNT_BACK_OFF.free; i++) {
      expect(await takeAccountSlot(t.app.db, 'victim', clock(), ACCOUNT_BACK_OFF)).toBe(true);
    }
    vi.mocked(password.verifyPassword).mockClear();

    expect((await authorize('victim', 'guess a', '192.0.2.1')).statusCode).toBe(401);
    const waiting = await authorize('victim', 'guess b', '192.0.2.2');
    expect(waiting.statusCode).toBe(429);
    expect(ErrorBody.parse(waiting.json()).code).toBe('auth.too_many_attempts');
    expect(waiting.headers['retry-after']).toBe('2');
    expect(verifications()).toBe(1);
    // The owner signs in from an address they signed in from before, back-off or not.
    expect((await authorize('victim', 'victim password 1', '198.51.100.8')).statusCode).toBe(200);

    clock.advance(2);
    expect((await authorize('victim', 'guess c', '192.0.2.2')).statusCode).toBe(401);
    const longer = await authorize('victim', 'guess d', '192.0.2.3');
    expect(longer.headers['retry-after']).toBe('4');
    // A refused attempt does not count against its address: 192.0.2.3 has its ten left.
    const [row] = await t.app.db
      .selectFrom('login_throttle')
      .select('attempts')
      .where('name_key', '=', 'victim')
      .where('address', '=', '192.0.2.3')
      .execute();
    expect(row?.attempts).toBe(0);

    // The wait doubles but never exceeds a minute.
    for (let i = 0; i < 12; i++) {
      const slot = await findAccountSlotTime(t.app.db, 'victim');
      clock.advance(((slot?.getTime() ?? 0) - clock().getTime()) / 1000);
      expect(await takeAccountSlot(t.app.db, 'victim', clock(), ACCOUNT_BACK_OFF)).toBe(true);
    }
    const slot = await findAccountSlotTime(t.app.db, 'victim');
    expect(((slot?.getTime() ?? 0) - clock().getTime()) / 1000).toBe(
      ACCOUNT_BACK_OFF.maxDelaySeconds,
    );
    expect(await takeAccountSlot(t.app.db, 'victim', clock(), ACCOUNT_BACK_OFF)).toBe(false);
  });

  it('limits guessing the current password on a password change like a sign-in', async () => {
    const address = '198.51.100.9';
    await createAccount(t.app, 'holder', 'holder password 1');
    const signedIn = await authorize('holder', 'holder password 1', address);
    const change = (token: string, currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/access/profile/password',
        headers: withToken(token),
        payload: { currentPassword, newPassword: 'holder password 2' },
        remoteAddress: address,
      });

    // Within the limit the right current password works and starts the count again.
    let token = signedIn.json().id as string;
    for (const guess of ['guess 1', 'guess 2']) {
      expect((await change(token, guess)).json().code).toBe('password.wrong_current');
    }
    const changed = await change(token, 'holder password 1');
    expect(changed.statusCode).toBe(200);
    token = changed.json().id;

    vi.mocked(password.verifyPassword).mockClear();
    for (let i = 0; i < 10; i++) {
      expect((await change(token, `guess ${i}`)).statusCode).toBe(400);
    }
    expect(verifications()).toBe(10);
    const locked = await change(token, 'another guess');
    expect(locked.statusCode).toBe(429);
    expect(ErrorBody.parse(locked.json()).code).toBe('auth.too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect((await change(token, 'holder password 2')).statusCode).toBe(429);
    expect(verifications()).toBe(10);
    // The budget is the one of sign-ins from this address.
    expect((await authorize('holder', 'holder password 2', address)).statusCode).toBe(429);
  });
});
