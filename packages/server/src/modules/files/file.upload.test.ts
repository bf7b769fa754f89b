import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../test/access-helpers.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  createCallers,
  dbState,
  diskState,
  fileUrl,
  jsonCaller,
  multipart,
  recordFixture,
  sha256,
  upload,
} from './files.test-helpers.js';

const LIMIT = 4096;

describe.each(testDatabases)('upload on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const as = (who: string) => ({ accesstoken: tokens[who] as string });

  beforeAll(async () => {
    t = await createTestApp(database, { MAX_UPLOAD_BYTES: String(LIMIT) });
    tokens = await createCallers(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Nothing of a refused upload may remain: no temporaries, no blobs, no rows. */
  async function expectNothingStored(objectId: string) {
    expect((await diskState(t.config.dataDir)).temporaries).toEqual([]);
    const db = await dbState(t.app);
    expect(db.files.filter((f) => f.object_id === objectId)).toEqual([]);
    expect(db.bundles.filter((b) => b.object_id === objectId)).toEqual([]);
    // Every blob on disk has a row and every row its file: nothing half-written.
    expect((await diskState(t.config.dataDir)).blobs).toEqual(db.blobs);
  }

  it('refuses visitors (401), other submitters (403) and unknown records (404) before reading', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const content = 'hello';
    // A draft of someone else is not even visible.
    expect((await upload(t.app, id, 'data', { content }, {})).statusCode).toBe(404);
    expect((await upload(t.app, id, 'data', { content }, as('otherSubmitter'))).statusCode).toBe(
      404,
    );
    const pub = await recordFixture(t.app, tokens, 'published');
    expect((await upload(t.app, pub.id, 'data', { content }, {})).statusCode).toBe(401);
    expect(
      (await upload(t.app, pub.id, 'data', { content }, as('otherSubmitter'))).statusCode,
    ).toBe(403);
    await expectNothingStored(pub.id);
    expect(
      (await upload(t.app, 'no-such-object-1', 'data', { content }, as('owner'))).json().code,
    ).toBe('object.not_found');
    await expectNothingStored(id);
  });

  it('stores a file: 201 with the entry, the bytes under their hash, bundle created', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const content = '{"type":"FeatureCollection","features":[]}';
    const res = await upload(
      t.app,
      id,
      'data',
      { path: 'Karten/übersicht.geojson', name: 'ignored.bin', content },
      as('owner'),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      url: `/api/v1/object/${id}/data/Karten/%C3%BCbersicht.geojson`,
      type: 'application/geo+json',
      size: Buffer.byteLength(content),
      filename: 'übersicht.geojson',
      file: {
        path: 'Karten/übersicht.geojson',
        sha256: sha256(content),
        mediaType: 'application/geo+json',
        index: false,
      },
    });
    const hash = sha256(content);
    const onDisk = path.join(t.config.dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash);
    expect(await readFile(onDisk, 'utf8')).toBe(content);
    const detailed = await apiCaller(t.app)('GET', `/object/${id}`, {
      ...as('owner'),
      accept: 'application/json; detail=detailed',
    });
    expect(detailed.json().bundles).toEqual([
      { name: 'data', display: true, description: '', order: 0, files: [body.file] },
    ]);
    expect((await diskState(t.config.dataDir)).temporaries).toEqual([]);
  });

  it('takes the part’s file name when no filename field is sent', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const res = await upload(
      t.app,
      id,
      'docs',
      { name: 'readme.txt', content: 'plain' },
      as('owner'),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().file).toMatchObject({ path: 'readme.txt', mediaType: 'text/plain' });
  });

  it('sniffs the media type from the bytes, not from the name or the client', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const cases: [string, Buffer | string, string][] = [
      ['bild.txt', png, 'image/png'], // a binary signature beats the extension
      ['daten.json', '{"a":1}', 'application/json'],
      ['tabelle.csv', 'a;b\n1;2\n', 'text/csv'],
      ['seite.html', '<html><script>alert(1)</script></html>', 'text/html'],
      ['grafik.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
      [
        'grafik2.svg',
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
        'image/svg+xml',
      ],
      ['meta.xml', '<?xml version="1.0"?><a/>', 'application/xml'],
      ['latin1.json', Buffer.from([0x7b, 0xe4, 0x7d]), 'application/octet-stream'], // not UTF-8
      ['null-byte.txt', Buffer.from('a\u0000b'), 'application/octet-stream'],
      ['ohne-endung', 'Grüße', 'text/plain'],
    ];
    for (const [name, content, expected] of cases) {
      const body = multipart([
        { name: 'filename', value: name },
        { name: 'file', filename: name, content, type: 'image/png' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/object/${id}/media/upload`,
        headers: { ...as('owner'), ...body.headers },
        payload: body.payload,
      });
      expect({ name, type: res.json().type }).toEqual({ name, type: expected });
    }
  });

  it('accepts exactly MAX_UPLOAD_BYTES; one byte more is 413 and leaves nothing', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const exact = await upload(
      t.app,
      id,
      'data',
      { path: 'exact.bin', content: Buffer.alloc(LIMIT, 1) },
      as('owner'),
    );
    expect(exact.statusCode).toBe(201);
    const before = await dbState(t.app);
    const { id: other } = await recordFixture(t.app, tokens);
    const over = await upload(
      t.app,
      other,
      'data',
      { path: 'over.bin', content: Buffer.alloc(LIMIT + 1, 2) },
      as('owner'),
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ status: 413, code: 'request.too_large' });
    await expectNothingStored(other);
    expect((await dbState(t.app)).blobs).toEqual(before.blobs);
  });

  it('refuses bad paths and bundle names with 400 and stores nothing', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const bad: [string, string][] = [
      ['../etwas.txt', 'dotSegment'],
      ['/etc/passwd', 'absolute'],
      ['C:/x.txt', 'absolute'],
      ['a\\b.txt', 'forbiddenCharacter'],
      ['a\u0000b', 'forbiddenCharacter'],
      ['ordner//x', 'emptySegment'],
      ['CON.txt', 'reservedName'],
      ['x.', 'trailingDotOrSpace'],
      ['a'.repeat(256), 'segmentTooLong'],
      ['try', 'reservedPath'],
      ['accessKey/required', 'reservedPath'],
    ];
    for (const [name, problem] of bad) {
      // The name goes first, so it is refused before any byte is stored.
      const res = await upload(t.app, id, 'data', { path: name, content: 'x' }, as('owner'));
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({
        name,
        status: 400,
        code: 'file.path_invalid',
      });
      expect(res.json().message).toContain(`(${problem})`);
    }
    // The name after the file: checked once the bytes are in, then thrown away.
    const late = multipart([
      { name: 'file', filename: 'x.bin', content: 'bytes' },
      { name: 'filename', value: 'a/../b' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/object/${id}/data/upload`,
      headers: { ...as('owner'), ...late.headers },
      payload: late.payload,
    });
    expect(res.json().code).toBe('file.path_invalid');
    for (const bundle of ['Data', 'try', 'upload', 'preview', 'state', '-x', 'a'.repeat(65)]) {
      const r = await upload(t.app, id, bundle, { path: 'x.txt', content: 'x' }, as('owner'));
      expect({ bundle, status: r.statusCode, code: r.json().code }).toEqual({
        bundle,
        status: 400,
        code: 'request.validation',
      });
    }
    await expectNothingStored(id);
  });

  it('refuses bodies that are not one file part: 415 for JSON, 400 otherwise', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const json = await apiCaller(t.app)('POST', `/object/${id}/data/upload`, as('owner'), { a: 1 });
    expect(json.statusCode).toBe(415);
    const send = (payload: Buffer | string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/object/${id}/data/upload`,
        headers: { ...as('owner'), 'content-type': type },
        payload,
      });
    const noFile = multipart([{ name: 'filename', value: 'a.txt' }]);
    expect((await send(noFile.payload, noFile.headers['content-type'])).json().code).toBe(
      'file.upload_invalid',
    );
    const two = multipart([
      { name: 'file', filename: 'a.txt', content: 'a' },
      { name: 'file', filename: 'b.txt', content: 'b' },
    ]);
    expect((await send(two.payload, two.headers['content-type'])).json().code).toBe(
      'file.upload_invalid',
    );
    const cut = multipart([{ name: 'file', filename: 'a.txt', content: 'abcdef' }]);
    const truncated = await send(
      cut.payload.subarray(0, cut.payload.length - 20),
      cut.headers['content-type'],
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().code).toBe('file.upload_invalid');
    const noBoundary = await send('garbage', 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    await expectNothingStored(id);
  });

  it('replaces a file at the same path, keeps one row, collects the old blob', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const first = await upload(
      t.app,
      id,
      'data',
      { path: 'a/b.txt', content: 'first version' },
      as('owner'),
    );
    expect(first.statusCode).toBe(201);
    await jsonCaller(t.app)('PUT', `/object/${id}/data/index/a/b.txt`, as('owner'), true);
    const second = await upload(
      t.app,
      id,
      'data',
      { path: 'a/b.txt', content: 'second version' },
      as('owner'),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().file.index).toBe(true); // the index flag stays with the path
    const rows = (await dbState(t.app)).files.filter((f) => f.object_id === id);
    expect(rows).toEqual([
      { object_id: id, bundle: 'data', path: 'a/b.txt', sha256: sha256('second version') },
    ]);
    const disk = await diskState(t.config.dataDir);
    expect(disk.blobs).not.toContain(sha256('first version'));
    expect((await dbState(t.app)).blobs).not.toContain(sha256('first version'));
    const download = await t.app.inject({
      url: fileUrl(id, 'data', 'a/b.txt'),
      headers: as('owner'),
    });
    expect(download.body).toBe('second version');
  });

  it('stores equal content once and keeps it while any file uses it', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const { id: other } = await recordFixture(t.app, tokens);
    const content = `shared ${Date.now()}`;
    const hash = sha256(content);
    for (const [obj, p] of [
      [id, 'one.txt'],
      [id, 'copy/two.txt'],
      [other, 'three.txt'],
    ] as const) {
      expect((await upload(t.app, obj, 'data', { path: p, content }, as('owner'))).statusCode).toBe(
        201,
      );
    }
    const count = (list: string[]) => list.filter((h) => h === hash).length;
    expect(count((await diskState(t.config.dataDir)).blobs)).toBe(1);
    expect(count((await dbState(t.app)).blobs)).toBe(1);
    const del = (obj: string, p: string) =>
      apiCaller(t.app)('DELETE', `/object/${obj}/data/delete/${p}`, as('owner'));
    expect((await del(id, 'one.txt')).statusCode).toBe(204);
    expect((await del(id, 'copy/two.txt')).statusCode).toBe(204);
    expect(count((await diskState(t.config.dataDir)).blobs)).toBe(1); // still used by `other`
    expect((await del(other, 'three.txt')).statusCode).toBe(204);
    expect(count((await diskState(t.config.dataDir)).blobs)).toBe(0);
    expect(count((await dbState(t.app)).blobs)).toBe(0);
  });

  it('lets editors upload to submitted records and write keys to drafts only, not read keys', async () => {
    const sub = await recordFixture(t.app, tokens, 'submitted');
    expect(
      (await upload(t.app, sub.id, 'data', { path: 'e.txt', content: 'e' }, as('editor')))
        .statusCode,
    ).toBe(201);
    expect(
      (await upload(t.app, sub.id, 'data', { path: 'o.txt', content: 'o' }, as('owner')))
        .statusCode,
    ).toBe(403);
    const pub = await recordFixture(t.app, tokens, 'published');
    expect(
      (
        await upload(
          t.app,
          pub.id,
          'data',
          { path: 'k.txt', content: 'k' },
          pub.headers('writeKey'),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await upload(t.app, pub.id, 'data', { path: 'r.txt', content: 'r' }, pub.headers('readKey')))
        .statusCode,
    ).toBe(403);
    const draft = await recordFixture(t.app, tokens, 'draft');
    expect(
      (
        await upload(
          t.app,
          draft.id,
          'data',
          { path: 'k.txt', content: 'k' },
          draft.headers('writeKey'),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('orders bundles by creation, then name, in the detailed view', async () => {
    const { id } = await recordFixture(t.app, tokens);
    for (const bundle of ['zeta', 'alpha', 'mid']) {
      await upload(t.app, id, bundle, { path: 'f.txt', content: bundle }, as('owner'));
    }
    const res = await apiCaller(t.app)('GET', `/object/${id}`, {
      ...as('owner'),
      accept: 'application/json; detail=detailed',
    });
    expect(
      res.json().bundles.map((b: { name: string; order: number }) => [b.name, b.order]),
    ).toEqual([
      ['zeta', 0],
      ['alpha', 1],
      ['mid', 2],
    ]);
  });
});
