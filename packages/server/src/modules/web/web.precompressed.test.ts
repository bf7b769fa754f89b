import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { WebConfig } from '@geoportal/contract/web-config';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../../http/compression.js';
import { registerWebApp } from './web.routes.js';

const precompressScript = fileURLToPath(
  new URL('../../../../web/scripts/precompress.mjs', import.meta.url),
);

// A script of about 40 KB that shrinks well, like the build's chunks.
const script = Array.from(
  { length: 800 },
  (_, index) => `export const label${index} = 'Messstelle ${index}';`,
).join('\n');
const tiny = 'export const x = 1;';

/**
 * The client build's files go out as the build compressed them (brotli 11, gzip 9), written
 * by the web package's `scripts/precompress.mjs`, run here on a small build folder.
 */
describe('precompressed client files', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'geoportal-web-'));
    await mkdir(path.join(dir, 'client', 'assets'), { recursive: true });
    await mkdir(path.join(dir, 'server'), { recursive: true });
    await writeFile(path.join(dir, 'client', 'assets', 'chunk-AbC123.js'), script);
    await writeFile(path.join(dir, 'client', 'assets', 'tiny-AbC123.js'), tiny);
    // The renderer is not asked for here; it only has to be there.
    await writeFile(
      path.join(dir, 'server', 'index.js'),
      'export const entry = { module: { createLoadContext: () => ({}), createRequestHandler: () => async () => new Response("page") } };',
    );
    const run = spawnSync(process.execPath, [precompressScript, path.join(dir, 'client')], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);

    app = Fastify();
    app.decorateReply('scriptNonce', '');
    await registerCompression(app);
    await registerWebApp(app, { dir }, {} as WebConfig);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files, none for files under 1 KiB', async () => {
    expect((await readdir(path.join(dir, 'client', 'assets'))).sort()).toEqual([
      'chunk-AbC123.js',
      'chunk-AbC123.js.br',
      'chunk-AbC123.js.gz',
      'tiny-AbC123.js',
    ]);
  });

  it('sends the brotli copy to browsers that accept it, and its bytes are the file', async () => {
    const res = await app.inject({
      url: '/assets/chunk-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    // Quality 11 beats what compressing per request (quality 4) reaches on the same bytes.
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends the gzip copy to gzip-only clients and the plain file to the rest', async () => {
    const gz = await app.inject({
      url: '/assets/chunk-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/chunk-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('still answers a file without copies', async () => {
    // Compressed per request as before (a file stream has no length to hold against 1 KiB).
    const res = await app.inject({
      url: '/assets/tiny-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    const bytes =
      res.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : res.rawPayload;
    expect(bytes.toString()).toBe(tiny);
  });
});
