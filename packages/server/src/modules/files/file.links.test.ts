import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { createCallers, jsonCaller, recordFixture, sha256, upload } from './files.test-helpers.js';
import { BEARER_TOKEN_LIFETIME_SECONDS } from './signed-url.js';

/**
 * Signed bearer URLs and access-key URLs (Files issue point 4), through HTTP on a real
 * database and blob store. A link carries its own credential: the request's headers do not
 * count, and every way of being wrong is the same 403 `file.token_invalid`.
 */
describe.each(testDatabases)('file links on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const clock = testClock();
  const as = (who: string) => ({ accesstoken: tokens[who] as string });
  const binary = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) % 256));
  let draft: Awaited<ReturnType<typeof recordFixture>>;
  let other: Awaited<ReturnType<typeof recordFixture>>;

  const call = () => jsonCaller(t.app);
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });
  async function issue(id: string, bundle: string, headers: Record<string, string>) {
    return call()('POST', `/object/${id}/${bundle}/bearer`, headers);
  }
  async function prefixFor(id: string, bundle: string, headers: Record<string, string>) {
    const res = await issue(id, bundle, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().prefix as string;
  }
  function expectTokenInvalid(res: { statusCode: number; json(): unknown; body: string }) {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      status: 403,
      code: 'file.token_invalid',
      message: 'This link is invalid or has expired.',
    });
  }
  async function put(id: string, bundle: string, path: string, content: string | Buffer) {
    const res = await upload(t.app, id, bundle, { path, content }, as('administrator'));
    expect(res.statusCode, res.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp(database, {}, { clock });
    tokens = await createCallers(t.app);
    draft = await recordFixture(t.app, tokens, 'draft');
    other = await recordFixture(t.app, tokens, 'draft');
    for (const fixture of [draft, other]) {
      await put(fixture.id, 'data', 'a.txt', 'hello bearer');
      await put(fixture.id, 'data', 'folder/b ü.bin', binary);
      await put(fixture.id, 'docs', 'a.txt', 'docs');
      await put(fixture.id, 'hidden', 'h.txt', 'hidden text');
      const hide = await call()(
        'PUT',
        `/object/${fixture.id}/hidden/display`,
        as('administrator'),
        false,
      );
      expect(hide.statusCode).toBe(204);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('issuing a bearer token', () => {
    it('needs read access on the bundle, by the normal rules', async () => {
      const visitor = await issue(draft.id, 'data', {});
      expect([visitor.statusCode, visitor.json().code]).toEqual([404, 'object.not_found']);
      const stranger = await issue(draft.id, 'data', as('otherSubmitter'));
      expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'object.not_found']);
      const missing = await issue(draft.id, 'nothing', as('owner'));
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'bundle.not_found']);
      const reserved = await issue(draft.id, 'upload', as('owner'));
      expect(reserved.statusCode).toBe(400);
      // A hidden bundle only for those who may write the record.
      const readKey = await issue(draft.id, 'hidden', draft.headers('readKey'));
      expect([readKey.statusCode, readKey.json().code]).toEqual([404, 'bundle.not_found']);
      expect((await issue(draft.id, 'hidden', draft.headers('writeKey'))).statusCode).toBe(200);
      expect((await issue(draft.id, 'data', draft.headers('readKey'))).statusCode).toBe(200);
    });

    it('answers token, expiry and the URL prefix', async () => {
      const res = await issue(draft.id, 'data', as('owner'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['expires', 'prefix', 'token']);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,100}$/);
      expect(body.expires).toBe(
        new Date(
          Math.floor(clock().getTime() / 1000) * 1000 + BEARER_TOKEN_LIFETIME_SECONDS * 1000,
        ).toISOString(),
      );
      expect(body.prefix).toBe(`/api/v1/object/bearer-${draft.id}/data/${body.token}/`);
    });

    it('signs with a key kept in the database', async () => {
      const rows = await t.app.db.selectFrom('server_secret').selectAll().execute();
      expect(rows.map((r) => r.name)).toEqual(['file-url']);
      expect(Buffer.from(rows[0]?.secret ?? '', 'base64url')).toHaveLength(32);
    });
  });

  describe('a bearer URL', () => {
    it('opens the files of its bundle without any header: GET, HEAD, Range, 304', async () => {
      const prefix = await prefixFor(draft.id, 'data', as('owner'));
      const res = await get(`${prefix}a.txt`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('hello bearer');
      expect(res.headers['cache-control']).toBe(
        `private, max-age=${BEARER_TOKEN_LIFETIME_SECONDS}`,
      );
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers.etag).toBe(`"${sha256('hello bearer')}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');

      const path = `folder/${encodeURIComponent('b ü.bin')}`;
      const whole = await get(`${prefix}${path}`);
      expect(whole.statusCode).toBe(200);
      expect(sha256(whole.rawPayload)).toBe(sha256(binary));
      expect(whole.headers['content-disposition']).toContain('attachment');

      const head = await get(`${prefix}${path}`, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('300');
      expect(head.rawPayload).toHaveLength(0);

      const range = await get(`${prefix}${path}`, { range: 'bytes=10-19' });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe('bytes 10-19/300');
      expect(range.rawPayload.equals(binary.subarray(10, 20))).toBe(true);

      const revalidated = await get(`${prefix}a.txt`, {
        'if-none-match': res.headers.etag as string,
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

      const missing = await get(`${prefix}nope.txt`);
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'file.not_found']);
      const badPath = await get(`${prefix}x%2f..%2fa.txt`);
      expect([badPath.statusCode, badPath.json().code]).toEqual([400, 'file.path_invalid']);
    });

    it('expires: max-age shrinks with the token’s life, then 403', async () => {
      const prefix = await prefixFor(draft.id, 'data', as('owner'));
      clock.advance(BEARER_TOKEN_LIFETIME_SECONDS - 1);
      const late = await get(`${prefix}a.txt`);
      expect(late.statusCode).toBe(200);
      expect(late.headers['cache-control']).toBe('private, max-age=1');
      clock.advance(1);
      expectTokenInvalid(await get(`${prefix}a.txt`));
      expectTokenInvalid(await get(`${prefix}nope.txt`));
    });

    it('refuses tampered, foreign and garbage tokens alike, whatever headers come along', async () => {
      const res = await issue(draft.id, 'data', as('owner'));
      const token = res.json().token as string;
      const url = (id: string, bundle: string, tok: string, path = 'a.txt') =>
        `/api/v1/object/bearer-${id}/${bundle}/${tok}/${path}`;
      expect((await get(url(draft.id, 'data', token))).statusCode).toBe(200);
      const flip = (s: string, i: number) =>
        s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      for (const i of [
        0,
        5,
        Math.floor(token.length / 2),
        40,
        token.length - 2,
        token.length - 1,
      ]) {
        expectTokenInvalid(await get(url(draft.id, 'data', flip(token, i))));
      }
      expectTokenInvalid(await get(url(draft.id, 'data', token.slice(0, -1))));
      expectTokenInvalid(await get(url(draft.id, 'data', `${token}A`)));
      // The same file path exists in the other record and the other bundle.
      expectTokenInvalid(await get(url(other.id, 'data', token)));
      expectTokenInvalid(await get(url(draft.id, 'docs', token)));
      // (No `.` or `..`: URL parsers resolve those before the request is sent.)
      for (const garbage of ['x', 'AAAA', '%00', '%2F', 'a.b.c', '%C3%A9', 'A'.repeat(100)]) {
        expectTokenInvalid(await get(url(draft.id, 'data', garbage)));
        expectTokenInvalid(await get(url(draft.id, 'data', garbage, 'nope')));
      }
      // Longer than the router's 100-character parameter limit: the segment cannot be a token,
      // the URL is no link URL, and nothing is found under it.
      const overlong = await get(url(draft.id, 'data', 'A'.repeat(5000)));
      expect([400, 404]).toContain(overlong.statusCode);
      // An administrator's session does not rescue a bad link, nor does a key header.
      expectTokenInvalid(await get(url(draft.id, 'data', flip(token, 3)), as('administrator')));
      expectTokenInvalid(
        await get(url(draft.id, 'data', flip(token, 3)), draft.headers('writeKey')),
      );
      // A bad token is 403 before the path is looked at.
      expectTokenInvalid(await get(url(draft.id, 'data', 'x', 'x%2f..%2fx')));
      // A token for a missing object is no different.
      expectTokenInvalid(await get(url('no-such-object-0', 'data', token)));
    });

    it('of a hidden bundle works for writers, and stops when the issuer loses write', async () => {
      const fixture = await recordFixture(t.app, tokens, 'draft');
      await put(fixture.id, 'data', 'a.txt', 'data');
      await put(fixture.id, 'hidden', 'h.txt', 'hidden');
      await call()('PUT', `/object/${fixture.id}/hidden/display`, as('owner'), false);
      const hidden = await prefixFor(fixture.id, 'hidden', as('owner'));
      const data = await prefixFor(fixture.id, 'data', as('owner'));
      expect((await get(`${hidden}h.txt`)).body).toBe('hidden');
      // Submitted: the owner may still read the record but no longer write it.
      const submit = await call()('PUT', `/object/${fixture.id}/state`, as('owner'), {
        state: 'submitted',
      });
      expect(submit.statusCode).toBe(200);
      expectTokenInvalid(await get(`${hidden}h.txt`));
      expect((await get(`${data}a.txt`)).body).toBe('data');
      // An editor may write a submitted record, so their token opens the hidden bundle.
      const editor = await prefixFor(fixture.id, 'hidden', as('editor'));
      expect((await get(`${editor}h.txt`)).statusCode).toBe(200);
    });

    it('issued through an access key dies with the key', async () => {
      const fixture = await recordFixture(t.app, tokens, 'draft');
      await put(fixture.id, 'data', 'a.txt', 'keyed');
      const prefix = await prefixFor(fixture.id, 'data', fixture.headers('readKey'));
      expect((await get(`${prefix}a.txt`)).body).toBe('keyed');
      const keyId = fixture.secrets.readKey.split('.')[0];
      const revoke = await call()(
        'DELETE',
        `/object/${fixture.id}/accessKeys/${keyId}`,
        as('owner'),
      );
      expect(revoke.statusCode).toBe(204);
      expectTokenInvalid(await get(`${prefix}a.txt`));
    });

    it('issued to a signed-in account dies when the account is disabled', async () => {
      const fixture = await recordFixture(t.app, tokens, 'draft');
      await put(fixture.id, 'data', 'a.txt', 'mine');
      const prefix = await prefixFor(fixture.id, 'data', as('owner'));
      const ownerRow = await t.app.db
        .selectFrom('account')
        .select('id')
        .where('name', '=', 'owner')
        .executeTakeFirstOrThrow();
      await t.app.db
        .updateTable('account')
        .set({ enabled: false })
        .where('id', '=', ownerRow.id)
        .execute();
      try {
        expectTokenInvalid(await get(`${prefix}a.txt`));
      } finally {
        await t.app.db
          .updateTable('account')
          .set({ enabled: true })
          .where('id', '=', ownerRow.id)
          .execute();
      }
      expect((await get(`${prefix}a.txt`)).statusCode).toBe(200);
    });

    it('of a published record’s displayed bundle keeps working for anyone', async () => {
      const fixture = await recordFixture(t.app, tokens, 'published');
      await put(fixture.id, 'data', 'a.txt', 'public');
      const prefix = await prefixFor(fixture.id, 'data', {});
      expect((await get(`${prefix}a.txt`)).body).toBe('public');
      // A public record's link is private to its holder all the same: the URL is a credential.
      expect((await get(`${prefix}a.txt`)).headers['cache-control']).toMatch(/^private, /);
    });
  });

  describe('an access-key URL', () => {
    const url = (id: string, bundle: string, secret: string, path: string) =>
      `/api/v1/object/accesskey-${id}/${bundle}/${secret}/${path}`;

    it('opens files with a read or write key, hidden bundles only with a write key', async () => {
      const read = await get(url(draft.id, 'data', draft.secrets.readKey, 'a.txt'));
      expect(read.statusCode).toBe(200);
      expect(read.body).toBe('hello bearer');
      expect(read.headers['referrer-policy']).toBe('no-referrer');
      expect(read.headers['cache-control']).toBe('private, no-cache');
      const range = await get(
        url(draft.id, 'data', draft.secrets.writeKey, 'folder/b%20%C3%BC.bin'),
        {
          range: 'bytes=-5',
        },
      );
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.equals(binary.subarray(295))).toBe(true);
      const hiddenRead = await get(url(draft.id, 'hidden', draft.secrets.readKey, 'h.txt'));
      expect([hiddenRead.statusCode, hiddenRead.json().code]).toEqual([404, 'file.not_found']);
      const hiddenWrite = await get(url(draft.id, 'hidden', draft.secrets.writeKey, 'h.txt'));
      expect(hiddenWrite.body).toBe('hidden text');
      const head = await get(url(draft.id, 'data', draft.secrets.readKey, 'a.txt'), {}, 'HEAD');
      expect([head.statusCode, head.rawPayload.length]).toEqual([200, 0]);
    });

    it('refuses wrong, foreign, revoked and expired keys with 403', async () => {
      const secret = draft.secrets.readKey;
      const flipped = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
      expectTokenInvalid(await get(url(draft.id, 'data', flipped, 'a.txt')));
      expectTokenInvalid(await get(url(draft.id, 'data', 'garbage', 'a.txt')));
      expectTokenInvalid(await get(url(draft.id, 'data', other.secrets.readKey, 'a.txt')));
      // A session does not stand in for the key in the URL.
      expectTokenInvalid(await get(url(draft.id, 'data', 'garbage', 'a.txt'), as('owner')));

      const fixture = await recordFixture(t.app, tokens, 'draft');
      await put(fixture.id, 'data', 'a.txt', 'k');
      const keyId = fixture.secrets.writeKey.split('.')[0];
      expect(
        (await get(url(fixture.id, 'data', fixture.secrets.writeKey, 'a.txt'))).statusCode,
      ).toBe(200);
      await call()('DELETE', `/object/${fixture.id}/accessKeys/${keyId}`, as('owner'));
      expectTokenInvalid(await get(url(fixture.id, 'data', fixture.secrets.writeKey, 'a.txt')));

      const expiring = await call()('POST', `/object/${fixture.id}/accessKeys`, as('owner'), {
        type: 'read',
        expires: new Date(clock().getTime() + 60_000).toISOString(),
      });
      expect(expiring.statusCode).toBe(201);
      const expSecret = expiring.json().secret as string;
      expect((await get(url(fixture.id, 'data', expSecret, 'a.txt'))).statusCode).toBe(200);
      clock.advance(60);
      expectTokenInvalid(await get(url(fixture.id, 'data', expSecret, 'a.txt')));
    });
  });
});
