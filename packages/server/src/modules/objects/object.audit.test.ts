import { AuditList } from '@geoportal/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('audit of record workflow and access control on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [name, role] of [
      ['root', 'administrator'],
      ['ed', 'editor'],
      ['owner', 'submitter'],
      ['anna', 'submitter'],
      ['leaver', 'submitter'],
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
  const draft = async (who = 'owner') => {
    const res = await api('POST', '/object', as(who), {
      metadata: completeMetadata({ title: { de: 'Audit-Test', en: 'Audit test' } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const step = async (who: string, id: string, state: string, comment?: string) =>
    api('PUT', `/object/${id}/state`, as(who), { state, ...(comment ? { comment } : {}) });
  /** Every entry of one target, oldest first, read through the API as an administrator. */
  const allAuditOf = async (target: string) => {
    const res = await api(
      'GET',
      `/audit?target=${encodeURIComponent(target)}&rows=100`,
      as('root'),
    );
    expect(res.statusCode, res.body).toBe(200);
    return AuditList.parse(res.json()).docs.reverse();
  };
  /** The entries of one target after its creation (which the first test checks). */
  const auditOf = async (target: string) =>
    (await allAuditOf(target)).filter((e) => e.action !== 'object.create');
  const everyEntry = async () =>
    AuditList.parse((await api('GET', '/audit?rows=100', as('root'))).json());

  it('audits each workflow step with actor, states and comment', async () => {
    const id = await draft();
    expect((await step('owner', id, 'submitted')).statusCode).toBe(200);
    expect((await step('ed', id, 'draft', 'Bitte die Quelle ergänzen')).statusCode).toBe(200);
    expect((await step('owner', id, 'submitted')).statusCode).toBe(200);
    expect((await step('ed', id, 'published')).statusCode).toBe(200);
    expect((await step('ed', id, 'withdrawn')).statusCode).toBe(200);

    const entries = await auditOf(id);
    expect(entries.map((e) => [e.actor, e.action, e.targetKind, e.details])).toEqual([
      ['owner', 'object.transition', 'object', { state: { before: 'draft', after: 'submitted' } }],
      [
        'ed',
        'object.transition',
        'object',
        { state: { before: 'submitted', after: 'draft' }, comment: 'Bitte die Quelle ergänzen' },
      ],
      ['owner', 'object.transition', 'object', { state: { before: 'draft', after: 'submitted' } }],
      ['ed', 'object.transition', 'object', { state: { before: 'submitted', after: 'published' } }],
      ['ed', 'object.transition', 'object', { state: { before: 'published', after: 'withdrawn' } }],
    ]);
    expect(entries.every((e) => e.requestId !== '')).toBe(true);
    // The creation is the first entry, by its owner (the write kernel audits every write).
    const [created] = await allAuditOf(id);
    expect(created).toMatchObject({
      actor: 'owner',
      action: 'object.create',
      details: { type: 'dataset', state: 'draft', title: { en: 'Audit test' } },
    });
  });

  it('writes no entry for a refused workflow step', async () => {
    const id = await draft();
    const refused = [
      await step('owner', id, 'published'),
      await step('anna', id, 'submitted'),
      await step('owner', 'missing', 'submitted'),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([409, 404, 400]);
    expect((await step('owner', id, 'submitted')).statusCode).toBe(200);
    // Returning a submission without the required comment.
    expect((await step('ed', id, 'draft')).statusCode).toBe(400);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['object.transition']);
  });

  it('audits deleting a record with what identified it, and no refused deletion', async () => {
    const id = await draft();
    expect((await api('DELETE', `/object/${id}`, as('anna'))).statusCode).toBe(404);
    expect(await auditOf(id)).toEqual([]);
    expect((await api('DELETE', `/object/${id}`, as('owner'))).statusCode).toBe(204);
    const [entry, ...rest] = await auditOf(id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actor: 'owner',
      action: 'object.delete',
      targetKind: 'object',
      target: id,
      details: {
        title: { de: 'Audit-Test', en: 'Audit test' },
        type: 'dataset',
        state: 'draft',
        owner: 'owner',
      },
    });
  });

  it('audits added, changed and removed grants and the public flag, and no refused change', async () => {
    const id = await draft();
    const set = (who: string, body: object) =>
      api('POST', `/object/${id}/accessControl`, as(who), body);
    const annaRead = { permission: 'read', subject: { kind: 'user', name: 'anna' } };
    const annaWrite = { permission: 'write', subject: { kind: 'user', name: 'anna' } };
    const group = { permission: 'read', subject: { kind: 'group', name: 'editor-group' } };
    expect((await set('owner', { public: true, grants: [annaRead, group] })).statusCode).toBe(200);
    expect((await set('owner', { public: false, grants: [annaWrite, group] })).statusCode).toBe(
      200,
    );
    // The same grants once more change nothing and leave no entry.
    expect((await set('owner', { public: false, grants: [group, annaWrite] })).statusCode).toBe(
      200,
    );
    const everyone = { permission: 'read', subject: { kind: 'everyone' } };
    const refused = [
      await set('owner', { public: false, grants: [everyone] }),
      await set('ed', { public: true, grants: [] }),
      await set('root', { public: true, grants: 'nonsense' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 403, 400]);
    expect((await set('owner', { public: false, grants: [] })).statusCode).toBe(200);

    const entries = await auditOf(id);
    expect(entries.map((e) => [e.actor, e.action, e.targetKind])).toEqual([
      ['owner', 'object.access_change', 'object'],
      ['owner', 'object.access_change', 'object'],
      ['owner', 'object.access_change', 'object'],
    ]);
    expect(entries[0]?.details).toEqual({
      grants: { before: [], after: [annaRead, group], added: [annaRead, group], removed: [] },
    });
    expect(entries[1]?.details).toMatchObject({
      public: { before: true, after: false },
      grants: { added: [annaWrite], removed: [annaRead] },
    });
    expect(entries[2]?.details).toMatchObject({
      grants: { after: [], added: [], removed: expect.arrayContaining([annaWrite, group]) },
    });
  });

  it('audits creating and revoking access keys without their secret', async () => {
    const id = await draft();
    const created = await api('POST', `/object/${id}/accessKeys`, as('owner'), {
      type: 'read',
      comment: 'für das Amt',
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json() as { id: string; secret: string };
    const refused = [
      await api('POST', `/object/${id}/accessKeys`, as('owner'), {
        type: 'read',
        expires: '2000-01-01T00:00:00Z',
      }),
      await api('POST', `/object/${id}/accessKeys`, as('anna'), { type: 'read' }),
      await api('DELETE', `/object/${id}/accessKeys/missing`, as('owner')),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 404, 404]);
    expect(
      (await api('DELETE', `/object/${id}/accessKeys/${key.id}`, as('owner'))).statusCode,
    ).toBe(204);

    const entries = await auditOf(id);
    expect(entries.map((e) => [e.actor, e.action, e.targetKind, e.details])).toEqual([
      [
        'owner',
        'object.access_key_create',
        'object',
        { key: key.id, type: 'read', comment: 'für das Amt', expires: null },
      ],
      [
        'owner',
        'object.access_key_revoke',
        'object',
        { key: key.id, type: 'read', active: { before: true, after: false } },
      ],
    ]);
    // Neither the secret nor its hash reaches any entry of the log.
    const [row] = await t.app.db
      .selectFrom('access_key')
      .select(['secret_hash', 'salt'])
      .where('id', '=', key.id)
      .execute();
    const log = JSON.stringify(await everyEntry());
    expect(log).not.toContain(key.secret.split('.')[1]);
    expect(log).not.toContain(row?.secret_hash);
    expect(log).not.toContain(row?.salt);
  });

  it('audits the owner change of each record when its owner is deleted with a successor', async () => {
    const first = await draft('leaver');
    const second = await draft('leaver');
    // Without a successor the deletion is refused and leaves no entry.
    expect((await api('DELETE', '/users/leaver', as('root'))).statusCode).toBe(409);
    expect(await auditOf(first)).toEqual([]);
    expect((await api('DELETE', '/users/leaver?successor=anna', as('root'))).statusCode).toBe(204);
    for (const id of [first, second]) {
      const entries = await auditOf(id);
      expect(entries.map((e) => [e.actor, e.action, e.targetKind, e.target, e.details])).toEqual([
        [
          'root',
          'object.owner_change',
          'object',
          id,
          { owner: { before: 'leaver', after: 'anna' } },
        ],
      ]);
    }
  });
});
