import { ErrorBody } from '@geoportal/contract/errors';
import { ObjectNormal } from '@geoportal/contract/object';
import type { Metadata } from '@geoportal/contract/record';
import { ImportCheck } from '@geoportal/contract/record-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, withToken } from '../../test/access-helpers.js';
import { completeMetadata } from '../../test/record-fixtures.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { seededVocabularies } from '../../test/test-vocabularies.js';
import { writeIso19139 } from './iso19139-writer.js';

/**
 * Issue 18.6: importing a file whose `gmd:fileIdentifier` names an existing record never
 * silently makes a second one. The caller learns of the existing record as far as they may
 * read it, and either saves the file over it (the normal save with its version check) or
 * imports a copy with an identifier of its own.
 */
describe.each(testDatabases)('importing a known file identifier on $name', (database) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(database);
    for (const [name, role] of [
      ['owner', 'submitter'],
      ['other', 'submitter'],
      ['editor', 'editor'],
      ['plain', undefined],
    ] as const) {
      await createAccount(t.app, name, `${name} password 1`, role ? { role } : {});
      tokens[name] = await signIn(t.app, name, `${name} password 1`);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const headers = (who?: string) => ({
    ...(who ? withToken(tokens[who] as string) : {}),
    'content-type': 'application/xml',
  });
  const fileOf = (id: string, metadata: Metadata = completeMetadata()) =>
    writeIso19139(
      { id, type: 'dataset', modified: '2025-01-01T00:00:00Z', metadata },
      seededVocabularies,
    );
  const post = (url: string, body: string, who?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: headers(who), payload: body });
  const importInto = (id: string, version: number, body: string, who?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/object/${id}/import?version=${version}`,
      headers: headers(who),
      payload: body,
    });
  const check = async (body: string, who: string) => {
    const res = await post('/object/import/check', body, who);
    expect(res.statusCode, res.body).toBe(200);
    return ImportCheck.parse(res.json());
  };
  const imported = async (body: string, who: string) => {
    const res = await post('/object/import', body, who);
    expect(res.statusCode, res.body).toBe(201);
    return ObjectNormal.parse(res.json());
  };
  const expectExists = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(409);
    const body = ErrorBody.parse(res.json());
    expect(body.code).toBe('record.exists');
    return body;
  };

  it('refuses visitors (401) and users without a publishing role (403) before reading the file', async () => {
    const file = fileOf('GuardedFile-0000001');
    const first = await imported(file, 'owner');
    expect((await post('/object/import/check', file)).statusCode).toBe(401);
    expect((await post('/object/import/check', file, 'plain')).statusCode).toBe(403);
    // Saving over a record is judged like `PUT /object`: a draft others may not see is 404.
    expect((await importInto(first.id, first.version, file)).statusCode).toBe(404);
    expect((await importInto(first.id, first.version, file, 'plain')).statusCode).toBe(404);
    expect((await post('/object/import/check', '<not-xml', 'owner')).statusCode).toBe(400);
  });

  it('answers 409 record.exists naming the record for a second import of a foreign file', async () => {
    const file = fileOf('Foreign-uuid-42-0001', completeMetadata({ title: { de: 'Erster' } }));
    const first = await imported(file, 'owner');
    const body = expectExists(await post('/object/import', file, 'owner'));
    expect(body.message).toContain(first.id);
    expect(await check(file, 'owner')).toEqual({
      fileIdentifier: 'Foreign-uuid-42-0001',
      existing: {
        id: first.id,
        version: first.version,
        state: 'draft',
        title: { de: 'Erster' },
        writable: true,
      },
      hidden: false,
    });
    // Nothing was stored by the refused import: the owner still has one record of it.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/object?owner=me&rows=100',
      headers: withToken(tokens.owner as string),
    });
    const titles = mine.json().docs.map((d: { title: { de?: string } }) => d.title.de);
    expect(titles.filter((title: string | undefined) => title === 'Erster')).toHaveLength(1);
  });

  it('recognises its own export, whose file identifier is the record id', async () => {
    const first = await imported(fileOf('OwnExport-source-01'), 'owner');
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/v1/object/${first.id}?format=iso19139`,
      headers: withToken(tokens.owner as string),
    });
    expectExists(await post('/object/import', exported.body, 'owner'));
    expect((await check(exported.body, 'owner')).existing?.id).toBe(first.id);
  });

  it('imports a copy with an identifier of its own, leaving the file identifier to the original', async () => {
    const file = fileOf('CopyMe-file-000001');
    const first = await imported(file, 'owner');
    const copy = await post('/object/import?as=copy', file, 'owner');
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = ObjectNormal.parse(copy.json());
    expect(copied.id).not.toBe(first.id);
    expect(copied.metadata).toEqual(first.metadata);
    // Later imports still find the original, not the copy.
    expect((await check(file, 'owner')).existing?.id).toBe(first.id);
    expect((await post('/object/import?as=bogus', file, 'owner')).statusCode).toBe(400);
  });

  it('updates the existing record as a new version, with the lost-update check', async () => {
    const first = await imported(
      fileOf('UpdateMe-file-00001', completeMetadata({ title: { de: 'Alt' } })),
      'owner',
    );
    const newer = fileOf('UpdateMe-file-00001', completeMetadata({ title: { de: 'Neu' } }));
    const res = await importInto(first.id, first.version, newer, 'owner');
    expect(res.statusCode, res.body).toBe(200);
    const saved = ObjectNormal.parse(res.json());
    expect(saved).toMatchObject({ id: first.id, version: first.version + 1, state: 'draft' });
    expect(saved.metadata.title).toEqual({ de: 'Neu' });
    // A second update from the same stale version is the usual conflict; nothing changes.
    const stale = await importInto(first.id, first.version, fileOf('x-0000000001'), 'owner');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('object.version_conflict');
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/object/${first.id}`,
      headers: withToken(tokens.owner as string),
    });
    expect(stored.json()).toMatchObject({
      version: first.version + 1,
      metadata: { title: { de: 'Neu' } },
    });
  });

  it('tells a user who may not read the existing record only that one exists', async () => {
    const file = fileOf('Private-draft-00001', completeMetadata({ title: { de: 'Geheim' } }));
    const first = await imported(file, 'owner');
    const body = expectExists(await post('/object/import', file, 'other'));
    expect(body.message).not.toContain(first.id);
    expect(body.message).not.toContain('Geheim');
    const seen = await check(file, 'other');
    expect(seen).toEqual({ fileIdentifier: 'Private-draft-00001', existing: null, hidden: true });
    expect(JSON.stringify(seen)).not.toContain(first.id);
    // Saving over it is the same 404 as for a record that does not exist.
    const update = await importInto(first.id, first.version, file, 'other');
    expect(update.statusCode).toBe(404);
    expect(update.json().code).toBe('object.not_found');
    // A copy is theirs to make.
    expect((await post('/object/import?as=copy', file, 'other')).statusCode).toBe(201);
    // An editor reads every record, so the editor is told which one it is.
    expect((await check(file, 'editor')).existing).toMatchObject({ id: first.id, writable: false });
  });

  it('says so when the caller may read but not write the existing record', async () => {
    const file = fileOf('Submitted-file-0001', completeMetadata());
    const first = await imported(file, 'owner');
    const submit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/object/${first.id}/state`,
      headers: withToken(tokens.owner as string),
      payload: { state: 'submitted' },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect((await check(file, 'owner')).existing).toMatchObject({
      id: first.id,
      state: 'submitted',
      writable: false,
    });
    const update = await importInto(first.id, first.version + 1, file, 'owner');
    expect(update.statusCode).toBe(403);
  });

  it('imports a file without a file identifier as before', async () => {
    const withoutId = fileOf('Dropped-ident-00001').replace(
      /<gmd:fileIdentifier>[\s\S]*?<\/gmd:fileIdentifier>/,
      '',
    );
    expect(withoutId).not.toContain('fileIdentifier');
    await imported(withoutId, 'owner');
    await imported(withoutId, 'owner');
    expect(await check(withoutId, 'owner')).toEqual({
      fileIdentifier: null,
      existing: null,
      hidden: false,
    });
  });
});
