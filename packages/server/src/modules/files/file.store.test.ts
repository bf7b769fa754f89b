import { randomBytes } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import * as repo from './file.repository.js';
import { collectBlob } from './file.service.js';
import {
  createCallers,
  dbState,
  diskState,
  fileUrl,
  jsonCaller,
  recordFixture,
  sha256,
  upload,
} from './files.test-helpers.js';
import { BlobStore, LimitExceededError } from './store.js';

async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('blob store', () => {
  it('hashes, counts and recognises UTF-8 text split across chunks', async () => {
    const store = new BlobStore(
      path.join(await import('node:os').then((os) => os.tmpdir()), `bs-${Date.now()}`),
    );
    await store.init();
    const text = Buffer.from('Grüße, 日本, 🌍!');
    // One byte per chunk splits every multi-byte character.
    const one = await store.receive(Readable.from([...text].map((b) => Buffer.from([b]))));
    expect(one).toMatchObject({ sha256: sha256(text), size: text.length, utf8Text: true });
    const cut = await store.receive(Readable.from([text.subarray(0, text.length - 2)]));
    expect(cut.utf8Text).toBe(false); // ends inside a character
    const binary = await store.receive(Readable.from([Buffer.from([0xff, 0xfe, 0x41])]));
    expect(binary.utf8Text).toBe(false);
    await expect(
      store.receive(Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), { limit: 15 }),
    ).rejects.toBeInstanceOf(LimitExceededError);
    // Only the three successful temporaries remain; the one over the limit is gone.
    expect((await readdir(store.tmpDir)).length).toBe(3);
  });
});

describe.each(testDatabases)('file store on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const as = (who: string) => ({ accesstoken: tokens[who] as string });

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves nothing behind when the client disconnects mid-upload', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const before = await dbState(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'geoportal-disconnect';
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/object/${id}/data/upload`,
      headers: { ...as('owner'), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => {}); // the abort below
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nbig.bin\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`,
    );
    req.write(randomBytes(256 * 1024));
    const tmp = path.join(t.config.dataDir, 'blobs', 'tmp');
    await until(async () => (await readdir(tmp)).length > 0, 'the temporary to appear');
    req.destroy();
    await until(async () => (await readdir(tmp)).length === 0, 'the temporary to be removed');
    const after = await dbState(t.app);
    expect(after.files).toEqual(before.files);
    expect(after.blobs).toEqual(before.blobs);
    expect(after.bundles.filter((b) => b.object_id === id)).toEqual([]);
    expect((await diskState(t.config.dataDir)).blobs).toEqual(after.blobs);
    // The server still serves.
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
  });

  it('keeps every file row pointing at bytes under concurrent uploads and deletes of equal content', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const content = `same bytes ${Date.now()}`;
    const api = jsonCaller(t.app);
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 6; i++) {
        work.push(upload(t.app, id, 'race', { path: `f${i}.txt`, content }, as('owner')));
        work.push(api('DELETE', `/object/${id}/race/delete/f${(i + 1) % 6}.txt`, as('owner')));
      }
    }
    await Promise.all(work);
    const db = await dbState(t.app);
    const disk = await diskState(t.config.dataDir);
    for (const file of db.files) expect(disk.blobs).toContain(file.sha256);
    expect(disk.temporaries).toEqual([]);
    const rows = db.files.filter((f) => f.object_id === id);
    for (const row of rows) {
      const res = await t.app.inject({ url: fileUrl(id, 'race', row.path), headers: as('owner') });
      expect(res.body).toBe(content);
    }
  });

  it('never collects a blob a file uses', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const res = await upload(
      t.app,
      id,
      'data',
      { path: 'keep.txt', content: 'keep me' },
      as('owner'),
    );
    const hash = res.json().file.sha256 as string;
    expect(await collectBlob({ db: t.app.db, store: t.app.blobStore }, hash)).toBe(false);
    expect(await t.app.blobStore.exists(hash)).toBe(true);
  });

  it('collects the blobs of a deleted record at once, but not those another record shares', async () => {
    const doomed = await recordFixture(t.app, tokens);
    const other = await recordFixture(t.app, tokens);
    const own = `only in the deleted record ${Date.now()}`;
    const shared = `in both records ${Date.now()}`;
    for (const [id, path, content] of [
      [doomed.id, 'own.txt', own],
      [doomed.id, 'shared.txt', shared],
      [doomed.id, 'again.txt', own], // the same blob twice in one record
      [other.id, 'shared.txt', shared],
    ] as const) {
      expect((await upload(t.app, id, 'data', { path, content }, as('owner'))).statusCode).toBe(
        201,
      );
    }
    const api = jsonCaller(t.app);
    expect((await api('DELETE', `/object/${doomed.id}`, as('owner'))).statusCode).toBe(204);
    // No sweep in between: the answer comes once the unused bytes are gone.
    const disk = await diskState(t.config.dataDir);
    const db = await dbState(t.app);
    expect(disk.blobs).not.toContain(sha256(own));
    expect(db.blobs).not.toContain(sha256(own));
    expect(disk.blobs).toContain(sha256(shared));
    expect(db.blobs).toContain(sha256(shared));
    const res = await t.app.inject({
      url: fileUrl(other.id, 'data', 'shared.txt'),
      headers: as('owner'),
    });
    expect(res.body).toBe(shared);
    // A refused delete (another submitter's draft: 404) collects nothing.
    const kept = `kept after a refused delete ${Date.now()}`;
    await upload(t.app, other.id, 'data', { path: 'kept.txt', content: kept }, as('owner'));
    expect((await api('DELETE', `/object/${other.id}`, as('otherSubmitter'))).statusCode).toBe(404);
    expect((await diskState(t.config.dataDir)).blobs).toContain(sha256(kept));
  });

  it('restarts clean: left-over temporaries and unused blobs go, used blobs stay', async () => {
    const { id } = await recordFixture(t.app, tokens);
    const kept = await upload(
      t.app,
      id,
      'data',
      { path: 'kept.txt', content: 'kept' },
      as('owner'),
    );
    expect(kept.statusCode).toBe(201);
    const store = t.app.blobStore;
    // What a kill mid-upload leaves: a temporary (here an hour and more old, so that even a
    // store shared with other processes counts it as left over) …
    const stale = path.join(store.tmpDir, 'stale.part');
    await writeFile(stale, 'half an upload');
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(stale, old, old);
    // … and, killed between moving the bytes and committing the file row, an unused blob.
    const orphan = randomBytes(32).toString('hex');
    await mkdir(path.dirname(store.blobPath(orphan)), { recursive: true });
    await writeFile(store.blobPath(orphan), 'orphan');
    await repo.ensureBlobRow(t.app.db, {
      sha256: orphan,
      size: 6,
      media_type: 'text/plain',
      created_at: new Date(),
    });
    await t.app.close();

    const again = await buildApp(t.config);
    try {
      const disk = await diskState(t.config.dataDir);
      expect(disk.temporaries).toEqual([]);
      expect(disk.blobs).not.toContain(orphan);
      expect(disk.blobs).toContain(sha256('kept'));
      expect((await dbState(again)).blobs).not.toContain(orphan);
      const res = await again.inject({
        url: fileUrl(id, 'data', 'kept.txt'),
        headers: as('owner'),
      });
      expect(res.body).toBe('kept');
    } finally {
      await again.close();
      // `t.close()` in afterAll closes the already closed app again and removes the data.
      t.app = again;
    }
  });
});
