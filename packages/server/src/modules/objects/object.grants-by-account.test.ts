import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * Grants name accounts, not names (migration 0023): a grant goes with a deleted account, and
 * a new account that takes a deleted user's name reads nothing the old one was granted.
 */
describe.each(testDatabases)('grants by account on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [name, role] of [
      ['root', 'administrator'],
      ['owner', 'submitter'],
      ['anna', 'submitter'],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, { role });
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  });
  afterAll(async () => {
    await t.close();
  });
  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => withToken(tokens[who] as string);

  it('refuses a grant to a name without an account, with the field that names it', async () => {
    const created = await api('POST', '/object', as('owner'), {
      metadata: completeMetadata({ title: { en: 'Grant check' } }),
    });
    const res = await api('POST', `/object/${created.json().id}/accessControl`, as('owner'), {
      public: true,
      grants: [
        { permission: 'read', subject: { kind: 'user', name: 'anna' } },
        { permission: 'read', subject: { kind: 'user', name: 'nobody-here' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'object.unknown_grantee',
      fields: [{ path: 'body.grants.1.subject.name' }],
    });
  });

  it("a new account with a deleted user's name reads none of the old one's records", async () => {
    const created = await api('POST', '/object', as('owner'), {
      metadata: completeMetadata({ title: { en: 'Shared with Anna' } }),
    });
    const id = created.json().id as string;
    const shared = await api('POST', `/object/${id}/accessControl`, as('owner'), {
      public: true,
      grants: [{ permission: 'read', subject: { kind: 'user', name: 'ANNA' } }],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    // Shown by the account's name as it is stored.
    expect(shared.json().grants).toEqual([
      { permission: 'read', subject: { kind: 'user', name: 'anna' } },
    ]);
    expect((await api('GET', `/object/${id}`, as('anna'))).statusCode).toBe(200);
    const found = await api('GET', '/index/search/objects/Anna/0/10', as('anna'));
    expect(found.json().docs.map((d: { id: string }) => d.id)).toContain(id);

    expect((await api('DELETE', '/users/anna', as('root'))).statusCode).toBe(204);
    await createAccount(t.app, 'anna', 'anna password 2', { role: 'submitter' });
    const newcomer = withToken(await signIn(t.app, 'anna', 'anna password 2'));
    expect((await api('GET', `/object/${id}`, newcomer)).statusCode).toBe(404);
    const search = await api('GET', '/index/search/objects/Anna/0/10', newcomer);
    expect(search.json().docs.map((d: { id: string }) => d.id)).not.toContain(id);
    const list = await api('GET', '/object?rows=100', newcomer);
    expect(list.json().docs.map((d: { id: string }) => d.id)).not.toContain(id);
    // The grant went with the deleted account.
    const access = await api('GET', `/object/${id}/accessControl`, as('owner'));
    expect(access.json().grants).toEqual([]);
  });
});
