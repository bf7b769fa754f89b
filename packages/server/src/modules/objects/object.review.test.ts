import type { SearchResponse } from '@geoportal/contract/search';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as dropUnreviewedReaders } from '../../db/migrations/0010-search-readers-review.js';
import { apiCaller, createAccount, signIn } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { upload } from '../files/files.test-helpers.js';
import { searchUrl } from '../search/search.test-helpers.js';
import { refreshSearchDocuments } from '../search/search-index.js';

/**
 * Review cannot be bypassed (DESIGN §5), told as the findings of the security test: grants
 * and access keys widen who may read a record that is not public and who may edit a draft;
 * they never make a record public and never change what was submitted, published or
 * withdrawn. The access matrices and the search visibility property check every cell; these
 * tests follow each attack and its answer.
 */
describe.each(testDatabases)('review cannot be bypassed on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database);
    await createAccount(t.app, 'owner', 'review password 1', { role: 'submitter' });
    await createAccount(t.app, 'editor', 'review password 1', { role: 'editor' });
    for (const name of ['owner', 'editor'])
      tokens[name] = await signIn(t.app, name, 'review password 1');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);
  const as = (who: string) => ({ accesstoken: tokens[who] as string });

  async function draft(title: string): Promise<string> {
    const created = await api('POST', '/object', as('owner'), {
      metadata: completeMetadata({ title: { de: title } }),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }
  async function step(id: string, who: string, state: string, comment?: string) {
    const res = await api('PUT', `/object/${id}/state`, as(who), {
      state,
      ...(comment ? { comment } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function published(title: string): Promise<string> {
    const id = await draft(title);
    await step(id, 'owner', 'submitted');
    await step(id, 'editor', 'published');
    return id;
  }
  /** Saves a new title over the current version, with the given headers. */
  async function retitle(id: string, title: string, headers: Record<string, string>) {
    const current = (await api('GET', `/object/${id}`, as('editor'))).json();
    return api('PUT', '/object', headers, {
      id,
      version: current.version,
      metadata: { ...current.metadata, title: { de: title } },
    });
  }
  const titleOf = async (id: string) =>
    (await api('GET', `/object/${id}`, as('editor'))).json().metadata.title.de;
  const visitorFinds = async () => {
    const found: SearchResponse = (await api('GET', searchUrl('*', { rows: 100 }))).json();
    const mapped = (await api('GET', '/index/search/objects/spatial/*/1/1000')).json();
    return {
      ids: found.docs.map((d) => d.id),
      keywords: found.facets.keyword.length,
      footprints: mapped.features.map((f: { id: string }) => f.id),
    };
  };

  it('an owner who grants themselves write cannot change the published record or its files', async () => {
    const id = await published('Geprüft');
    const granted = await api('POST', `/object/${id}/accessControl`, as('owner'), {
      public: true,
      grants: [{ permission: 'write', subject: { kind: 'user', name: 'owner' } }],
    });
    // A grant for a user may be stored on any record; it takes effect on drafts only.
    expect(granted.statusCode).toBe(200);
    const saved = await retitle(id, 'Ungeprüft geändert', as('owner'));
    expect(saved.statusCode).toBe(403);
    expect(saved.json().code).toBe('auth.forbidden');
    const uploaded = await upload(t.app, id, 'data', { path: 'a.txt', content: 'x' }, as('owner'));
    expect(uploaded.statusCode).toBe(403);
    expect(await titleOf(id)).toBe('Geprüft');
    // Editors change what visitors see.
    expect((await retitle(id, 'Redaktionell geändert', as('editor'))).statusCode).toBe(200);
    expect(await titleOf(id)).toBe('Redaktionell geändert');
  });

  it('a write key edits the draft, and nothing once the record is submitted or published', async () => {
    const id = await draft('Mit Schlüssel');
    const key = (
      await api('POST', `/object/${id}/accessKeys`, as('owner'), { type: 'write' })
    ).json().secret as string;
    const withKey = { 'x-access-key': key };
    expect((await retitle(id, 'Entwurf mit Schlüssel', withKey)).statusCode).toBe(200);
    await step(id, 'owner', 'submitted');
    expect((await retitle(id, 'Eingereicht geändert', withKey)).statusCode).toBe(403);
    await step(id, 'editor', 'published');
    // The key identifies its holder: 403, not a request to sign in.
    const saved = await retitle(id, 'Veröffentlicht geändert', withKey);
    expect(saved.statusCode).toBe(403);
    expect(saved.json().code).toBe('auth.forbidden');
    const uploaded = await upload(t.app, id, 'data', { path: 'a.txt', content: 'x' }, withKey);
    expect(uploaded.statusCode).toBe(403);
    expect(await titleOf(id)).toBe('Entwurf mit Schlüssel');
    // The key still reads the record, and no key would help a visitor write it.
    expect((await api('GET', `/object/${id}`, withKey)).statusCode).toBe(200);
    expect((await api('PUT', `/object/${id}/accessKey/required`)).json()).toBe(false);
  });

  it('a grant to everyone is refused unless the record is published; withdrawn means withdrawn', async () => {
    const id = await published('Zurückgezogen');
    const everyone = {
      public: true,
      grants: [{ permission: 'read', subject: { kind: 'everyone' } }],
    };
    expect(
      (await api('POST', `/object/${id}/accessControl`, as('owner'), everyone)).statusCode,
    ).toBe(200);
    expect((await api('GET', `/object/${id}`)).statusCode).toBe(200);
    await step(id, 'editor', 'withdrawn');
    expect((await api('GET', `/object/${id}`)).statusCode).toBe(404);
    expect((await visitorFinds()).ids).not.toContain(id);

    const again = await api('POST', `/object/${id}/accessControl`, as('owner'), everyone);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'object.everyone_unpublished',
      fields: [{ path: 'body.grants.0.subject' }],
    });
    expect(again.json().message).toMatch(/published/);
    expect((await api('GET', `/object/${id}`)).statusCode).toBe(404);

    const write = await api('POST', `/object/${id}/accessControl`, as('owner'), {
      public: true,
      grants: [{ permission: 'write', subject: { kind: 'everyone' } }],
    });
    expect(write.json()).toMatchObject({
      status: 400,
      code: 'object.everyone_read_only',
      fields: [{ path: 'body.grants.0.permission' }],
    });
  });

  it('a grant to everyone stored on a draft before opens nothing: record, list, search, facets, map', async () => {
    await t.app.db.deleteFrom('object').execute();
    const id = await draft('Alter Entwurf');
    await t.app.db
      .insertInto('object_grant')
      .values({ object_id: id, permission: 'read', subject_kind: 'everyone', subject_name: '' })
      .execute();
    await refreshSearchDocuments(t.app.db, [id]);
    expect((await api('GET', `/object/${id}`)).statusCode).toBe(404);
    expect((await api('GET', '/object?rows=100')).json().docs).toEqual([]);
    expect(await visitorFinds()).toEqual({ ids: [], keywords: 0, footprints: [] });

    // A document indexed under the old rule has the reader `public`; the migration drops it.
    await t.app.db
      .updateTable('search_document')
      .set({ readers: ['public', 'owner:x'] })
      .where('object_id', '=', id)
      .execute();
    expect((await visitorFinds()).ids).toEqual([id]);
    await dropUnreviewedReaders(t.app.db as unknown as Kysely<unknown>);
    expect(await visitorFinds()).toEqual({ ids: [], keywords: 0, footprints: [] });
  });
});
