import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app.js';

describe('CSRF protection and security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDatabases[0] as (typeof testDatabases)[number]);
  });
  afterAll(async () => {
    await t.close();
  });

  const isAllowed = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/access/isAllowed', payload: [], headers });

  it('sets a readable XSRF-TOKEN cookie on a response when the request had none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      cookies: { 'XSRF-TOKEN': 'abc' },
    });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('refuses a non-GET request whose header does not repeat the cookie', async () => {
    const cases: Record<string, string>[] = [
      { cookie: 'XSRF-TOKEN=secret-value' },
      { cookie: 'XSRF-TOKEN=secret-value', 'x-xsrf-token': 'other-value' },
    ];
    for (const headers of cases) {
      const res = await isAllowed(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'csrf.invalid' });
    }
  });

  it('accepts the matching header, and requests without the cookie (scripts)', async () => {
    const matching = await isAllowed({
      cookie: 'XSRF-TOKEN=secret-value',
      'x-xsrf-token': 'secret-value',
    });
    expect(matching.statusCode).toBe(200);
    expect((await isAllowed({})).statusCode).toBe(200);
  });

  it('sends nosniff, no framing, a referrer policy and a strict script policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]+'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
  });

  it('uses a new nonce for every response', async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec(
        String((await t.app.inject({ url: '/api/v1/health' })).headers['content-security-policy']),
      )?.[1];
    expect(await nonce()).not.toBe(await nonce());
  });
});
