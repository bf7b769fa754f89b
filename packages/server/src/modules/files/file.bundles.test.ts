import { fileLimits } from '@geoportal/contract/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { createCallers, jsonCaller, recordFixture, upload } from './files.test-helpers.js';

describe.each(testDatabases)('bundle settings on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const as = (who: string) => ({ accesstoken: tokens[who] as string });
  const api = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const detailed = async (id: string, headers: Record<string, string>) =>
    (
      await api('GET', `/object/${id}`, { ...headers, accept: 'application/json; detail=detailed' })
    ).json().bundles;

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets the description and display flag; hidden bundles vanish for readers', async () => {
    const rec = await recordFixture(t.app, tokens, 'published');
    await upload(t.app, rec.id, 'data', { path: 'a.txt', content: 'a' }, as('editor'));
    expect(
      (await api('PUT', `/object/${rec.id}/data/description`, as('editor'), '  Rohdaten  '))
        .statusCode,
    ).toBe(204);
    expect((await detailed(rec.id, {}))[0]).toMatchObject({
      name: 'data',
      description: 'Rohdaten',
      display: true,
    });
    expect(
      (await api('PUT', `/object/${rec.id}/data/display`, as('editor'), false)).statusCode,
    ).toBe(204);
    expect(await detailed(rec.id, {})).toEqual([]);
    expect(await detailed(rec.id, rec.headers('readKey'))).toEqual([]);
    // A write key writes drafts only, so it does not see a published record's hidden bundle.
    expect(await detailed(rec.id, rec.headers('writeKey'))).toEqual([]);
    expect((await detailed(rec.id, as('editor')))[0]).toMatchObject({ display: false });
    expect((await api('GET', `/object/${rec.id}/data/a.txt`)).json().code).toBe('file.not_found');
    expect((await api('GET', `/object/${rec.id}/data/try`)).json().code).toBe('bundle.not_found');
    expect(
      (await api('PUT', `/object/${rec.id}/data/display`, as('editor'), true)).statusCode,
    ).toBe(204);
    expect((await api('GET', `/object/${rec.id}/data/a.txt`)).statusCode).toBe(200);
  });

  it('validates the bodies and the bundle', async () => {
    const rec = await recordFixture(t.app, tokens);
    await upload(t.app, rec.id, 'data', { path: 'a.txt', content: 'a' }, as('owner'));
    const bad = [
      ['PUT', `/object/${rec.id}/data/display`, 'yes'],
      ['PUT', `/object/${rec.id}/data/description`, 42],
      ['PUT', `/object/${rec.id}/data/description`, 'x'.repeat(fileLimits.descriptionMax + 1)],
      ['PUT', `/object/${rec.id}/data/index/a.txt`, 'true'],
      ['PUT', `/object/${rec.id}/Data/display`, true],
    ] as const;
    for (const [method, url, body] of bad) {
      const res = await api(method, url, as('owner'), body);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        status: 400,
        code: 'request.validation',
      });
    }
    expect(
      (await api('PUT', `/object/${rec.id}/nope/display`, as('owner'), true)).json().code,
    ).toBe('bundle.not_found');
    expect(
      (await api('PUT', `/object/${rec.id}/data/index/nope.txt`, as('owner'), true)).json().code,
    ).toBe('file.not_found');
    expect(
      (await api('DELETE', `/object/${rec.id}/data/delete/nope.txt`, as('owner'))).json().code,
    ).toBe('file.not_found');
    expect(
      (await api('DELETE', `/object/${rec.id}/data/delete/a%2F..%2Fb`, as('owner'))).json().code,
    ).toBe('file.path_invalid');
  });

  it('keeps at most one index file per bundle', async () => {
    const rec = await recordFixture(t.app, tokens);
    for (const p of ['one.txt', 'sub/two.txt']) {
      await upload(t.app, rec.id, 'data', { path: p, content: p }, as('owner'));
    }
    await upload(t.app, rec.id, 'other', { path: 'three.txt', content: '3' }, as('owner'));
    const index = async () =>
      (await detailed(rec.id, as('owner'))).flatMap(
        (b: { name: string; files: { path: string; index: boolean }[] }) =>
          b.files.filter((f) => f.index).map((f) => `${b.name}/${f.path}`),
      );
    await api('PUT', `/object/${rec.id}/data/index/one.txt`, as('owner'), true);
    await api('PUT', `/object/${rec.id}/other/index/three.txt`, as('owner'), true);
    expect(await index()).toEqual(['data/one.txt', 'other/three.txt']);
    await api('PUT', `/object/${rec.id}/data/index/sub/two.txt`, as('owner'), true);
    expect(await index()).toEqual(['data/sub/two.txt', 'other/three.txt']);
    await api('PUT', `/object/${rec.id}/data/index/one.txt`, as('owner'), false); // not the index: no change
    expect(await index()).toEqual(['data/sub/two.txt', 'other/three.txt']);
    await api('PUT', `/object/${rec.id}/data/index/sub%2Ftwo.txt`, as('owner'), false);
    expect(await index()).toEqual(['other/three.txt']);
    // The database itself refuses a second index file.
    await t.app.db
      .updateTable('file')
      .set({ is_index: true })
      .where('object_id', '=', rec.id)
      .where('bundle', '=', 'data')
      .execute()
      .then(
        () => expect.unreachable('two index files were accepted'),
        (error: Error) => expect(error.message).toMatch(/unique|duplicate/i),
      );
  });

  it('deletes a file; the bundle stays; deleting the record removes its rows', async () => {
    const rec = await recordFixture(t.app, tokens);
    await upload(t.app, rec.id, 'data', { path: 'dir/x.txt', content: 'x' }, as('owner'));
    expect(
      (await api('DELETE', `/object/${rec.id}/data/delete/dir/x.txt`, as('owner'))).statusCode,
    ).toBe(204);
    expect(await detailed(rec.id, as('owner'))).toMatchObject([{ name: 'data', files: [] }]);
    await upload(t.app, rec.id, 'data', { path: 'y.txt', content: 'y' }, as('owner'));
    expect((await api('DELETE', `/object/${rec.id}`, as('owner'))).statusCode).toBe(204);
    const rows = await t.app.db
      .selectFrom('file')
      .select('path')
      .where('object_id', '=', rec.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
