import { ErrorBody } from '@geoportal/contract/errors';
import { ObjectDetailed, ObjectNormal, ObjectSummary } from '@geoportal/contract/object';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';

describe.each(testDatabases)('objects and workflow on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [name, role] of [
      ['sub', 'submitter'],
      ['sub2', 'submitter'],
      ['ed', 'editor'],
      ['ed2', 'editor'],
      ['plain', undefined],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, role ? { role } : {});
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: string,
    payload?: unknown,
    detail?: string,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(who ? withToken(tokens[who] as string) : {}),
        ...(detail ? { accept: `application/json; detail=${detail}` } : {}),
      },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  /** A draft; complete unless asked otherwise, so the workflow tests may submit it. */
  const create = async (who = 'sub', title = 'Bodenrichtwerte 2026', complete = true) => {
    const metadata = complete
      ? completeMetadata({ title: { de: title } })
      : { title: { de: title } };
    const res = await call('POST', '/object', who, { metadata });
    expect(res.statusCode).toBe(201);
    return ObjectNormal.parse(res.json());
  };

  it('creates a draft owned by the caller with a URL-safe id', async () => {
    const object = await create();
    expect(object).toMatchObject({ state: 'draft', version: 1, owner: 'sub', type: 'dataset' });
    expect(object.id).toMatch(/^[\w-]{22}$/);
  });

  it('refuses creation to visitors (401) and users without a publishing role (403), and bad bodies (400)', async () => {
    expect(
      (await call('POST', '/object', undefined, { metadata: { title: { de: 'x' } } })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/object', 'plain', { metadata: { title: { de: 'x' } } })).statusCode,
    ).toBe(403);
    for (const body of [
      {},
      { metadata: { title: {} } },
      { metadata: { title: { fr: 'x' } } },
      { metadata: { title: { de: 'x' }, extent: { west: 200, south: 0, east: 1, north: 1 } } },
    ]) {
      const res = await call('POST', '/object', 'sub', body);
      expect(res.statusCode).toBe(400);
      expect(ErrorBody.parse(res.json()).code).toBe('request.validation');
    }
  });

  it('answers the three detail levels', async () => {
    // Title only: a draft needs no more, and the summary then has no extent.
    const { id } = await create('sub', 'Bodenrichtwerte 2026', false);
    expect(
      Object.keys(
        ObjectSummary.parse(
          (await call('GET', `/object/${id}`, 'sub', undefined, 'summary')).json(),
        ),
      ).sort(),
    ).toEqual(['id', 'state', 'title', 'type']);
    const normal = (await call('GET', `/object/${id}`, 'sub')).json();
    expect(normal.metadata.title.de).toBe('Bodenrichtwerte 2026');
    expect(normal.permissions).toBeUndefined();
    const detailed = ObjectDetailed.parse(
      (await call('GET', `/object/${id}`, 'sub', undefined, 'detailed')).json(),
    );
    expect(detailed.permissions).toMatchObject({
      read: true,
      write: true,
      delete: true,
      accessControl: true,
      transitions: ['submitted'],
    });
    expect(detailed.history).toEqual([
      expect.objectContaining({ from: null, to: 'draft', by: 'sub' }),
    ]);
  });

  it('hides drafts from visitors and other submitters with the same 404 as a missing id', async () => {
    const { id } = await create();
    const missing = await call('GET', '/object/AAAAAAAAAAAAAAAAAAAAAA');
    for (const who of [undefined, 'sub2', 'plain']) {
      const res = await call('GET', `/object/${id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await call('GET', `/object/${id}`, 'ed')).statusCode).toBe(200);
  });

  it('runs the workflow: submit, return with comment, submit, publish, withdraw — every step recorded', async () => {
    const { id } = await create();
    expect(
      (await call('PUT', `/object/${id}/state`, 'sub', { state: 'published' })).statusCode,
    ).toBe(409);
    expect(
      (await call('PUT', `/object/${id}/state`, 'sub', { state: 'submitted' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/object/${id}/state`, 'sub', { state: 'published' })).json().code,
    ).toBe('object.transition_not_allowed');
    const noComment = await call('PUT', `/object/${id}/state`, 'ed', { state: 'draft' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().code).toBe('object.comment_required');
    expect(
      (
        await call('PUT', `/object/${id}/state`, 'ed', {
          state: 'draft',
          comment: 'Abstract fehlt',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/object/${id}/state`, 'sub', { state: 'submitted' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/object/${id}/state`, 'ed', { state: 'published' })).statusCode,
    ).toBe(200);
    // Published: visitors read it now.
    expect((await call('GET', `/object/${id}`)).statusCode).toBe(200);
    const withdrawn = ObjectDetailed.parse(
      (await call('PUT', `/object/${id}/state`, 'ed', { state: 'withdrawn' })).json(),
    );
    expect(withdrawn.state).toBe('withdrawn');
    expect(
      withdrawn.history.map(
        (h) => `${h.from ?? '-'}>${h.to}:${h.by}${h.comment ? `:${h.comment}` : ''}`,
      ),
    ).toEqual([
      '->draft:sub',
      'draft>submitted:sub',
      'submitted>draft:ed:Abstract fehlt',
      'draft>submitted:sub',
      'submitted>published:ed',
      'published>withdrawn:ed',
    ]);
    expect((await call('GET', `/object/${id}`)).statusCode).toBe(404);
  });

  it('of two editors saving the same version exactly one wins; the other gets 409 and the winner is stored', async () => {
    const { id } = await create();
    await call('PUT', `/object/${id}/state`, 'sub', { state: 'submitted' });
    const { version } = ObjectNormal.parse((await call('GET', `/object/${id}`, 'ed')).json());
    const save = (who: string, title: string) =>
      call('PUT', '/object', who, { id, version, metadata: { title: { de: title } } });
    const results = await Promise.all([save('ed', 'Fassung A'), save('ed2', 'Fassung B')]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().metadata.title.de;
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().code).toBe('object.version_conflict');
    const stored = ObjectNormal.parse((await call('GET', `/object/${id}`, 'ed')).json());
    expect(stored.metadata.title.de).toBe(winner);
    expect(stored.version).toBe(version + 1);
  });

  it('lets the owner delete a draft, nobody else but editors and administrators', async () => {
    const { id } = await create();
    expect((await call('DELETE', `/object/${id}`, 'sub2')).statusCode).toBe(404);
    expect((await call('DELETE', `/object/${id}`, 'sub')).statusCode).toBe(204);
    expect((await call('GET', `/object/${id}`, 'sub')).statusCode).toBe(404);
    const other = await create();
    expect((await call('DELETE', `/object/${other.id}`, 'ed')).statusCode).toBe(204);
    expect((await call('GET', `/object/${other.id}`, 'ed')).statusCode).toBe(404);
  });

  it('lists the own records and, for editors, the review queue — through the visibility filter', async () => {
    const mine = await create('sub2', 'Meins');
    await call('PUT', `/object/${mine.id}/state`, 'sub2', { state: 'submitted' });
    const own = (await call('GET', '/object?owner=me&rows=100', 'sub2')).json();
    expect(own.docs.map((d: { id: string }) => d.id)).toContain(mine.id);
    expect(own.docs.every((d: { owner: string }) => d.owner === 'sub2')).toBe(true);
    const queue = (await call('GET', '/object?state=submitted&rows=100', 'ed')).json();
    expect(queue.docs.map((d: { id: string }) => d.id)).toContain(mine.id);
    const visitor = (await call('GET', '/object?state=submitted&rows=100')).json();
    expect(visitor.numFound).toBe(0);
    const other = (await call('GET', '/object?state=submitted&rows=100', 'sub')).json();
    expect(other.docs.map((d: { id: string }) => d.id)).not.toContain(mine.id);
    expect((await call('GET', '/object?owner=me')).statusCode).toBe(401);
    expect((await call('GET', '/object?rows=1000', 'sub')).statusCode).toBe(400);
  });
});
