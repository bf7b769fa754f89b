import { ErrorCode } from '@geoportal/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { jsonCaller, storeFile } from '../files/files.test-helpers.js';

/**
 * A session signed in with a temporary password (`mustChangePassword`) may sign out, say who
 * it is, read the own profile and change the password, and nothing else: every other request
 * with its token answers 403 `auth.password_change_required`, through every interface. The
 * web app already sent such a user to the profile; the API used to let the session publish a
 * submitted record and read private ones.
 */
describe.each(testDatabases)('a temporary password on $name', (database) => {
  let t: TestApp;
  let api: ReturnType<typeof jsonCaller>;
  let temporary = '';
  let submitted = '';
  let draft = '';

  beforeAll(async () => {
    t = await createTestApp(database);
    api = jsonCaller(t.app);
    await createAccount(t.app, 'root', 'root password 1', { role: 'administrator' });
    await createAccount(t.app, 'sub', 'sub password 1', { role: 'submitter' });
    const root = withToken(await signIn(t.app, 'root', 'root password 1'));
    const sub = withToken(await signIn(t.app, 'sub', 'sub password 1'));
    // An administrator created by another, with a temporary password.
    const created = await api('POST', '/users', root, {
      name: 'tom',
      password: 'temporary secret 1',
      roles: ['administrator'],
    });
    expect(created.statusCode, created.body).toBe(201);
    temporary = await signIn(t.app, 'tom', 'temporary secret 1');

    const create = async (title: string) => {
      const res = await api('POST', '/object', sub, {
        type: 'dataset',
        metadata: completeMetadata({ title: { de: title } }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    submitted = await create('Eingereicht, ungeprüft');
    const step = await api('PUT', `/object/${submitted}/state`, sub, { state: 'submitted' });
    expect(step.statusCode, step.body).toBe(200);
    draft = await create('Privater Entwurf');
    await storeFile(t.app, sub, { id: draft, bundle: 'data', path: 'notiz.txt' }, 'privat');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** 403 with the reason: the code in the JSON API, the text in a standard's own format. */
  const refused = (res: { statusCode: number; body: string }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(403);
    expect(res.body, what).toContain('Choose a new password first');
    if (what.startsWith('/')) return;
    expect(res.body, what).toContain(ErrorCode.passwordChangeRequired);
  };

  it('may say who it is, read its profile and ask for its roles', async () => {
    const who = await api('GET', '/access/authorized', withToken(temporary));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ name: 'tom', mustChangePassword: true });
    expect((await api('GET', '/access/profile', withToken(temporary))).statusCode).toBe(200);
    const roles = await api('POST', '/access/isAllowed', withToken(temporary), ['editor']);
    expect(roles.statusCode).toBe(200);
  });

  it('may not publish a submitted record, read a private one or use the administration', async () => {
    const token = withToken(temporary);
    refused(
      await api('PUT', `/object/${submitted}/state`, token, { state: 'published' }),
      'publish',
    );
    const stored = await t.app.db
      .selectFrom('object')
      .select('state')
      .where('id', '=', submitted)
      .executeTakeFirstOrThrow();
    expect(stored.state).toBe('submitted');
    refused(await api('GET', `/object/${draft}`, token), 'read a draft');
    refused(await api('GET', `/object/${draft}/data/notiz.txt`, token), 'read a file');
    refused(await api('GET', '/index/search/objects/*/0/10', token), 'search');
    refused(await api('GET', '/users', token), 'list users');
    refused(await api('GET', '/audit', token), 'read the audit log');
    refused(await api('GET', '/processes/events', token), 'process events');
  });

  it('is refused by the standards too, which answer visitors as before', async () => {
    const urls = [
      '/csw?service=CSW&version=2.0.2&request=GetRecords&typeNames=csw:Record&resultType=results',
      '/oai?verb=ListIdentifiers&metadataPrefix=oai_dc',
      '/ogcapi/collections/metadata/items',
      '/dcat/catalog.ttl',
    ];
    for (const url of urls) {
      refused(await t.app.inject({ url, headers: withToken(temporary) }), url);
      const visitor = await t.app.inject({ url });
      expect(visitor.statusCode, url).toBeLessThan(400);
    }
  });

  it('signs out, and after the password change may do what its roles allow', async () => {
    const changed = await api('PUT', '/access/profile/password', withToken(temporary), {
      currentPassword: 'temporary secret 1',
      newPassword: 'tom chose this 7',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = withToken(changed.json().id);
    const published = await api('PUT', `/object/${submitted}/state`, fresh, {
      state: 'published',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await api('GET', '/access/dismiss', fresh)).statusCode).toBe(204);

    // Another temporary session signs out too (sign-out is always allowed).
    const reset = await createAccount(t.app, 'ute', 'ute password 1');
    await t.app.db
      .updateTable('account')
      .set({ must_change_password: true })
      .where('id', '=', reset)
      .execute();
    const ute = withToken(await signIn(t.app, 'ute', 'ute password 1'));
    expect((await api('GET', '/access/dismiss', ute)).statusCode).toBe(204);
    expect((await api('GET', '/access/authorized', ute)).statusCode).toBe(401);
  });
});
