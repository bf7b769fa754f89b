import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sha256 } from '../modules/files/files.test-helpers.js';
import { freePort, until } from '../test/process-helpers.js';

/**
 * Hardening point 2, with the built server as child processes: the embedded database is held
 * by one process (a second start on the same DATA_DIR is refused, naming the first; a killed
 * holder does not block the next start), while the file store stays shareable between
 * processes on one PostgreSQL server (TEST_DATABASE_URL), including a start during an upload.
 */
const mainJs = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const started = new Set<ChildProcess>();

async function spawnServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      resolve(code);
    }),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function healthy(server: Server): Promise<boolean> {
  const res = await fetch(`${server.url}/api/v1/health`).catch(() => undefined);
  return res?.ok ?? false;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const server = await spawnServer(env);
  await until(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      return healthy(server);
    },
    'the server to become healthy',
    60_000,
  );
  return server;
}

async function signIn(server: Server, username = 'submitter', password = 'submitter-demo') {
  const res = await fetch(`${server.url}/api/v1/access/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return { accesstoken: ((await res.json()) as { id: string }).id };
}

async function createRecord(server: Server, auth: Record<string, string>, title: string) {
  const res = await fetch(`${server.url}/api/v1/object`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'dataset', metadata: { title: { de: title } } }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function download(server: Server, auth: Record<string, string>, id: string, file: string) {
  const res = await fetch(`${server.url}/api/v1/object/${id}/data/${file}`, { headers: auth });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
});

beforeAll(() => {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run "npm run build" first`);
});

describe('the embedded database is held by one process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-lock-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Three starts of a real process: about 15 s on a quiet machine, more on a busy one.
  it('refuses a second server on the same DATA_DIR, names the first, and the first keeps serving; a killed holder does not block the next start', {
    timeout: 180_000,
  }, async () => {
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'true' };
    const first = await startServer(env);
    const auth = await signIn(first);
    const kept = await createRecord(first, auth, 'Written by the first');

    const second = await spawnServer(env);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(code).toBe(75);
    expect(second.output()).toContain(
      `in use by another Geoportal process (pid ${first.child.pid})`,
    );
    expect(second.output()).toContain(path.join(dataDir, 'db'));

    // The first was not disturbed: it still serves and writes.
    expect(await healthy(first)).toBe(true);
    const later = await createRecord(first, auth, 'Written after the refused start');
    const read = await fetch(`${first.url}/api/v1/object/${kept}`, { headers: auth });
    expect(read.status).toBe(200);

    // Killed without any clean-up: the kernel drops the lock, the next start succeeds at once.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startServer(env);
    const auth3 = await signIn(third);
    for (const id of [kept, later]) {
      const res = await fetch(`${third.url}/api/v1/object/${id}`, { headers: auth3 });
      expect(res.status).toBe(200);
    }
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('servers on one PostgreSQL share one DATA_DIR', () => {
  let dataDir: string;
  const schema = `test_share_${randomBytes(6).toString('hex')}`;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-shared-'));
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl as string,
      DATABASE_SCHEMA: schema,
      DEMO_DATA: 'true',
    };
  });
  afterAll(async () => {
    for (const child of started) child.kill('SIGKILL');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an upload through one downloads through the other; a start during an upload leaves it intact', {
    timeout: 240_000,
  }, async () => {
    const a = await startServer(env);
    const b = await startServer(env);
    const authA = await signIn(a);
    const authB = await signIn(b);
    const id = await createRecord(a, authA, 'Shared store');

    const content = randomBytes(64 * 1024);
    const small = multipart([
      { name: 'filename', value: 'small.bin' },
      { name: 'file', filename: 'small.bin', content },
    ]);
    const uploaded = await fetch(`${a.url}/api/v1/object/${id}/data/upload`, {
      method: 'POST',
      headers: { ...authA, ...small.headers },
      body: new Uint8Array(small.payload),
    });
    expect(uploaded.status).toBe(201);
    expect(sha256(await download(b, authB, id, 'small.bin'))).toBe(sha256(content));

    // An upload through A whose body is held back half-way while a third server starts on
    // the same PostgreSQL and DATA_DIR (its start-up sweep runs then).
    const big = randomBytes(4 * 1024 * 1024);
    const body = multipart([
      { name: 'filename', value: 'big.bin' },
      { name: 'file', filename: 'big.bin', content: big },
    ]);
    const half = Math.floor(body.payload.length / 2);
    let finishUpload: () => void = () => {};
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: a.port,
          method: 'POST',
          path: `/api/v1/object/${id}/data/upload`,
          headers: {
            ...authA,
            ...body.headers,
            'content-length': String(body.payload.length),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.payload.subarray(0, half));
      finishUpload = () => req.end(body.payload.subarray(half));
    });
    const tmp = path.join(dataDir, 'blobs', 'tmp');
    await until(
      async () => (await readdir(tmp).catch(() => [])).length > 0,
      'the upload temporary to appear',
      20_000,
    );
    const temporaries = await readdir(tmp);

    const c = await startServer(env);
    expect(await readdir(tmp)).toEqual(expect.arrayContaining(temporaries));

    finishUpload();
    const result = await answer;
    expect(result.status, result.body).toBe(201);
    const authC = await signIn(c);
    for (const [server, auth] of [
      [a, authA],
      [b, authB],
      [c, authC],
    ] as const) {
      expect(sha256(await download(server, auth, id, 'big.bin'))).toBe(sha256(big));
    }
    expect(await readdir(tmp)).toEqual([]);

    for (const server of [a, b, c]) server.child.kill('SIGTERM');
    for (const server of [a, b, c]) expect(await server.exited).toBe(0);
  });
});
