import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normaliseFilePath } from '@geoportal/contract/files';
import { propertyRuns } from '@geoportal/contract/testing/property-runs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/test-app.js';
import {
  createCallers,
  diskState,
  fileUrl,
  recordFixture,
  sha256,
  upload,
} from './files.test-helpers.js';

/** Pieces that make hostile names: dots, separators, look-alikes, controls, combining marks. */
const pieces = [
  'a',
  'Ä',
  '.',
  '..',
  '/',
  '\\',
  '\u0000',
  '\u001f',
  '%2e',
  '%2f',
  '％',
  '／', // fullwidth solidus
  '∕', // division slash
  '\u0301', // combining acute accent: "e\u0301" must become "é"
  'e',
  '\u202e', // right-to-left override
  '\u200b', // zero-width space
  ' ',
  ':',
  '*',
  'CON',
  'nul',
  '~',
  '-',
  'ﬁ',
];
const hostileName = fc
  .array(fc.constantFrom(...pieces), { minLength: 0, maxLength: 8 })
  .map((parts) => parts.join(''));

describe.each(testDatabases)('file paths through the API on $name', (database) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let id: string;
  const as = (who: string) => ({ accesstoken: tokens[who] as string });

  beforeAll(async () => {
    t = await createTestApp(database);
    tokens = await createCallers(t.app);
    id = (await recordFixture(t.app, tokens)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores every good name as its NFC form (and downloads it), refuses every bad one with 400', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, async (name) => {
        const expected = normaliseFilePath(name);
        const content = `bytes of ${JSON.stringify(name)}`;
        const res = await upload(t.app, id, 'fuzz', { path: name, content }, as('owner'));
        const reserved = expected.ok && ['try', 'accessKey/required'].includes(expected.path);
        if (!expected.ok || reserved) {
          expect(res.statusCode).toBe(400);
          expect(res.json().code).toBe('file.path_invalid');
          return;
        }
        expect(res.statusCode).toBe(201);
        expect(res.json().file.path).toBe(name.normalize('NFC'));
        const back = await t.app.inject({
          url: fileUrl(id, 'fuzz', expected.path),
          headers: as('owner'),
        });
        expect(back.statusCode).toBe(200);
        expect(back.body).toBe(content);
      }),
      propertyRuns(80),
    );
    // Whatever the names were, the store holds only hash-named blobs and no temporaries.
    const disk = await diskState(t.config.dataDir);
    expect(disk.temporaries).toEqual([]);
    for (const blob of disk.blobs) expect(blob).toMatch(/^[0-9a-f]{64}$/);
    const rows = await t.app.db.selectFrom('blob').select('sha256').execute();
    expect(disk.blobs.sort()).toEqual(rows.map((r) => r.sha256).sort());
  });

  it('refuses encoded dot segments and separators sent raw over HTTP', async () => {
    await upload(t.app, id, 'data', { path: 'inside.txt', content: 'inside' }, as('owner'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method, path, headers: as('owner') },
          (res) => {
            let body = '';
            res.on('data', (c) => {
              body += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const base = `/api/v1/object/${id}/data`;
    for (const path of [
      `${base}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      `${base}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      `${base}/..%2F..%2Fdb`,
      `${base}/.%2e/inside.txt`,
      `${base}/x%5c..%5c..%5cdb`,
      `${base}/inside.txt%00.png`,
      `${base}/%2e`,
    ]) {
      const get = await raw('GET', path);
      expect({ path, status: get.status }).toEqual({ path, status: 400 });
      const del = await raw('DELETE', path.replace('/data/', '/data/delete/'));
      expect({ path, status: del.status }).toEqual({ path, status: 400 });
    }
    // Malformed percent-encoding is refused by the router, also with 400.
    expect((await raw('GET', `${base}/%C0%AE%C0%AE/db`)).status).toBe(400);
    const ok = await raw('GET', `${base}/inside.txt`);
    expect(ok.status).toBe(200);
    expect(sha256(ok.body)).toBe(sha256('inside'));
  });
});
