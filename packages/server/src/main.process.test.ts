import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/process-helpers.js';

/**
 * The real built server as a child process, the way `npm start` runs it: start-up on a
 * fresh data folder, serving, graceful shutdown on SIGTERM, and data surviving a restart.
 */
const mainJs = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

// Every process a test starts, so that one a failed or timed-out test left running is stopped.
const started = new Set<ChildProcess>();

function runServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  started.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      started.delete(child);
      resolve(code);
    }),
  );
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const server = runServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`Server exited:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/v1/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`Server did not become healthy:\n${server.output()}`);
}

async function withDatabase<T>(dataDir: string, use: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, 'db'));
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

describe('the built server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run "npm run build" first`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'geoportal-process-'));
  });
  afterAll(async () => {
    for (const child of started) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves, stops cleanly on SIGTERM, and keeps its data across a restart', async () => {
    // First start on an empty folder: migrations and the seed hook write their rows.
    const first = await startServer(dataDir);
    const page = await fetch(`${first.url}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/<header[\s\S]*<main[\s\S]*<footer/);
    const unknown = await fetch(`${first.url}/api/v1/unknown`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'route.not_found' });

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`${first.url}/search`).then((res) => res.status);
    await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGTERM');
    expect(await inFlight).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly');
    expect(first.output()).toContain('New demo database');

    // While it is stopped, write a row of our own next to the server's rows.
    const seededBefore = await withDatabase(dataDir, async (db) => {
      await db.exec('create table restart_probe (note text primary key)');
      await db.query('insert into restart_probe values ($1)', ['written while stopped']);
      return (await db.query('select name, applied_at from seed_run order by name')).rows;
    });
    expect(seededBefore.length).toBeGreaterThanOrEqual(2);

    // Second start on the same folder: nothing is seeded again.
    const second = await startServer(dataDir);
    const health = await fetch(`${second.url}/api/v1/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });
    // Files modules read at run time are in dist too (the build copies them beside the code).
    const schemas = await fetch(
      `${second.url}/csw?service=CSW&version=2.0.2&request=DescribeRecord`,
    );
    expect(schemas.status).toBe(200);
    expect(await schemas.text()).toContain('<csw:SchemaComponent');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toContain('New demo database');

    await withDatabase(dataDir, async (db) => {
      const probe = await db.query('select note from restart_probe');
      expect(probe.rows).toEqual([{ note: 'written while stopped' }]);
      const seededAfter = (await db.query('select name, applied_at from seed_run order by name'))
        .rows;
      expect(seededAfter).toEqual(seededBefore);
    });
  }, 180_000); // two starts of a fresh process, each up to a minute on a busy machine

  it('refuses to start on bad configuration and names every bad variable', async () => {
    const server = runServer({ PORT: 'eighty', LOG_LEVEL: 'loud', DATA_DIR: dataDir });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT="eighty"');
    expect(server.output()).toContain('LOG_LEVEL="loud"');
  });
});
