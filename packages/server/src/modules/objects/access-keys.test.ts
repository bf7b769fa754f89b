import { Grant } from '@geoportal/contract/object';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('access keys and grants on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    await createAccount(t.app, 'owner', 'keys password 1', { role: 'submitter' });
    await createAccount(t.app, 'anna', 'keys password 1', { role: 'submitter' });
    await createAccount(t.app, 'bert', 'keys password 1', { role: 'submitter' });
    for (const name of ['owner', 'anna', 'bert'])
      tokens[name] = await signIn(t.app, name, 'keys password 1');
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => ({ accesstoken: tokens[who] as string });
  const draft = async (metadata: object = { title: { de: 'Schlüsseltest' } }) =>
    (await api('POST', '/object', as('owner'), { metadata })).json().id as string;

  it('shows the secret once and stores only a salted hash of it', async () => {
    const id = await draft();
    const created = (
      await api('POST', `/object/${id}/accessKeys`, as('owner'), {
        type: 'read',
        comment: 'für das Amt',
      })
    ).json();
    expect(created.secret).toMatch(/^[\w-]+\.[\w-]{43}$/);
    const listed = (await api('GET', `/object/${id}/accessKeys`, as('owner'))).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: created.id,
        type: 'read',
        comment: 'für das Amt',
        active: true,
        creator: 'owner',
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret.split('.')[1]);
    const rows = await t.app.db
      .selectFrom('access_key')
      .selectAll()
      .where('object_id', '=', id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(created.secret.split('.')[1]);
    expect(rows[0]?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives nothing for a wrong, tampered, foreign, expired or revoked key, and notes the last use of a good one', async () => {
    const id = await draft();
    const other = await draft();
    const key = (
      await api('POST', `/object/${id}/accessKeys`, as('owner'), { type: 'read' })
    ).json();
    const foreign = (
      await api('POST', `/object/${other}/accessKeys`, as('owner'), { type: 'read' })
    ).json();
    const read = (secret: string) => api('GET', `/object/${id}`, { 'x-access-key': secret });
    for (const bad of [
      `${key.secret}x`,
      `${key.id}.${'A'.repeat(43)}`,
      'nonsense',
      foreign.secret,
      '',
    ]) {
      expect((await read(bad)).statusCode).toBe(404);
    }
    expect((await read(key.secret)).statusCode).toBe(200);
    const [listed] = (await api('GET', `/object/${id}/accessKeys`, as('owner'))).json();
    expect(listed.lastUsed).not.toBeNull();
    expect(
      (await api('DELETE', `/object/${id}/accessKeys/${key.id}`, as('owner'))).statusCode,
    ).toBe(204);
    expect((await read(key.secret)).statusCode).toBe(404);
    expect((await api('DELETE', `/object/${id}/accessKeys/nope`, as('owner'))).json().code).toBe(
      'access_key.not_found',
    );
  });

  it('refuses an expiry in the past, and has no way to change a key’s type', async () => {
    const id = await draft();
    const past = await api('POST', `/object/${id}/accessKeys`, as('owner'), {
      type: 'read',
      expires: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const key = (
      await api('POST', `/object/${id}/accessKeys`, as('owner'), { type: 'read' })
    ).json();
    for (const method of ['PUT', 'POST'] as const) {
      const res = await api(method, `/object/${id}/accessKeys/${key.id}`, as('owner'), {
        type: 'write',
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await api('POST', `/object/${id}/accessKeys`, as('owner'), { type: 'admin' })).statusCode,
    ).toBe(400);
    const [listed] = (await api('GET', `/object/${id}/accessKeys`, as('owner'))).json();
    expect(listed.type).toBe('read');
  });

  it('grants: whatever grants an owner sets on a draft, reading follows them (generated cases)', async () => {
    const subject = fc.constantFrom(
      { kind: 'everyone' as const },
      { kind: 'user' as const, name: 'anna' },
      { kind: 'user' as const, name: 'ANNA' },
      { kind: 'role' as const, name: 'submitter' },
      { kind: 'role' as const, name: 'editor' },
      { kind: 'group' as const, name: 'submitter group' },
      { kind: 'group' as const, name: 'nobody' },
    );
    const grant = fc.record({
      permission: fc.constantFrom('read', 'write', 'delete', 'accessControl'),
      subject,
    });
    const id = await draft();
    await fc.assert(
      fc.asyncProperty(fc.array(grant, { maxLength: 4 }), async (grants) => {
        const parsed = grants.map((g) => Grant.parse(g));
        const set = await api('POST', `/object/${id}/accessControl`, as('owner'), {
          public: true,
          grants: parsed,
        });
        // A grant to everyone is read only, and never on a draft (review cannot be bypassed):
        // refused, and what was stored before stays.
        const everyone = parsed.filter((g) => g.subject.kind === 'everyone');
        if (everyone.length > 0) {
          expect(set.statusCode).toBe(400);
          expect(set.json().code).toBe(
            everyone.some((g) => g.permission !== 'read')
              ? 'object.everyone_read_only'
              : 'object.everyone_unpublished',
          );
          expect((await api('GET', `/object/${id}`)).statusCode).toBe(404);
          return;
        }
        expect(set.statusCode).toBe(200);
        // Every grant implies read; anna is a submitter in the "submitter group".
        const annaReads = parsed.some(
          (g) =>
            (g.subject.kind === 'user' && g.subject.name.toLowerCase() === 'anna') ||
            (g.subject.kind === 'role' && g.subject.name === 'submitter') ||
            (g.subject.kind === 'group' && g.subject.name === 'submitter group'),
        );
        const annaWrites = parsed.some(
          (g) =>
            g.permission === 'write' &&
            ((g.subject.kind === 'user' && g.subject.name.toLowerCase() === 'anna') ||
              (g.subject.kind === 'role' && g.subject.name === 'submitter') ||
              (g.subject.kind === 'group' && g.subject.name === 'submitter group')),
        );
        expect((await api('GET', `/object/${id}`, as('anna'))).statusCode).toBe(
          annaReads ? 200 : 404,
        );
        expect((await api('GET', `/object/${id}`)).statusCode).toBe(404);
        expect((await api('PUT', `/object/${id}/try`, as('anna'))).statusCode).toBe(
          annaReads ? (annaWrites ? 202 : 403) : 404,
        );
        // Lists agree with single reads (one visibility rule everywhere).
        const listed = (await api('GET', '/object?rows=100', as('anna')))
          .json()
          .docs.map((d: { id: string }) => d.id);
        expect(listed.includes(id)).toBe(annaReads);
      }),
      propertyRuns(40),
    );
  });

  it('a published record that is not public is read only by those with access', async () => {
    // Complete, because submitting and publishing need a complete record.
    const id = await draft(completeMetadata({ title: { de: 'Schlüsseltest' } }));
    await api('POST', `/object/${id}/accessControl`, as('owner'), {
      public: false,
      grants: [{ permission: 'read', subject: { kind: 'user', name: 'bert' } }],
    });
    // Publishing needs an editor.
    await createAccount(t.app, 'eddie', 'keys password 1', { role: 'editor' });
    const editor = await signIn(t.app, 'eddie', 'keys password 1');
    expect(
      (await api('PUT', `/object/${id}/state`, as('owner'), { state: 'submitted' })).statusCode,
    ).toBe(200);
    expect(
      (await api('PUT', `/object/${id}/state`, { accesstoken: editor }, { state: 'published' }))
        .statusCode,
    ).toBe(200);
    expect((await api('GET', `/object/${id}`)).statusCode).toBe(404);
    expect((await api('GET', `/object/${id}`, as('anna'))).statusCode).toBe(404);
    expect((await api('GET', `/object/${id}`, as('bert'))).statusCode).toBe(200);
  });
});
