import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createAccount, signIn } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

/**
 * `PUT /object` takes the record as `GET /object/{id}` answers it (normal or detailed
 * detail), changed: a client reads, edits and writes back the whole body. Read-only fields
 * may be sent as read; changing one is a 400 that names it and says where it changes.
 */
describe.each(testDatabases)('PUT /object with the GET representation on $name', (database) => {
  let t: TestApp;
  let token = '';

  beforeAll(async () => {
    t = await createTestApp(database);
    await createAccount(t.app, 'owner', 'put password 1', { role: 'submitter' });
    token = await signIn(t.app, 'owner', 'put password 1');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const owner = () => ({ accesstoken: token });
  const read = async (id: string, detail = 'normal') =>
    (
      await api('GET', `/object/${id}`, {
        ...owner(),
        accept: `application/json; detail=${detail}`,
      })
    ).json();
  async function draft(): Promise<string> {
    const created = await api('POST', '/object', owner(), {
      metadata: completeMetadata({ title: { de: 'Gelesen', en: 'Read' } }),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }
  const retitled = (body: { metadata: object }, de: string) => ({
    ...body,
    metadata: { ...body.metadata, title: { de, en: 'Read' } },
  });

  for (const detail of ['normal', 'detailed']) {
    it(`takes back the ${detail} representation with a new title and stores the change`, async () => {
      const id = await draft();
      const body = await read(id, detail);
      expect(body).toHaveProperty('state', 'draft');
      const saved = await api('PUT', '/object', owner(), retitled(body, `Geschrieben ${detail}`));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().version).toBe(body.version + 1);
      const stored = await read(id);
      expect(stored.metadata.title).toEqual({ de: `Geschrieben ${detail}`, en: 'Read' });
      expect(stored.title).toEqual({ de: `Geschrieben ${detail}`, en: 'Read' });
    });
  }

  it('does not take the summary: it lacks the record and its version', async () => {
    const id = await draft();
    const res = await api('PUT', '/object', owner(), await read(id, 'summary'));
    expect(res.statusCode).toBe(400);
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['body.version', 'body.metadata']));
  });

  it('refuses a changed state with 400 naming state and the workflow endpoint', async () => {
    const id = await draft();
    const res = await api('PUT', '/object', owner(), {
      ...retitled(await read(id), 'Nicht gespeichert'),
      state: 'submitted',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'object.read_only_field',
      fields: [{ path: 'body.state', message: expect.stringContaining(`PUT /object/${id}/state`) }],
    });
    expect(res.json().message).toContain(`PUT /object/${id}/state`);
    expect((await read(id)).metadata.title.de).toBe('Gelesen');
  });

  it('refuses changed owner, created and modified, naming each', async () => {
    const id = await draft();
    const res = await api('PUT', '/object', owner(), {
      ...(await read(id)),
      owner: 'someone else',
      created: '2020-01-01T00:00:00.000Z',
      modified: '2020-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([
      'body.owner',
      'body.created',
      'body.modified',
    ]);
  });

  it('takes the title copy as read or as the new metadata gives it, not a third one', async () => {
    const id = await draft();
    const body = await read(id);
    const consistent = { ...retitled(body, 'Beides'), title: { de: 'Beides', en: 'Read' } };
    expect((await api('PUT', '/object', owner(), consistent)).statusCode).toBe(200);
    const again = await read(id);
    const res = await api('PUT', '/object', owner(), { ...again, title: { de: 'Nur oben' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.title', message: expect.stringContaining('metadata.title') },
    ]);
  });

  it('still refuses keys that are not in the representation', async () => {
    const id = await draft();
    const res = await api('PUT', '/object', owner(), { ...(await read(id)), colour: 'blue' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation');
    expect(JSON.stringify(res.json())).toContain('colour');
  });

  it('answers 409 for a stale representation, not a complaint about its read-only fields', async () => {
    const id = await draft();
    const stale = await read(id);
    expect(
      (await api('PUT', `/object/${id}/state`, owner(), { state: 'submitted' })).statusCode,
    ).toBe(200);
    expect((await api('PUT', `/object/${id}/state`, owner(), { state: 'draft' })).statusCode).toBe(
      200,
    );
    const res = await api('PUT', '/object', owner(), retitled(stale, 'Zu spät'));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('object.version_conflict');
  });
});
