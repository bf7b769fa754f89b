import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, until } from '../../test/process-helpers.js';
import { diskState, multipart, sha256 } from './files.test-helpers.js';

/**
 * The built server killed (SIGKILL, no shutdown hooks) in the middle of an upload, then
 * started again on the same data folder: the start-up sweep leaves neither a temporary nor
 * a file row nor a blob without a row, and uploads work again.
 */
const mainJs = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<unknown>;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
        return (await fetch(`${server.url}/api/v1/health`).catch(() => undefined))?.ok ?? false;
      },
      'the server to become healthy',
      20_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

describe('a server killed mid-upload', () => {
  let dataDir: string;
  const running: Server[] = [];
  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run "npm run build" first`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-kill-'));
  });
  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  // Two starts of a real process: about 10 s on a quiet machine, several times that on a busy one.
  it('restarts with no temporary, no file row and no unused blob; uploads work again', {
    timeout: 90_000,
  }, async () => {
    const first = await startServer(dataDir);
    running.push(first);
    const signIn = async (server: Server) => {
      const res = await fetch(`${server.url}/api/v1/access/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'submitter', password: 'submitter-demo' }),
      });
      expect(res.status).toBe(200);
      return { accesstoken: ((await res.json()) as { id: string }).id };
    };
    const auth = await signIn(first);
    const created = await fetch(`${first.url}/api/v1/object`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'dataset', metadata: { title: { de: 'Kill' } } }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    const before = await diskState(dataDir);

    // A large upload whose body arrives slowly: the server is killed while it streams.
    const boundary = 'geoportal-kill';
    const req = httpRequest({
      host: '127.0.0.1',
      port: first.port,
      method: 'POST',
      path: `/api/v1/object/${id}/data/upload`,
      headers: {
        ...auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(64 * 1024 * 1024),
      },
    });
    req.on('error', () => {}); // the connection dies with the server
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nbig.bin\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`,
    );
    const trickle = setInterval(() => req.write(randomBytes(64 * 1024)), 50);
    try {
      const tmp = path.join(dataDir, 'blobs', 'tmp');
      await until(
        async () => (await readdir(tmp).catch(() => [])).length > 0,
        'the upload temporary to appear',
        10_000,
      );
      first.child.kill('SIGKILL');
      await first.exited;
    } finally {
      clearInterval(trickle);
      req.destroy();
    }
    // The kill left the temporary behind; the restart must sweep it.
    expect((await diskState(dataDir)).temporaries.length).toBeGreaterThan(0);

    const second = await startServer(dataDir);
    running.push(second);
    const health = await fetch(`${second.url}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });
    const afterRestart = await diskState(dataDir);
    expect(afterRestart.temporaries).toEqual([]);
    expect(afterRestart.blobs).toEqual(before.blobs);

    const auth2 = await signIn(second);
    const detailed = async () => {
      const res = await fetch(`${second.url}/api/v1/object/${id}`, {
        headers: { ...auth2, accept: 'application/json; detail=detailed' },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { bundles: { files: unknown[] }[] }).bundles;
    };
    expect(await detailed()).toEqual([]);

    // A new small upload works and downloads byte for byte.
    const content = randomBytes(4096);
    const body = multipart([
      { name: 'filename', value: 'small.bin' },
      { name: 'file', filename: 'small.bin', content },
    ]);
    const uploaded = await fetch(`${second.url}/api/v1/object/${id}/data/upload`, {
      method: 'POST',
      headers: { ...auth2, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status).toBe(201);
    expect(((await uploaded.json()) as { file: { sha256: string } }).file.sha256).toBe(
      sha256(content),
    );
    const downloaded = await fetch(`${second.url}/api/v1/object/${id}/data/small.bin`, {
      headers: auth2,
    });
    expect(downloaded.status).toBe(200);
    expect(sha256(Buffer.from(await downloaded.arrayBuffer()))).toBe(sha256(content));
    expect(await detailed()).toHaveLength(1);
    const final = await diskState(dataDir);
    expect(final.blobs.sort()).toEqual([...before.blobs, sha256(content)].sort());
    expect(final.temporaries).toEqual([]);

    second.child.kill('SIGTERM');
    await second.exited;
  });
});
