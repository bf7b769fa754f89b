import { randomBytes } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import { createCallers, jsonCaller, recordFixture, sha256, upload } from './files.test-helpers.js';

/** One entry of a ZIP as its central directory describes it, with its bytes. */
interface ZipEntry {
  name: string;
  method: number;
  utf8: boolean;
  data: Buffer;
}

/**
 * Reads a ZIP from its central directory (no ZIP64, no comment: what the server writes for
 * test-sized bundles), so the test checks the archive without trusting the writer's library.
 */
function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.push({
      name,
      method,
      utf8: (flags & 0x800) !== 0,
      data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** File descriptors of this process that point into `dir` (Linux; empty elsewhere). */
async function openFilesUnder(dir: string): Promise<string[]> {
  const fds = await readdir('/proc/self/fd').catch(() => [] as string[]);
  const targets = await Promise.all(
    fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((target) => target.startsWith(dir));
}

/**
 * Bundle ZIPs (Files issue point 3): `GET /object/{id}/{bundle}?format=zip` and the same on
 * bearer and access-key URLs; streamed, same read checks as files, and a client that goes
 * away mid-download leaves nothing open.
 */
describe.each(testDatabases)('bundle ZIP on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let draft: Awaited<ReturnType<typeof recordFixture>>;
  const as = (who: string) => ({ accesstoken: tokens[who] as string });
  const binary = randomBytes(70_000);
  const contents: Record<string, Buffer> = {
    'a.txt': Buffer.from('alpha '.repeat(1000)),
    'folder/b ü.bin': binary,
    'empty.txt': Buffer.alloc(0),
  };
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/api/v1${url}`, headers });
  async function put(id: string, bundle: string, p: string, content: Buffer) {
    const res = await upload(t.app, id, bundle, { path: p, content }, as('administrator'));
    expect(res.statusCode, res.body).toBe(201);
  }
  function expectBundle(
    res: { statusCode: number; rawPayload: Buffer; body: string },
    files: Record<string, Buffer>,
  ) {
    expect(res.statusCode, res.body).toBe(200);
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(Object.keys(files).sort());
    for (const entry of entries) {
      expect(sha256(entry.data), entry.name).toBe(sha256(files[entry.name] as Buffer));
    }
    return entries;
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
    draft = await recordFixture(t.app, tokens, 'draft');
    for (const [p, content] of Object.entries(contents)) await put(draft.id, 'data', p, content);
    await put(draft.id, 'hidden', 'h.txt', Buffer.from('hidden'));
    const hide = await jsonCaller(t.app)(
      'PUT',
      `/object/${draft.id}/hidden/display`,
      as('administrator'),
      false,
    );
    expect(hide.statusCode).toBe(204);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds every file of the bundle under its stored path, byte for byte', async () => {
    const res = await get(`/object/${draft.id}/data?format=zip`, as('owner'));
    const entries = expectBundle(res, contents);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="data\.zip"/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Streamed: the length is not known before the end.
    expect(res.headers['content-length']).toBeUndefined();
    // Non-ASCII names are flagged as UTF-8 so that unpackers do not read them as CP437.
    expect(entries.find((e) => e.name === 'folder/b ü.bin')?.utf8).toBe(true);
    // Text is deflated.
    expect(entries.find((e) => e.name === 'a.txt')?.method).toBe(8);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get(`/object/${draft.id}/data?format=zip`, as('owner'), 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.rawPayload).toHaveLength(0);
  });

  it('has the read checks of files: drafts never leak, hidden bundles only for writers', async () => {
    const code = async (url: string, headers: Record<string, string>) => {
      const res = await get(url, headers);
      return [res.statusCode, res.statusCode === 200 ? 'zip' : res.json().code];
    };
    const data = `/object/${draft.id}/data?format=zip`;
    const hidden = `/object/${draft.id}/hidden?format=zip`;
    expect(await code(data, {})).toEqual([404, 'object.not_found']);
    expect(await code(data, as('otherSubmitter'))).toEqual([404, 'object.not_found']);
    expect(await code(data, draft.headers('readKey'))).toEqual([200, 'zip']);
    expect(await code(hidden, draft.headers('readKey'))).toEqual([404, 'bundle.not_found']);
    expect(await code(hidden, draft.headers('writeKey'))).toEqual([200, 'zip']);
    expect(await code(hidden, as('owner'))).toEqual([200, 'zip']);
    expect(await code(`/object/${draft.id}/nothing?format=zip`, as('owner'))).toEqual([
      404,
      'bundle.not_found',
    ]);
    expect(await code(`/object/${draft.id}/data`, as('owner'))).toEqual([
      400,
      'request.validation',
    ]);
    expect(await code(`/object/${draft.id}/data?format=tar`, as('owner'))).toEqual([
      400,
      'request.validation',
    ]);
    // A file called `zip` is still a file: the ZIP has its own URL.
    await put(draft.id, 'other', 'zip', Buffer.from('not an archive'));
    const file = await get(`/object/${draft.id}/other/zip`, as('owner'));
    expect(file.body).toBe('not an archive');
  });

  it('comes through bearer and access-key URLs too', async () => {
    const issued = await jsonCaller(t.app)('POST', `/object/${draft.id}/data/bearer`, as('owner'));
    const prefix = issued.json().prefix as string;
    const bearerZip = await t.app.inject({
      method: 'GET',
      url: `${prefix.slice(0, -1)}?format=zip`,
    });
    expectBundle(bearerZip, contents);
    expect(bearerZip.headers['referrer-policy']).toBe('no-referrer');
    const token = issued.json().token as string;
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const bad = await get(`/object/bearer-${draft.id}/data/${tampered}?format=zip`);
    expect([bad.statusCode, bad.json().code]).toEqual([403, 'file.token_invalid']);
    const otherBundle = await get(`/object/bearer-${draft.id}/hidden/${token}?format=zip`);
    expect([otherBundle.statusCode, otherBundle.json().code]).toEqual([403, 'file.token_invalid']);

    const keyed = await get(
      `/object/accesskey-${draft.id}/data/${draft.secrets.readKey}?format=zip`,
    );
    expectBundle(keyed, contents);
    const keyedHidden = await get(
      `/object/accesskey-${draft.id}/hidden/${draft.secrets.readKey}?format=zip`,
    );
    expect([keyedHidden.statusCode, keyedHidden.json().code]).toEqual([404, 'bundle.not_found']);
    const writeHidden = await get(
      `/object/accesskey-${draft.id}/hidden/${draft.secrets.writeKey}?format=zip`,
    );
    expectBundle(writeHidden, { 'h.txt': Buffer.from('hidden') });
    const wrong = await get(`/object/accesskey-${draft.id}/data/nope.nope?format=zip`);
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'file.token_invalid']);
  });

  it('a client that disconnects mid-ZIP leaves no file open and the server serving', async () => {
    const big: Record<string, Buffer> = {};
    for (const name of ['1.bin', '2.bin', '3.bin']) {
      big[name] = randomBytes(8 * 1024 * 1024);
      await put(draft.id, 'big', name, big[name] as Buffer);
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const blobs = path.join(t.config.dataDir, 'blobs');
    const url = `http://127.0.0.1:${port}/api/v1/object/${draft.id}/big?format=zip`;

    // Read one chunk, then hang up.
    const firstChunk = await new Promise<number>((resolve, reject) => {
      const req = http.get(url, { headers: as('owner') }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.length);
          req.destroy();
        });
        res.once('error', () => undefined);
      });
      req.on('error', (error) => {
        if (!req.destroyed) reject(error);
      });
    });
    expect(firstChunk).toBeGreaterThan(0);
    // The server notices the closed socket, destroys the archive and closes the blob.
    let open: string[] = [];
    for (let i = 0; i < 100; i++) {
      open = await openFilesUnder(blobs);
      if (open.length === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(open).toEqual([]);

    // The next request works, and a whole ZIP over a real socket is complete and exact.
    const whole = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(url, { headers: as('owner') }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    const entries = readZip(whole);
    expect(entries.map((e) => [e.name, sha256(e.data)])).toEqual(
      Object.entries(big).map(([name, bytes]) => [name, sha256(bytes)]),
    );
    expect(await openFilesUnder(blobs)).toEqual([]);
  }, 60_000);
});
